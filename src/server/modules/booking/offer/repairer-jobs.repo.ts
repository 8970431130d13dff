// What a repairer reads of the jobs offered to them: one statement per list (issue 9's habit),
// the offer with its quote, its booking, the vehicle and damage, and the damage photos' ids.
// Whether the customer's identity is included is decided by the service (D11), never here.
import { and, eq, gte, inArray, isNull, lte, sql } from 'drizzle-orm';
import { dateOfEpochMs, epochMsSql } from '../../../db/batch';
import type { Database, Db } from '../../../db/database';
import { transition, TransitionConflictError } from '../../../db/transition';
import { QUOTE_JSON_SQL, quoteFromJson, type QuoteJson } from '../../quotes';
import { appointments, assessments, jobNotifications, quoteItems, quotes, repairerTimeOff } from '../../../db/schema';
import type { PayoutStatus } from '../../../../shared/lifecycles/payout';

const photoIds = sql<number[]>`coalesce((SELECT json_agg(i.id ORDER BY i.position) FROM assessment_images i WHERE i.assessment_id = ${assessments.id} AND i.kind = 'damage'), '[]'::json)`;
const workItems = sql<{ description: string; costPence: number }[]>`coalesce((SELECT json_agg(json_build_object('description', qi.description, 'costPence', qi.cost_pence) ORDER BY qi.position) FROM ${quoteItems} qi WHERE qi.quote_id = ${quotes.id}), '[]'::json)`;
// The booking the offer was for: the quote's latest made before the offer was sent (a job is
// offered once its booking is paid; a move keeps the row). A customer who cancels and books again
// makes a new booking, so an earlier offer keeps its own date and shows it cancelled, rather than
// taking the new booking's date (a browser review: three past offers showed one new date).
const BOOKING_OF_OFFER = (quoteId: string, sentAt: string) =>
  `(SELECT b.id FROM appointments b WHERE b.quote_id = ${quoteId} ORDER BY (b.created_at <= ${sentAt}) DESC, b.id DESC LIMIT 1)`;
const bookingId = sql<number | null>`${sql.raw(BOOKING_OF_OFFER('quotes.id', 'job_notifications.sent_at'))}`;

/**
 * The repairer's share of the booking's payment (D14), for the repairer who accepted the job
 * only: its lifecycle status, amount and times as epoch milliseconds. Null before anyone was
 * paid for the booking, and for a repairer whose offer was declined, expired or taken back.
 */
function payoutJsonSql(appointmentId: string, repairerId: string, notificationStatus: string): string {
  return `(SELECT json_build_object('status', po.status, 'amountPence', po.amount_pence,
      'releaseAfterAt', ${epochMsSql('po.release_after_at')}, 'releasedAt', ${epochMsSql('po.released_at')})
    FROM payouts po JOIN payments pm ON pm.id = po.payment_id
    WHERE pm.appointment_id = ${appointmentId} AND po.repairer_id = ${repairerId} AND ${notificationStatus} = 'accepted')`;
}
export interface PayoutJson {
  status: PayoutStatus;
  amountPence: number;
  releaseAfterAt: number | null;
  releasedAt: number | null;
}

const selection = {
  notification: jobNotifications,
  // What toQuoteView reads: the job carries SPEC's Quote.
  quote: {
    id: quotes.id,
    assessmentId: quotes.assessmentId,
    laborPence: quotes.laborPence,
    partsPence: quotes.partsPence,
    materialsPence: quotes.materialsPence,
    feePence: quotes.feePence,
    vatPence: quotes.vatPence,
    totalPence: quotes.totalPence,
    repairerPaymentPence: quotes.repairerPaymentPence,
    estimatedDays: quotes.estimatedDays,
    estimatedHours: quotes.estimatedHours,
    validUntilDate: quotes.validUntilDate,
    warrantyMonths: quotes.warrantyMonths,
    status: quotes.status,
    assignmentStatus: quotes.assignmentStatus,
    assignedRepairerId: quotes.assignedRepairerId,
    createdAt: quotes.createdAt,
    approvedAt: quotes.approvedAt,
  },
  assessment: {
    id: assessments.id,
    reference: assessments.reference,
    name: assessments.name,
    email: assessments.email,
    phone: assessments.phone,
    address: assessments.address,
    city: assessments.city,
    county: assessments.county,
    postcode: assessments.postcode,
    vehicleYear: assessments.vehicleYear,
    vehicleMake: assessments.vehicleMake,
    vehicleModel: assessments.vehicleModel,
    damageType: assessments.damageType,
    damageLocations: assessments.damageLocations,
    damageDescription: assessments.damageDescription,
  },
  appointment: {
    id: appointments.id,
    appointmentDate: appointments.appointmentDate,
    timeSlot: appointments.timeSlot,
    status: appointments.status,
    // The customer's notes for the technician: the service shows them only to the one who holds the job (D11).
    notes: appointments.notes,
    completedAt: appointments.completedAt,
    customerConfirmedAt: appointments.customerConfirmedAt,
    problemReportedAt: appointments.problemReportedAt,
    arrivalEstimate: appointments.arrivalEstimate,
    arrivalAnnouncements: appointments.arrivalAnnouncements,
  },
  payout: sql<PayoutJson | null>`${sql.raw(payoutJsonSql('appointments.id', 'job_notifications.repairer_id', 'job_notifications.status'))}`,
  images: photoIds,
  items: workItems,
};

