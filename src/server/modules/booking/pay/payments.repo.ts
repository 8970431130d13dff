// Queries for payments, payouts and Stripe's event log. Each takes the caller's transaction.
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { PaymentProviderName } from '../../../../shared/api/payments';
import type { Db } from '../../../db/database';
import { appointments, assessments, payments, payouts, quotes, stripeEvents } from '../../../db/schema';

export type PaymentRow = typeof payments.$inferSelect;

export async function findPayment(db: Db, id: number): Promise<PaymentRow | undefined> {
  const [row] = await db.select().from(payments).where(eq(payments.id, id));
  return row;
}

export async function findPaymentByAppointment(db: Db, appointmentId: number): Promise<PaymentRow | undefined> {
  const [row] = await db.select().from(payments).where(eq(payments.appointmentId, appointmentId));
  return row;
}

export async function findPaymentByClientSecret(db: Db, clientSecret: string): Promise<PaymentRow | undefined> {
  const [row] = await db.select().from(payments).where(eq(payments.clientSecret, clientSecret));
  return row;
}

export async function findPaymentByProviderRef(db: Db, provider: PaymentProviderName, ref: string): Promise<PaymentRow | undefined> {
  const [row] = await db.select().from(payments).where(and(eq(payments.provider, provider), eq(payments.providerRef, ref)));
  return row;
}

/** The row locked for the rest of the transaction: a webhook and a test confirmation take turns. */
/** The id of the appointment's succeeded payment, if it was paid. */
export async function succeededPaymentIdOf(db: Db, appointmentId: number): Promise<number | undefined> {
  const [payment] = await db.select({ id: payments.id }).from(payments).where(and(eq(payments.appointmentId, appointmentId), eq(payments.status, 'succeeded')));
  return payment?.id;
}

export async function lockPayment(db: Db, id: number): Promise<PaymentRow | undefined> {
  const [row] = await db.select().from(payments).where(eq(payments.id, id)).for('update');
  return row;
}

/** The appointment's payment (at most one), locked for the rest of the transaction. */
export async function lockPaymentOfAppointment(db: Db, appointmentId: number): Promise<PaymentRow | undefined> {
  const [row] = await db.select().from(payments).where(eq(payments.appointmentId, appointmentId)).for('update');
  return row;
}

/** Inserts the booking's payment, or nothing when another request already did (one per appointment). */
export async function insertPayment(db: Db, values: typeof payments.$inferInsert): Promise<PaymentRow | undefined> {
  const [row] = await db.insert(payments).values(values).onConflictDoNothing().returning();
  return row;
}

export async function updatePayment(db: Db, id: number, values: Partial<Pick<PaymentRow, 'amountPence' | 'startWithinCancellationPeriod'>>): Promise<void> {
  await db.update(payments).set({ ...values, updatedAt: new Date() }).where(eq(payments.id, id));
}

/** D14: the repairer's share, owed from payment; the repairer is filled in when one accepts the job. */
export async function insertOwedPayout(db: Db, values: { paymentId: number; repairerId: number | null; amountPence: number }): Promise<void> {
  await db.insert(payouts).values(values).onConflictDoNothing();
}

export async function unreleasedPayoutIds(db: Db, paymentId: number): Promise<number[]> {
  const rows = await db
    .select({ id: payouts.id })
    .from(payouts)
    .where(and(eq(payouts.paymentId, paymentId), inArray(payouts.status, ['owed', 'held'])));
  return rows.map((row) => row.id);
}

/** Records a Stripe event id; false when it was recorded before (a replayed delivery). */
export async function recordStripeEvent(db: Db, id: string, type: string): Promise<boolean> {
  const rows = await db.insert(stripeEvents).values({ id, type }).onConflictDoNothing().returning({ id: stripeEvents.id });
  return rows.length === 1;
}

/** Who the booking e-mails go to, and what they say. */
export async function bookingEmailRecord(db: Db, appointmentId: number) {
  const [row] = await db
    .select({
      appointmentId: appointments.id,
      date: appointments.appointmentDate,
      slot: appointments.timeSlot,
      status: appointments.status,
      assessmentId: assessments.id,
      reference: assessments.reference,
      customerName: assessments.name,
      customerEmail: assessments.email,
      customerPhone: assessments.phone,
      smsConsentAt: appointments.smsConsentAt,
      totalPence: quotes.totalPence,
    })
    .from(appointments)
    .innerJoin(quotes, eq(quotes.id, appointments.quoteId))
    .innerJoin(assessments, eq(assessments.id, quotes.assessmentId))
    .where(eq(appointments.id, appointmentId));
  return row;
}

/**
 * Assigned appointments on these days whose reminder has not gone. A paid booking with no
 * technician (confirmed) is not reminded: "see you tomorrow" would promise a visit nobody is
 * making; the unassigned path tells that customer instead (docs/decisions/0027, 0029). Once a
 * technician takes it, the next sweep reminds them.
 */
export async function reminderCandidates(db: Db, fromDate: string, toDate: string) {
  return db
    .select({ id: appointments.id, date: appointments.appointmentDate, slot: appointments.timeSlot })
    .from(appointments)
    .where(
      and(
        eq(appointments.status, 'assigned'),
        isNull(appointments.reminderSentAt),
        sql`${appointments.appointmentDate} BETWEEN ${fromDate} AND ${toDate}`,
      ),
    )
    .orderBy(asc(appointments.id));
}

/** Marks the reminder sent, once: false when another run (or instance) already did. */
export async function claimReminder(db: Db, appointmentId: number, now: Date): Promise<boolean> {
  const rows = await db
    .update(appointments)
    .set({ reminderSentAt: now })
    .where(and(eq(appointments.id, appointmentId), isNull(appointments.reminderSentAt), eq(appointments.status, 'assigned')))
    .returning({ id: appointments.id });
  return rows.length === 1;
}

/**
 * Before an enquiry is deleted: its unpaid payment attempts go with it; a payment where money
 * moved (taken or refunded) is a record to keep, so the answer is false and nothing is deleted.
 */
export async function removeUnpaidPaymentsOfQuote(db: Db, quoteId: number): Promise<boolean> {
  const rows = await db.select({ status: payments.status }).from(payments).where(eq(payments.quoteId, quoteId)).for('update');
  if (rows.some((row) => row.status === 'succeeded' || row.status === 'refunded')) return false;
  await db.delete(payments).where(eq(payments.quoteId, quoteId));
  return true;
}
