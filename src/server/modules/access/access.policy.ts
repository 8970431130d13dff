// D10/D11: who may read a customer's records. Knowing an id is never enough.
import type { SessionUser, Viewer } from '../../kernel/viewer';

export type { Viewer };

/** The viewer a one-statement read decides for: the reader's session, and the record's assessment when the statement found the reader's grant for it. */
export function viewerOfRead(user: SessionUser | null, assessmentId: number, granted: boolean): Viewer {
  return { user, assessmentIds: granted ? [assessmentId] : [] };
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
