// The people and records every route-access case is checked against (D10, D11): built once
// per run with the factories, each record in the state the cases need.
import type { TestApp } from '../../helpers/app';
import { signInAs } from '../../helpers/app';
import { createAssessmentRecord, createImageRecord, createQuote, createUser } from '../../../src/server/db/factories';
import { createGrant } from '../../../src/server/modules/access';
import { appointments, jobNotifications } from '../../../src/server/db/schema';

export type Who = 'anonymous' | 'customer' | 'otherCustomer' | 'repairer' | 'assignedRepairer' | 'admin';

export interface Case {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: string;
  /** The registered route pattern this case covers. */
  route: string;
  expect: Partial<Record<Who, number>>;
  payload?: unknown;
  headers?: Record<string, string>;
}

export interface AccessWorld {
  cookies: Record<Who, string | undefined>;
  /** The customer's assessment: an approved quote, a photo, and a repairer assigned to the job. */
  assessmentId: number;
  imageId: number;
  /** Another customer's assessment, its quote still pending. */
  otherAssessmentId: number;
  /** A working access-link token for the customer's assessment. */
  customerToken: string;
  /** The customer's approved quote. */
  quoteId: number;
  /** The other customer's quote, still pending review (invisible to them, D12). */
  pendingQuoteId: number;
  /** A confirmed appointment on the customer's quote, far ahead (issue 11). */
  appointmentId: number;
  /** The repairer businesses of the two repairer accounts (issue 12). */
  repairerId: number;
  assignedRepairerId: number;
  /** An open job offer to `repairer` (not the assigned one), on the other customer's quote. */
  offerId: number;
}

export const everyone = (status: number): Partial<Record<Who, number>> => ({
  anonymous: status,
  customer: status,
  otherCustomer: status,
  repairer: status,
  assignedRepairer: status,
  admin: status,
});

/** Admin only: nobody else learns more than 401 (signed out) or 403 (signed in as a repairer). */
export const adminOnly = (status: number): Partial<Record<Who, number>> => ({
  anonymous: 401,
  customer: 401,
  otherCustomer: 401,
  repairer: 403,
  assignedRepairer: 403,
  admin: status,
});

export async function buildAccessWorld(t: TestApp): Promise<AccessWorld> {
  const db = t.database.db;
  const admin = await createUser(db, { role: 'admin' });
  const repairer = await createUser(db, { role: 'repairer' });
  const assigned = await createUser(db, { role: 'repairer' });
  const assessment = await createAssessmentRecord(db);
  const other = await createAssessmentRecord(db);
  const quote = await createQuote(db, { assessmentId: assessment.id, status: 'approved', assignmentStatus: 'assigned', assignedRepairerId: assigned.repairerId });
  const pendingQuote = await createQuote(db, { assessmentId: other.id, status: 'pending' });
  const [appointment] = await db
    .insert(appointments)
    .values({ quoteId: quote.id, appointmentDate: '2099-03-03', timeSlot: 'morning', status: 'confirmed' })
    .returning();
  const [offer] = await db
    .insert(jobNotifications)
    .values({ quoteId: pendingQuote.id, repairerId: repairer.repairerId!, expiresAt: new Date(Date.now() + 365 * 24 * 60 * 60 * 1000) })
    .returning();
  const image = await createImageRecord(db, { assessmentId: assessment.id });
  await t.app.deps.store.put(image.displayKey, Buffer.from('not really a jpeg'));
  const customer = await createGrant(db, assessment.id);
  const otherCustomer = await createGrant(db, other.id);
  return {
    cookies: {
      anonymous: undefined,
      customer: `ar_access=${customer.token}`,
      otherCustomer: `ar_access=${otherCustomer.token}`,
      repairer: await signInAs(t.app, repairer.email, repairer.password),
      assignedRepairer: await signInAs(t.app, assigned.email, assigned.password),
      admin: await signInAs(t.app, admin.email, admin.password),
    },
    assessmentId: assessment.id,
    imageId: image.id,
    otherAssessmentId: other.id,
    customerToken: customer.token,
    quoteId: quote.id,
    pendingQuoteId: pendingQuote.id,
    appointmentId: appointment!.id,
    repairerId: repairer.repairerId!,
    assignedRepairerId: assigned.repairerId!,
    offerId: offer!.id,
  };
}
