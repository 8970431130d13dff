// The dispatch module owns job_notifications (D16): offers made, answered and expired, and the
// jobs waiting for them. Repairers near a point are the repairers module's (repairers/nearby.repo.ts).
import { and, asc, desc, eq, gte, inArray, lte, sql, type SQL } from 'drizzle-orm';
import { UPCOMING_JOBS_SHOWN, type DispatchJob, type QuoteNotification, type UpcomingJobs } from '../../../../shared/api/dispatch';
import { londonDateOf } from '../../../../shared/london-time';
import type { Database, Db } from '../../../db/database';
import { appointments, assessments, jobNotifications, quotes, repairers } from '../../../db/schema';

export type JobNotificationRow = typeof jobNotifications.$inferSelect;

/** The quote, its assessment and its live appointment: what dispatch needs to know about a job. */
export async function jobOfQuote(db: Db, quoteId: number) {
  const [row] = await db
    .select({ quote: quotes, assessment: assessments })
    .from(quotes)
    .innerJoin(assessments, eq(assessments.id, quotes.assessmentId))
    .where(eq(quotes.id, quoteId));
  if (!row) return undefined;
  const [appointment] = await db
    .select()
    .from(appointments)
    .where(and(eq(appointments.quoteId, quoteId), inArray(appointments.status, ['held', 'confirmed', 'assigned'])));
  return { ...row, appointment };
}

/** Inserts an open offer unless the repairer already holds one for the job; answers it, or undefined. */
export async function insertOffer(db: Db, quoteId: number, repairerId: number, now: Date, expiresAt: Date): Promise<JobNotificationRow | undefined> {
  const [row] = await db
    .insert(jobNotifications)
    .values({ quoteId, repairerId, status: 'sent', sentAt: now, expiresAt })
    .onConflictDoNothing()
    .returning();
  return row;
}

/**
 * The offers of the quote's current booking, newest first: those sent since its latest booking was
 * made. A customer who cancelled and booked again made a new booking, and the offers of the one
 * they cancelled (all withdrawn) are not this booking's responses (a browser review: a card read
 * "Offered to 12 · 9 expired" counting two cancelled bookings' offers).
 */
export async function notificationsOfQuote(db: Db, quoteId: number): Promise<QuoteNotification[]> {
  const currentBookingMade = sql`coalesce((SELECT max(b.created_at) FROM ${appointments} b WHERE b.quote_id = ${quoteId}), '-infinity'::timestamptz)`;
  return notificationsWhere(db, and(eq(jobNotifications.quoteId, quoteId), gte(jobNotifications.sentAt, currentBookingMade)));
}

/** The offers `where` picks, each with its repairer's name, newest first: the one shape every offer list reads. */
export async function notificationsWhere(db: Db, where: SQL | undefined): Promise<QuoteNotification[]> {
  const rows = await db
    .select({ n: jobNotifications, repairerName: repairers.businessName })
    .from(jobNotifications)
    .innerJoin(repairers, eq(repairers.id, jobNotifications.repairerId))
    .where(where)
    .orderBy(desc(jobNotifications.sentAt), desc(jobNotifications.id));
  return rows.map(({ n, repairerName }) => ({
    id: n.id,
    repairerId: n.repairerId,
    repairerName,
    status: n.status,
    sentAt: n.sentAt.toISOString(),
    expiresAt: n.expiresAt.toISOString(),
    respondedAt: n.respondedAt?.toISOString() ?? null,
    declineReason: n.declineReason,
  }));
}

/** Open offers past their expiry (D16), oldest first: the sweep expires them through the lifecycle. */
export async function overdueOfferIds(db: Db, now: Date, limit = 500): Promise<number[]> {
  const rows = await db
    .select({ id: jobNotifications.id })
    .from(jobNotifications)
    .where(and(inArray(jobNotifications.status, ['sent', 'viewed']), lte(jobNotifications.expiresAt, now)))
    .orderBy(asc(jobNotifications.expiresAt))
    .limit(limit);
  return rows.map((row) => row.id);
}

/** The repairers who declined an offer of the quote. */
export async function declinedRepairerIds(db: Db, quoteId: number): Promise<Set<number>> {
  const rows = await db
    .select({ repairerId: jobNotifications.repairerId })
    .from(jobNotifications)
    .where(and(eq(jobNotifications.quoteId, quoteId), eq(jobNotifications.status, 'declined')));
  return new Set(rows.map((row) => row.repairerId));
}

/** The quote's accepted offer, if a repairer holds the job. */
export async function acceptedOfferOfQuote(db: Db, quoteId: number): Promise<{ id: number; repairerId: number } | undefined> {
  const [accepted] = await db
    .select({ id: jobNotifications.id, repairerId: jobNotifications.repairerId })
    .from(jobNotifications)
    .where(and(eq(jobNotifications.quoteId, quoteId), eq(jobNotifications.status, 'accepted')));
  return accepted;
}