/** The offer with its quote, assessment, booking, photos and work items; callers add the where. */
export function jobsQuery(db: Db) {
  return db
    .select(selection)
    .from(jobNotifications)
    .innerJoin(quotes, eq(quotes.id, jobNotifications.quoteId))
    .innerJoin(assessments, eq(assessments.id, quotes.assessmentId))
    .leftJoin(appointments, eq(appointments.id, bookingId));
}

export type JobRecord = Awaited<ReturnType<ReturnType<typeof jobsQuery>['execute']>>[number];

// GET /api/repairer/{id}/jobs in one prepared statement (issue 9): the repairer's offers, newest
// first (at most 200): open, accepted, and since $2 declined and expired; each job as one JSON
// value with jobsQuery's fields, times as epoch milliseconds truncated as the drivers truncate. Every repairer's app polls it; built by drizzle, PostgreSQL parsed and
// planned it on every call (0.4 ms of planning for an empty list). $1 the repairer, $2 the start
// of the history.
const READ_JOBS_OF_REPAIRER_SQL = `SELECT json_build_object(
  'notification', json_build_object('id', n.id, 'quoteId', n.quote_id, 'repairerId', n.repairer_id, 'status', n.status,
    'sentAt', ${epochMsSql('n.sent_at')}, 'expiresAt', ${epochMsSql('n.expires_at')}, 'respondedAt', ${epochMsSql('n.responded_at')}, 'declineReason', n.decline_reason),
  'quote', ${QUOTE_JSON_SQL},
  'assessment', json_build_object('id', a.id, 'reference', a.reference, 'name', a.name, 'email', a.email, 'phone', a.phone, 'address', a.address,
    'city', a.city, 'county', a.county, 'postcode', a.postcode, 'vehicleYear', a.vehicle_year, 'vehicleMake', a.vehicle_make,
    'vehicleModel', a.vehicle_model, 'damageType', a.damage_type, 'damageLocations', a.damage_locations, 'damageDescription', a.damage_description),
  'appointment', CASE WHEN ap.id IS NULL THEN NULL ELSE json_build_object('id', ap.id, 'appointmentDate', ap.appointment_date::text,
    'timeSlot', ap.time_slot, 'status', ap.status, 'notes', ap.notes, 'completedAt', ${epochMsSql('ap.completed_at')},
    'customerConfirmedAt', ${epochMsSql('ap.customer_confirmed_at')}, 'problemReportedAt', ${epochMsSql('ap.problem_reported_at')},
    'arrivalEstimate', ap.arrival_estimate, 'arrivalAnnouncements', ap.arrival_announcements) END,
  'payout', ${payoutJsonSql('ap.id', 'n.repairer_id', 'n.status')},
  'images', coalesce((SELECT json_agg(i.id ORDER BY i.position) FROM assessment_images i WHERE i.assessment_id = a.id AND i.kind = 'damage'), '[]'::json)
) AS job
FROM job_notifications n JOIN quotes q ON q.id = n.quote_id JOIN assessments a ON a.id = q.assessment_id
LEFT JOIN appointments ap ON ap.id = ${BOOKING_OF_OFFER('q.id', 'n.sent_at')}
WHERE n.repairer_id = $1 AND (n.status IN ('sent', 'viewed', 'accepted') OR n.sent_at >= $2::timestamptz)
ORDER BY n.sent_at DESC, n.id DESC LIMIT 200`;

