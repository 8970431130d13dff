// The bookings module owns the appointments table; other modules ask it.
import { and, desc, eq, gt, gte, inArray, lte, sql } from 'drizzle-orm';
import { LIVE_APPOINTMENT_STATUSES } from '../../../shared/lifecycles/appointment';
import { epochMsSql } from '../../db/batch';
import type { Db } from '../../db/database';
import { appointments, assessments, payments, quotes } from '../../db/schema';
import { technicianProfileSql, type TechnicianProfileRecord } from './appointment/technician-profile';

export type AppointmentRow = typeof appointments.$inferSelect;

/** An appointment with what its view and its access check need, in one query. */
export interface AppointmentRecord {
  appointment: AppointmentRow;
  assessmentId: number;
  assignedRepairerId: number | null;
  totalPence: number;
  reference: string;
  paymentStatus: (typeof payments.$inferSelect)['status'] | null;
  /** D14: its succeeded payment's moment (epoch ms) and whether the customer asked to start inside the 14 days; null until paid. */
  cancellationPeriod: { paidAtMs: number; startRequested: boolean } | null;
  technician: string | null;
  /** Issue 37 item 3: the assigned technician as the customer sees them; null with none assigned. */
  technicianProfile: TechnicianProfileRecord | null;
  warranty: { startsDate: string; endsDate: string; months: number } | null;
  review: { rating: number; comment: string } | null;
  /** The technician's after photos (assessment_images kind 'after'), in the order sent. */
  afterPhotoIds: number[];
  /** Issue 37: its VAT invoice and credit note (invoices), oldest first. */
  invoices: { kind: 'invoice' | 'credit-note'; number: string }[];
}

/** The appointment's invoices as AppointmentRecord.invoices: shared by findAppointmentRecord and the batched read. */
export const invoicesSql = (appointmentId: string) => `coalesce((SELECT json_agg(json_build_object('kind', iv.kind, 'number', iv.facts->>'number') ORDER BY iv.number)
    FROM invoices iv WHERE iv.appointment_id = ${appointmentId}), '[]'::json)`;

/**
 * D14: the contract was made when the payment succeeded. The succeed transition sets
 * last_event_at to that moment (Stripe's event time, or the test-mode confirmation's) and nothing
 * moves it afterwards (a later failure is ignored); updated_at only stands in for a row without it.
 * Shared by findAppointmentRecord and the batched read (appointment-read.repo.ts).
 */
export const cancellationPeriodSql = (appointmentId: string) => `SELECT json_build_object(
    'paidAtMs', ${epochMsSql('coalesce(p.last_event_at, p.updated_at)')},
    'startRequested', p.start_within_cancellation_period)
  FROM payments p WHERE p.appointment_id = ${appointmentId} AND p.status = 'succeeded' ORDER BY p.id DESC LIMIT 1`;

export async function findAppointmentRecord(db: Db, id: number): Promise<AppointmentRecord | undefined> {
  const [row] = await db
    .select({
      appointment: appointments,
      assessmentId: quotes.assessmentId,
      assignedRepairerId: quotes.assignedRepairerId,
      totalPence: quotes.totalPence,
      reference: assessments.reference,
      // Its newest payment (checkout makes one per hold; a retry after a failure makes another).
      paymentStatus: sql<AppointmentRecord['paymentStatus']>`(
        SELECT ${payments.status} FROM ${payments} WHERE ${payments.appointmentId} = ${appointments.id}
        ORDER BY ${payments.id} DESC LIMIT 1)`,
      cancellationPeriod: sql<AppointmentRecord['cancellationPeriod']>`(${sql.raw(cancellationPeriodSql('"appointments"."id"'))})`,
      technician: sql<string | null>`(SELECT r.business_name FROM repairers r WHERE r.id = ${quotes.assignedRepairerId})`,
      technicianProfile: sql<TechnicianProfileRecord | null>`${sql.raw(technicianProfileSql('"quotes"."assigned_repairer_id"'))}`,
      warranty: sql<AppointmentRecord['warranty']>`(
        SELECT json_build_object('startsDate', w.starts_date::text, 'endsDate', w.ends_date::text, 'months', ${quotes.warrantyMonths})
        FROM warranties w WHERE w.appointment_id = ${appointments.id} ORDER BY w.id DESC LIMIT 1)`,
      review: sql<AppointmentRecord['review']>`(
        SELECT json_build_object('rating', rv.rating, 'comment', rv.comment) FROM repairer_reviews rv WHERE rv.appointment_id = ${appointments.id})`,
      afterPhotoIds: sql<number[]>`coalesce((
        SELECT json_agg(i.id ORDER BY i.position) FROM assessment_images i WHERE i.assessment_id = ${quotes.assessmentId} AND i.kind = 'after'), '[]'::json)`,
      invoices: sql<AppointmentRecord['invoices']>`${sql.raw(invoicesSql('"appointments"."id"'))}`,
    })
    .from(appointments)
    .innerJoin(quotes, eq(quotes.id, appointments.quoteId))
    .innerJoin(assessments, eq(assessments.id, quotes.assessmentId))
    .where(eq(appointments.id, id));
  return row;
}

