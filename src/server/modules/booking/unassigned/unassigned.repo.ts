// Paid bookings nobody has taken (issue 35 item 4, docs/decisions/0027): queries only. A booking
// is without a technician while it is confirmed (paid, no technician) and holds no open offer
// (sent or viewed, before its deadline). Its offers are those sent since it was made, as
// dispatch.repo's notificationsOfQuote counts them.
import { and, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../../db/database';
import { appointments, assessments, jobNotifications, quotes, repairers } from '../../../db/schema';

const offersOfBooking = sql`${jobNotifications.quoteId} = ${appointments.quoteId} AND ${jobNotifications.sentAt} >= ${appointments.createdAt}`;
const noOpenOffer = (now: Date) =>
  sql`NOT EXISTS (SELECT 1 FROM ${jobNotifications} WHERE ${jobNotifications.quoteId} = ${appointments.quoteId} AND ${jobNotifications.status} IN ('sent', 'viewed') AND ${jobNotifications.expiresAt} > ${now.toISOString()}::timestamptz)`;

export interface UnassignedRow {
  appointmentId: number;
  quoteId: number;
  assessmentId: number;
  reference: string;
  appointmentDate: string;
  timeSlot: string;
  damageType: string;
  city: string;
  postcode: string;
  latitude: number | null;
  longitude: number | null;
  teamToldAt: Date | null;
  customerToldAt: Date | null;
  updatedAt: Date;
  offersMade: number;
  declined: number;
  /** The newest offer of the booking, or null when none was made. */
  lastOfferAt: Date | null;
}

/** Every paid booking without a technician and without an open offer at `now`, soonest first (at most 200). */
export async function unassignedBookings(db: Db, now: Date): Promise<UnassignedRow[]> {
  const rows = await db
    .select({
      appointmentId: appointments.id,
      quoteId: quotes.id,
      assessmentId: assessments.id,
      reference: assessments.reference,
      appointmentDate: appointments.appointmentDate,
      timeSlot: appointments.timeSlot,
      damageType: assessments.damageType,
      city: assessments.city,
      postcode: assessments.postcode,
      latitude: assessments.latitude,
      longitude: assessments.longitude,
      teamToldAt: appointments.teamToldUnassignedAt,
      customerToldAt: appointments.customerToldUnassignedAt,
      updatedAt: appointments.updatedAt,
      offersMade: sql<number>`(SELECT count(*)::int FROM ${jobNotifications} WHERE ${offersOfBooking})`,
      declined: sql<number>`(SELECT count(*)::int FROM ${jobNotifications} WHERE ${offersOfBooking} AND ${jobNotifications.status} = 'declined')`,
      lastOfferAt: sql<string | null>`(SELECT max(${jobNotifications.sentAt})::text FROM ${jobNotifications} WHERE ${offersOfBooking})`,
    })
    .from(appointments)
    .innerJoin(quotes, eq(quotes.id, appointments.quoteId))
    .innerJoin(assessments, eq(assessments.id, quotes.assessmentId))
    .where(and(eq(appointments.status, 'confirmed'), noOpenOffer(now)))
    .orderBy(appointments.appointmentDate, sql`${appointments.timeSlot} DESC`, appointments.id)
    .limit(200);
  return rows.map((row) => ({ ...row, offersMade: Number(row.offersMade), declined: Number(row.declined), lastOfferAt: row.lastOfferAt === null ? null : new Date(row.lastOfferAt) }));
}

/**
 * Claims the team's e-mail about this booking: true once per time it falls back to nobody (never
 * told, or an offer was sent since it was last told), while it is still paid, without a
 * technician and without an open offer. Two runs at once: the second's WHERE, read again on the
 * updated row, fails.
 */
export async function claimTeamTold(tx: Db, appointmentId: number, now: Date): Promise<boolean> {
  const rows = await tx
    .update(appointments)
    .set({ teamToldUnassignedAt: now })
    .where(
      and(
        eq(appointments.id, appointmentId),
        eq(appointments.status, 'confirmed'),
        noOpenOffer(now),
        or(
          isNull(appointments.teamToldUnassignedAt),
          sql`EXISTS (SELECT 1 FROM ${jobNotifications} WHERE ${offersOfBooking} AND ${jobNotifications.sentAt} > ${appointments.teamToldUnassignedAt})`,
        ),
      ),
    )
    .returning({ id: appointments.id });
  return rows.length === 1;
}

/** Paid bookings without a technician whose customer has not been told, on these London days (the job filters by the hour). */
export async function customerTellingCandidates(db: Db, fromDate: string, toDate: string) {
  return db
    .select({ id: appointments.id, date: appointments.appointmentDate, slot: appointments.timeSlot })
    .from(appointments)
    .where(and(eq(appointments.status, 'confirmed'), isNull(appointments.customerToldUnassignedAt), sql`${appointments.appointmentDate} BETWEEN ${fromDate} AND ${toDate}`))
    .orderBy(appointments.id);
}

/** Claims the customer's one message: false when another run told them, or a technician took it meanwhile. */
export async function claimCustomerTold(tx: Db, appointmentId: number, now: Date): Promise<boolean> {
  const rows = await tx
    .update(appointments)
    .set({ customerToldUnassignedAt: now })
    .where(and(eq(appointments.id, appointmentId), eq(appointments.status, 'confirmed'), isNull(appointments.customerToldUnassignedAt)))
    .returning({ id: appointments.id });
  return rows.length === 1;
}

/** Names and phones of these repairers, by id. */
export async function repairerContacts(db: Db, ids: readonly number[]): Promise<Map<number, { businessName: string; phone: string | null }>> {
  if (ids.length === 0) return new Map();
  const rows = await db.select({ id: repairers.id, businessName: repairers.businessName, phone: repairers.phone }).from(repairers).where(inArray(repairers.id, [...ids]));
  return new Map(rows.map((row) => [row.id, { businessName: row.businessName, phone: row.phone }]));
}