type Ms<T, K extends keyof T> = Omit<T, K> & { [P in K]: null extends T[P] ? number | null : number };
// The quote as the customer's reads build it (QUOTE_JSON_SQL), its items inside.
type JobJson = Omit<JobRecord, 'notification' | 'quote' | 'items' | 'appointment'> & {
  notification: Ms<JobRecord['notification'], 'sentAt' | 'expiresAt' | 'respondedAt'>;
  quote: QuoteJson;
  appointment: Ms<NonNullable<JobRecord['appointment']>, 'completedAt' | 'customerConfirmedAt' | 'problemReportedAt'> | null;
};

/** The repairer's job list, read by one prepared statement (its SQL above); tests/helpers/composed-reads.ts keeps the composed reference. */
export async function readJobsOfRepairer(database: Database, repairerId: number, since: Date): Promise<JobRecord[]> {
  const rows = await database.statement<{ job: JobJson }>('read_jobs_of_repairer', READ_JOBS_OF_REPAIRER_SQL).run([repairerId, since.toISOString()]);
  return rows.map(({ job: { notification: n, quote: json, appointment, ...rest } }) => ({
    ...rest,
    notification: { ...n, sentAt: new Date(n.sentAt), expiresAt: new Date(n.expiresAt), respondedAt: dateOfEpochMs(n.respondedAt) },
    ...quoteFromJson(json),
    appointment: appointment && {
      ...appointment,
      completedAt: dateOfEpochMs(appointment.completedAt),
      customerConfirmedAt: dateOfEpochMs(appointment.customerConfirmedAt),
      problemReportedAt: dateOfEpochMs(appointment.problemReportedAt),
    },
  }));
}

export async function jobOfNotification(db: Db, notificationId: number): Promise<JobRecord | undefined> {
  const [row] = await jobsQuery(db).where(eq(jobNotifications.id, notificationId));
  return row;
}

export async function lockNotification(db: Db, id: number) {
  const [row] = await db.select().from(jobNotifications).where(eq(jobNotifications.id, id)).for('update');
  return row;
}

/**
 * First to accept wins: the quote's assignment lifecycle `assign`s it only while it is not yet
 * assigned and nobody holds it (the row lock makes racers wait and then find it taken). False
 * when another repairer has it.
 */
export async function assignQuote(db: Db, quoteId: number, repairerId: number): Promise<boolean> {
  try {
    await transition(db, 'quoteAssignment', 'assign', quoteId, { set: { assignedRepairerId: repairerId }, where: isNull(quotes.assignedRepairerId) });
    return true;
  } catch (error) {
    if (error instanceof TransitionConflictError) return false;
    throw error;
  }
}

/** The repairer's other jobs: their assigned, not yet completed bookings, but for this quote's. */
function otherJobsOf(db: Db, repairerId: number, exceptQuoteId: number) {
  return and(
    eq(appointments.status, 'assigned'),
    sql`${appointments.quoteId} <> ${exceptQuoteId}`,
    inArray(appointments.quoteId, db.select({ id: quotes.id }).from(quotes).where(eq(quotes.assignedRepairerId, repairerId))),
  );
}

/** The repairer's other jobs on that date and slot (a clash). */
export async function clashingBookings(db: Db, repairerId: number, date: string, slot: string, exceptQuoteId: number): Promise<number> {
  return db.$count(appointments, and(eq(appointments.appointmentDate, date), eq(appointments.timeSlot, slot), otherJobsOf(db, repairerId, exceptQuoteId)));
}

/** Whether the repairer has time off on this London date. */
export async function isOffOn(db: Db, repairerId: number, date: string): Promise<boolean> {
  return (await db.$count(repairerTimeOff, and(eq(repairerTimeOff.repairerId, repairerId), lte(repairerTimeOff.fromDate, date), gte(repairerTimeOff.toDate, date)))) > 0;
}

/** The date and slot of each of the repairer's other jobs from `from` to `to` (inclusive): when they are busy. */
export async function busySlotsOf(db: Db, repairerId: number, from: string, to: string, exceptQuoteId: number): Promise<{ date: string; slot: string }[]> {
  return db
    .selectDistinct({ date: appointments.appointmentDate, slot: appointments.timeSlot })
    .from(appointments)
    .where(and(gte(appointments.appointmentDate, from), lte(appointments.appointmentDate, to), otherJobsOf(db, repairerId, exceptQuoteId)));
}