/** The quote the appointment books, or undefined for no such appointment. */
export async function quoteIdOfAppointment(db: Db, id: number): Promise<number | undefined> {
  const [found] = await db.select({ quoteId: appointments.quoteId }).from(appointments).where(eq(appointments.id, id));
  return found?.quoteId;
}

/** When the customer reported a problem with the repair (null: they have not). */
export async function problemReportedAtOf(db: Db, id: number): Promise<Date | null> {
  const [appointment] = await db.select({ problemReportedAt: appointments.problemReportedAt }).from(appointments).where(eq(appointments.id, id));
  return appointment?.problemReportedAt ?? null;
}

/** The appointment's reminder is to be sent again (it moved to a new slot). */
export async function clearReminderSent(db: Db, id: number): Promise<void> {
  await db.update(appointments).set({ reminderSentAt: null }).where(eq(appointments.id, id));
}

/** The row locked for the rest of the transaction. */
/** Issue 38: the customer's agreement to texts about this booking (`at`), or its withdrawal (null). */
export async function setTextConsent(db: Db, id: number, at: Date | null): Promise<void> {
  await db.update(appointments).set({ smsConsentAt: at }).where(eq(appointments.id, id));
}

export async function lockAppointment(db: Db, id: number): Promise<AppointmentRow | undefined> {
  const [row] = await db.select().from(appointments).where(eq(appointments.id, id)).for('update');
  return row;
}

/** The quote's live (held, confirmed or assigned) appointment; at most one, by a unique index. */
export async function findLiveAppointmentOfQuote(db: Db, quoteId: number): Promise<AppointmentRow | undefined> {
  const [row] = await db
    .select()
    .from(appointments)
    .where(and(eq(appointments.quoteId, quoteId), inArray(appointments.status, [...LIVE_APPOINTMENT_STATUSES])))
    .orderBy(desc(appointments.id))
    .limit(1);
  return row;
}

/** The quote's most recent appointment in any state, if it ever had one. */
export async function findLatestAppointmentOfQuote(db: Db, quoteId: number): Promise<AppointmentRow | undefined> {
  const [row] = await db.select().from(appointments).where(eq(appointments.quoteId, quoteId)).orderBy(desc(appointments.id)).limit(1);
  return row;
}

export async function insertHeldAppointment(
  db: Db,
  values: { quoteId: number; appointmentDate: string; timeSlot: 'morning' | 'afternoon'; notes: string; holdExpiresAt: Date; smsConsentAt?: Date | null },
): Promise<AppointmentRow> {
  const [row] = await db
    .insert(appointments)
    .values({ ...values, status: 'held' })
    .returning();
  return row!;
}

/** Holds whose 30 minutes ran out by `now`, in id order after `afterId`; optionally only on these days. */
/**
 * The hold's first read, before its transaction: whose the quote is and its status (the grant is
 * checked on them), and whether a hold on `date` is past its expiry at `now` (then those lapse
 * before the claim, lapseExpiredHolds) — one statement instead of two. `date` null: not asked.
 */
export async function quoteToHold(db: Db, quoteId: number, date: string | null, now: Date): Promise<{ assessmentId: number; status: string; expiredHolds: boolean } | undefined> {
  const expired =
    date === null
      ? sql<boolean>`false`
      : sql<boolean>`EXISTS (SELECT 1 FROM ${appointments} WHERE ${appointments.status} = 'held' AND ${appointments.holdExpiresAt} <= ${now.toISOString()}::timestamptz AND ${appointments.appointmentDate} = ${date}::date)`;
  const [row] = await db.select({ assessmentId: quotes.assessmentId, status: quotes.status, expiredHolds: expired }).from(quotes).where(eq(quotes.id, quoteId));
  return row && { ...row, expiredHolds: row.expiredHolds === true };
}

export async function expiredHoldIds(db: Db, now: Date, options: { from?: string; to?: string; limit?: number; afterId?: number } = {}): Promise<number[]> {
  const rows = await db
    .select({ id: appointments.id })
    .from(appointments)
    .where(
      and(
        eq(appointments.status, 'held'),
        lte(appointments.holdExpiresAt, now),
        options.from ? gte(appointments.appointmentDate, options.from) : undefined,
        options.to ? lte(appointments.appointmentDate, options.to) : undefined,
        options.afterId !== undefined ? gt(appointments.id, options.afterId) : undefined,
      ),
    )
    // By id, so a sweep pages on after the last id it saw: a hold that failed is not found again.
    .orderBy(appointments.id)
    .limit(options.limit ?? 500);
  return rows.map((row) => row.id);
}