/** The open (sent or viewed) offers the repairer holds. */
export async function openOfferIdsOfRepairer(db: Db, repairerId: number): Promise<{ id: number }[]> {
  return db
    .select({ id: jobNotifications.id })
    .from(jobNotifications)
    .where(and(eq(jobNotifications.repairerId, repairerId), inArray(jobNotifications.status, ['sent', 'viewed'])));
}

export async function openOfferIdsOfQuote(db: Db, quoteId: number): Promise<number[]> {
  const rows = await db
    .select({ id: jobNotifications.id })
    .from(jobNotifications)
    .where(and(eq(jobNotifications.quoteId, quoteId), inArray(jobNotifications.status, ['sent', 'viewed'])));
  return rows.map((row) => row.id);
}

// GET /api/admin/jobs-to-dispatch in one prepared statement (issue 9): the paid bookings still
// without a technician, soonest first (at most 200), each with how many offers are open at $1,
// and whether any open offer is past its expiry, so the route expires offers only when there is
// one. The dispatch screen polls it; built by drizzle, its two queries were parsed and planned on
// every call (p99 31 ms on PGlite). tests/helpers/composed-reads.ts keeps the composed reference.
const READ_JOBS_TO_DISPATCH_SQL = `SELECT
  EXISTS (SELECT 1 FROM job_notifications o WHERE o.status IN ('sent', 'viewed') AND o.expires_at <= $1::timestamptz) AS overdue,
  (SELECT coalesce(json_agg(job ORDER BY job."appointmentDate", job."appointmentId"), '[]'::json) FROM (
    SELECT q.id AS "quoteId", a.id AS "assessmentId", a.reference, ap.id AS "appointmentId", ap.appointment_date::text AS "appointmentDate",
      ap.time_slot AS "timeSlot", a.damage_type AS "damageType", a.address, a.city, a.postcode,
      (SELECT count(*)::int FROM job_notifications n WHERE n.quote_id = q.id AND n.status IN ('sent', 'viewed') AND n.expires_at > $1::timestamptz) AS "openOffers"
    FROM appointments ap JOIN quotes q ON q.id = ap.quote_id JOIN assessments a ON a.id = q.assessment_id
    WHERE ap.status = 'confirmed' ORDER BY ap.appointment_date, ap.id LIMIT 200) job) AS jobs`;

/** The jobs to dispatch at `now`, and whether an open offer is overdue (expireOverdueOffers has work), in one statement. */
export async function readJobsToDispatch(database: Database, now: Date): Promise<{ jobs: DispatchJob[]; overdue: boolean }> {
  const [row] = await database
    .statement<{ overdue: boolean; jobs: Omit<DispatchJob, 'unassigned'>[] }>('read_jobs_to_dispatch', READ_JOBS_TO_DISPATCH_SQL)
    .run([now.toISOString()]);
  return { overdue: row!.overdue, jobs: row!.jobs.map((job) => ({ ...job, unassigned: job.openOffers === 0 })) };
}

// One prepared statement (issue 9's habit for the admin's lists): every assigned booking, soonest
// first (those before London's today ($1), not marked done, come first: the team must look at
// them), the first $2 of them, and how many there are.
const READ_UPCOMING_JOBS_SQL = `SELECT
  (SELECT count(*)::int FROM appointments ap WHERE ap.status = 'assigned') AS total,
  (SELECT coalesce(json_agg(job ORDER BY job."appointmentDate", job."timeSlot" DESC, job."appointmentId"), '[]'::json) FROM (
    SELECT q.id AS "quoteId", a.id AS "assessmentId", a.reference, ap.id AS "appointmentId", ap.appointment_date::text AS "appointmentDate",
      ap.time_slot AS "timeSlot", a.damage_type AS "damageType", a.city, a.postcode,
      json_build_object('repairerId', r.id, 'businessName', r.business_name, 'phone', r.phone) AS technician,
      ap.appointment_date < $1::date AS overdue
    FROM appointments ap JOIN quotes q ON q.id = ap.quote_id JOIN assessments a ON a.id = q.assessment_id JOIN repairers r ON r.id = q.assigned_repairer_id
    WHERE ap.status = 'assigned'
    ORDER BY ap.appointment_date, ap.time_slot DESC, ap.id LIMIT $2) job) AS jobs`;

/** The booked work not yet done, with who is doing it ('morning' sorts before 'afternoon' descending). */
export async function readUpcomingJobs(database: Database, now: Date): Promise<UpcomingJobs> {
  const [row] = await database.statement<UpcomingJobs>('read_upcoming_jobs', READ_UPCOMING_JOBS_SQL).run([londonDateOf(now), UPCOMING_JOBS_SHOWN]);
  return row!;
}
