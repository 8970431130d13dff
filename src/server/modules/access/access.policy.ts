// D10/D11: who may read a customer's records. Knowing an id is never enough.
import type { SessionUser } from '../auth/auth.service';

export interface Viewer {
  user: SessionUser | null;
  /** Assessments this browser holds a customer grant for (D10). */
  assessmentIds: number[];
}

export type CustomerRecordAccess = 'admin' | 'customer' | 'assigned-repairer' | 'none';

export function customerRecordAccess(
  viewer: Viewer,
  record: { assessmentId: number; assignedRepairerId?: number | null | undefined },
): CustomerRecordAccess {
  if (viewer.user?.role === 'admin') return 'admin';
  if (viewer.assessmentIds.includes(record.assessmentId)) return 'customer';
  if (
    viewer.user?.role === 'repairer' &&
    viewer.user.repairerId !== null &&
    record.assignedRepairerId !== undefined &&
    record.assignedRepairerId === viewer.user.repairerId
  ) {
    return 'assigned-repairer';
  }
  return 'none';
}
