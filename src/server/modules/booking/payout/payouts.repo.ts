// The payouts table's queries (D14; issue 34 item 4: payouts are written only by the booking
// module): the pages a release run pays, the reads its steps make, the admin's lists of held
// and stuck payouts, and the share's changes as a job is accepted, taken back, completed and
// refunded. Status changes go through the payout lifecycle (db/transition.ts).
import { and, asc, desc, eq, gt, isNotNull, isNull, lte, or, sql } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import { PAYOUTS_IN_QUESTION_SHOWN } from '../../../../shared/api/appointments';
import type { Db } from '../../../db/database';
import { appointments, assessments, auditLog, payments, payouts, quotes, repairers } from '../../../db/schema';

export type PayoutRow = typeof payouts.$inferSelect;

/** A select from payouts (made `$dynamic()`), joined to its payment, appointment, quote, enquiry and repairer: the one join path of the admin's payout lists and the paid e-mail. */
function withJobAndTechnician<Query extends PgSelect>(query: Query) {
  return query
    .innerJoin(payments, eq(payments.id, payouts.paymentId))
    .innerJoin(appointments, eq(appointments.id, payments.appointmentId))
    .innerJoin(quotes, eq(quotes.id, appointments.quoteId))
    .innerJoin(assessments, eq(assessments.id, quotes.assessmentId))
    .innerJoin(repairers, eq(repairers.id, payouts.repairerId));
}

/** What a release pays: the share, its repairer and their connected account, and its appointment. */
export interface Payable {
  id: number;
  amountPence: number;
  repairerId: number | null;
  appointmentId: number | null;
  stripeAccountId: string | null;
}

/**
 * How long a sender's claim on a payout stands before another run takes it over: far longer than
 * one Stripe call can take (20 s timeout, 2 retries), so a run still waiting for Stripe is not
 * overtaken; if it were, the idempotency key still makes both calls one transfer.
 */
export const SENDING_LEASE_MINUTES = 10;

/** A `sending` claim nobody is acting on: let go after Stripe gave no answer, or older than the lease (its sender died). */
export function abandonedClaim(now: Date) {
  return or(isNull(payouts.sendingAt), lte(payouts.sendingAt, new Date(now.getTime() - SENDING_LEASE_MINUTES * 60 * 1000)));
}

/** The next page of payouts due now, after id `after`: owed, with a repairer, the job completed, and confirmed or 72 hours on, with no problem reported. */
export async function duePayouts(db: Db, now: Date, after: number, pageSize: number): Promise<Payable[]> {
  return db
    .select({ id: payouts.id, amountPence: payouts.amountPence, repairerId: payouts.repairerId, appointmentId: appointments.id, stripeAccountId: repairers.stripeAccountId })
    .from(payouts)
    .innerJoin(payments, eq(payments.id, payouts.paymentId))
    .innerJoin(appointments, eq(appointments.id, payments.appointmentId))
    .innerJoin(repairers, eq(repairers.id, payouts.repairerId))
    .where(
      and(
        gt(payouts.id, after),
        eq(payouts.status, 'owed'),
        isNotNull(payouts.repairerId),
        eq(appointments.status, 'completed'),
        isNull(appointments.problemReportedAt),
        or(isNotNull(appointments.customerConfirmedAt), lte(payouts.releaseAfterAt, now)),
      ),
    )
    .orderBy(payouts.id)
    .limit(pageSize);
}

/** The next page, after id `after`, of payouts claimed for a transfer that nobody is finishing: a crash, a lost instance, Stripe not answering. */
export async function abandonedSends(db: Db, now: Date, after: number, pageSize: number): Promise<Payable[]> {
  return db
    .select({ id: payouts.id, amountPence: payouts.amountPence, repairerId: payouts.repairerId, appointmentId: payments.appointmentId, stripeAccountId: repairers.stripeAccountId })
    .from(payouts)
    .innerJoin(payments, eq(payments.id, payouts.paymentId))
    .innerJoin(repairers, eq(repairers.id, payouts.repairerId))
    .where(and(gt(payouts.id, after), eq(payouts.status, 'sending'), abandonedClaim(now)))
    .orderBy(payouts.id)
    .limit(pageSize);
}

