// The dispatch module owns job_notifications (D16) and reads repairers near a point. Nearby is
// one statement: a latitude/longitude box that the btree repairers_location_idx prunes, then
// the exact great-circle distance (../shared/DEPENDENCY-NOTES.md: no extension, same SQL on
// both engines). A repairer is offered only jobs within 30 miles AND within their own service
// radius, when that is smaller.
import { and, asc, between, desc, eq, gte, inArray, lte, sql, type SQL } from 'drizzle-orm';
import { NEARBY_RADIUS_MILES, type DispatchJob, type QuoteNotification, type RepairerView } from '../../../../shared/api/dispatch';
import { isSpecialisation, type Specialisation } from '../../../../shared/damage';
import type { Database, Db } from '../../../db/database';
import { appointments, assessments, jobNotifications, quotes, repairers } from '../../../db/schema';

const EARTH_RADIUS_MILES = 3958.8;
const MILES_PER_DEGREE_LATITUDE = 69.0;

export type RepairerRow = typeof repairers.$inferSelect;
export type JobNotificationRow = typeof jobNotifications.$inferSelect;

export interface Point {
  latitude: number;
  longitude: number;
}

/** The box around a point that holds every place within `miles` (a little more near the poles' edge). */
export function boundingBox(point: Point, miles: number) {
  const dLat = miles / MILES_PER_DEGREE_LATITUDE;
  const dLng = miles / (MILES_PER_DEGREE_LATITUDE * Math.max(Math.cos((point.latitude * Math.PI) / 180), 0.01));
  return { minLat: point.latitude - dLat, maxLat: point.latitude + dLat, minLng: point.longitude - dLng, maxLng: point.longitude + dLng };
}

/** Haversine distance in miles, the same formula as the SQL (tests compare the two). */
export function milesBetween(a: Point, b: Point): number {
  const rad = (d: number) => (d * Math.PI) / 180;
  const h = Math.sin(rad(b.latitude - a.latitude) / 2) ** 2 + Math.cos(rad(a.latitude)) * Math.cos(rad(b.latitude)) * Math.sin(rad(b.longitude - a.longitude) / 2) ** 2;
  return 2 * EARTH_RADIUS_MILES * Math.asin(Math.sqrt(h));
}

const distanceFrom = (point: Point) =>
  sql<number>`(${sql.raw(String(EARTH_RADIUS_MILES))} * 2 * asin(sqrt(power(sin(radians(${repairers.latitude} - ${point.latitude}::float8) / 2), 2) + cos(radians(${point.latitude}::float8)) * cos(radians(${repairers.latitude})) * power(sin(radians(${repairers.longitude} - ${point.longitude}::float8) / 2), 2))))`;

export interface NearbyQuery {
  point: Point;
  specialisation: Specialisation;
  radiusMiles?: number;
  limit?: number;
}

/** Verified repairers within the radius whose specialisations cover the damage, nearest first. */
export async function nearbyRepairers(db: Db, query: NearbyQuery): Promise<(RepairerRow & { distance: number })[]> {
  const radius = query.radiusMiles ?? NEARBY_RADIUS_MILES;
  const box = boundingBox(query.point, radius);
  const distance = distanceFrom(query.point);
  const rows = await db
    .select({ repairer: repairers, distance })
    .from(repairers)
    .where(
      and(
        eq(repairers.isVerified, true),
        between(repairers.latitude, box.minLat, box.maxLat),
        between(repairers.longitude, box.minLng, box.maxLng),
        sql`${repairers.specialisations} @> ${JSON.stringify([query.specialisation])}::jsonb`,
        lte(distance, sql`least(${radius}::float8, ${repairers.serviceRadiusMiles}::float8)`),
      ),
    )
    .orderBy(asc(distance), asc(repairers.id))
    .limit(query.limit ?? 100);
  return rows.map((row) => ({ ...row.repairer, distance: Number(row.distance) }));
}

export function toRepairerView(row: RepairerRow): RepairerView {
  return {
    id: row.id,
    businessName: row.businessName,
    contactName: row.contactName,
    email: row.email,
    phone: row.phone,
    city: row.city,
    county: row.county,
    postcode: row.postcode,
    specializations: row.specialisations.filter(isSpecialisation),
    serviceRadius: row.serviceRadiusMiles,
    rating: row.ratingTenths === null ? null : row.ratingTenths / 10,
    isVerified: row.isVerified,
    emailSource: row.emailSource,
  };
}

export async function findRepairer(db: Db, id: number): Promise<RepairerRow | undefined> {
  const [row] = await db.select().from(repairers).where(eq(repairers.id, id));
  return row;
}

/** The repairer's row locked for the rest of the transaction: one repairer's accepts take turns. */
export async function lockRepairer(db: Db, id: number): Promise<RepairerRow | undefined> {
  const [row] = await db.select().from(repairers).where(eq(repairers.id, id)).for('update');
  return row;
}

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