/** What the repairer's "you have been paid" e-mail says of the payout and its job. */
export async function paidEmailFacts(tx: Db, payoutId: number) {
  const [row] = await withJobAndTechnician(
    tx
      .select({
        amountPence: payouts.amountPence,
        email: repairers.email,
        contactName: repairers.contactName,
        businessName: repairers.businessName,
        damageType: assessments.damageType,
        city: assessments.city,
        postcode: assessments.postcode,
        appointmentDate: appointments.appointmentDate,
        timeSlot: appointments.timeSlot,
      })
      .from(payouts)
      .$dynamic(),
  ).where(eq(payouts.id, payoutId));
  return row;
}

export async function findPayout(db: Db, id: number): Promise<PayoutRow | undefined> {
  const [row] = await db.select().from(payouts).where(eq(payouts.id, id));
  return row;
}

/** The payout's row locked for the rest of the transaction. */
export async function lockPayout(tx: Db, id: number): Promise<PayoutRow | undefined> {
  const [payout] = await tx.select().from(payouts).where(eq(payouts.id, id)).for('update');
  return payout;
}

export async function payoutProviderRef(db: Db, id: number): Promise<string | null | undefined> {
  const [row] = await db.select({ providerRef: payouts.providerRef }).from(payouts).where(eq(payouts.id, id));
  return row?.providerRef;
}

export async function payoutStatus(db: Db, id: number) {
  const [current] = await db.select({ status: payouts.status }).from(payouts).where(eq(payouts.id, id));
  return current?.status;
}

/** The payout's status, share and appointment: what a reported transfer reversal is checked against. */
export async function payoutWithAppointment(db: Db, id: number) {
  const [row] = await db
    .select({ status: payouts.status, amountPence: payouts.amountPence, appointmentId: payments.appointmentId })
    .from(payouts)
    .innerJoin(payments, eq(payments.id, payouts.paymentId))
    .where(eq(payouts.id, id));
  return row;
}

/** A payout as an admin's release pays it, with its status (the repairer may be gone: no connected account then). */
export async function payableWithStatus(db: Db, id: number) {
  const [row] = await db
    .select({ id: payouts.id, status: payouts.status, amountPence: payouts.amountPence, repairerId: payouts.repairerId, appointmentId: payments.appointmentId, stripeAccountId: repairers.stripeAccountId })
    .from(payouts)
    .innerJoin(payments, eq(payments.id, payouts.paymentId))
    .leftJoin(repairers, eq(repairers.id, payouts.repairerId))
    .where(eq(payouts.id, id));
  return row;
}

/** The payment a payout shares in, with its quote and appointment. */
export async function paymentOfPayout(tx: Db, id: number) {
  const [found] = await tx
    .select({ paymentId: payouts.paymentId, quoteId: payments.quoteId, appointmentId: payments.appointmentId })
    .from(payouts)
    .innerJoin(payments, eq(payments.id, payouts.paymentId))
    .where(eq(payouts.id, id));
  return found;
}

/** The payout of the appointment's succeeded payment (locked, optionally, leaving the payment unlocked). */
export async function payoutOfAppointment(tx: Db, appointmentId: number, options: { lock?: boolean } = {}) {
  const query = tx
    .select({ id: payouts.id, status: payouts.status })
    .from(payouts)
    .innerJoin(payments, eq(payments.id, payouts.paymentId))
    .where(and(eq(payments.appointmentId, appointmentId), eq(payments.status, 'succeeded')));
  const [row] = options.lock ? await query.for('update', { of: payouts }) : await query;
  return row;
}

/** D14: the share owed since payment is now this repairer's (they accepted the job). */
export async function assignPayoutOfPayment(tx: Db, paymentId: number, repairerId: number, now: Date): Promise<void> {
  await tx.update(payouts).set({ repairerId, updatedAt: now }).where(eq(payouts.paymentId, paymentId));
}

/** D14: an owed share waits for whoever accepts next (the job was taken back). */
export async function unassignOwedPayoutOfPayment(tx: Db, paymentId: number): Promise<void> {
  await tx.update(payouts).set({ repairerId: null, updatedAt: new Date() }).where(and(eq(payouts.paymentId, paymentId), eq(payouts.status, 'owed')));
}

/** When the share is released without the customer's confirmation (the job was marked done). */
export async function setReleaseAfter(tx: Db, id: number, releaseAfterAt: Date, now: Date): Promise<void> {
  await tx.update(payouts).set({ releaseAfterAt, updatedAt: now }).where(eq(payouts.id, id));
}

/** Lets go of this claim (stamped `stamp`) on a payout still `sending`, so the next run asks Stripe at once. */
export async function letGoOfClaim(db: Db, id: number, stamp: Date): Promise<void> {
  await db
    .update(payouts)
    .set({ sendingAt: null, updatedAt: new Date() })
    .where(and(eq(payouts.id, id), eq(payouts.status, 'sending'), eq(payouts.sendingAt, stamp)));
}

/** Held payouts whose customer reported a problem, the latest report first (at most 100), with the job and the technician. */
export async function heldAfterProblems(db: Db) {
  const columns = {
    payoutId: payouts.id,
    appointmentId: appointments.id,
    reference: assessments.reference,
    customerName: assessments.name,
    customerEmail: assessments.email,
    technician: repairers.businessName,
    amountPence: payouts.amountPence,
    reportedAt: appointments.problemReportedAt,
    report: appointments.problemReport,
  };
  return withJobAndTechnician(db.select(columns).from(payouts).$dynamic())
    .where(and(eq(payouts.status, 'held'), isNotNull(appointments.problemReportedAt)))
    .orderBy(desc(appointments.problemReportedAt))
    .limit(100);
}

const shown = {
  payoutId: payouts.id,
  appointmentId: appointments.id,
  reference: assessments.reference,
  technician: repairers.businessName,
  amountPence: payouts.amountPence,
};

/**
 * The payouts in question, each list's first PAYOUTS_IN_QUESTION_SHOWN: held with no problem
 * reported (with what the latest audit line that held it says), and stuck being sent. Each row
 * carries how many its list matches in all, shown or not (counted before the limit).
 */
export async function payoutsInQuestionRows(db: Db) {
  // The transfers named by the latest audit line that held it (found by the entity index).
  const withheldBy = sql<{ transferIds?: string[]; shortPence?: number } | null>`(
    SELECT ${auditLog.detail} FROM ${auditLog}
    WHERE ${auditLog.entity} = 'payout' AND ${auditLog.entityId} = ${payouts.id} AND ${auditLog.action} = 'payout_withheld'
    ORDER BY ${auditLog.id} DESC LIMIT 1)`;
  const total = sql<number>`count(*) OVER ()`.mapWith(Number);
  return Promise.all([
    withJobAndTechnician(db.select({ ...shown, total, since: payouts.updatedAt, detail: withheldBy }).from(payouts).$dynamic())
      .where(and(eq(payouts.status, 'held'), isNull(appointments.problemReportedAt)))
      .orderBy(desc(payouts.updatedAt), desc(payouts.id))
      .limit(PAYOUTS_IN_QUESTION_SHOWN),
    withJobAndTechnician(db.select({ ...shown, total, sendingSince: payouts.sendingSince, sendingAt: payouts.sendingAt, updatedAt: payouts.updatedAt }).from(payouts).$dynamic())
      .where(eq(payouts.status, 'sending'))
      .orderBy(asc(payouts.id))
      .limit(PAYOUTS_IN_QUESTION_SHOWN),
  ]);
}
