// What a repairer reads of the jobs offered to them: one statement per list (issue 9's habit),
// the offer with its quote, its booking, the vehicle and damage, and the damage photos' ids.
// Whether the customer's identity is included is decided by the service (D11), never here.
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { appointments, assessments, jobNotifications, quoteItems, quotes } from '../../db/schema';

const photoIds = sql<number[]>`coalesce((SELECT json_agg(i.id ORDER BY i.position) FROM assessment_images i WHERE i.assessment_id = ${assessments.id} AND i.kind = 'damage'), '[]'::json)`;
const workItems = sql<{ description: string; costPence: number }[]>`coalesce((SELECT json_agg(json_build_object('description', qi.description, 'costPence', qi.cost_pence) ORDER BY qi.position) FROM ${quoteItems} qi WHERE qi.quote_id = ${quotes.id}), '[]'::json)`;
// The booking the job is for: the live one, else the latest (a completed or cancelled one).
const bookingId = sql<number | null>`(SELECT ap.id FROM appointments ap WHERE ap.quote_id = ${quotes.id} ORDER BY (ap.status IN ('held', 'confirmed', 'assigned', 'completed')) DESC, ap.id DESC LIMIT 1)`;

const selection = {
  notification: jobNotifications,
  quote: {
    id: quotes.id,
    totalPence: quotes.totalPence,
    repairerPaymentPence: quotes.repairerPaymentPence,
    feePence: quotes.feePence,
    estimatedDays: quotes.estimatedDays,
    assignedRepairerId: quotes.assignedRepairerId,
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
    completedAt: appointments.completedAt,
  },
  images: photoIds,
  items: workItems,
};

function jobsQuery(db: Db) {
  return db
    .select(selection)
    .from(jobNotifications)
    .innerJoin(quotes, eq(quotes.id, jobNotifications.quoteId))
    .innerJoin(assessments, eq(assessments.id, quotes.assessmentId))
    .leftJoin(appointments, eq(appointments.id, bookingId));
}

export type JobRecord = Awaited<ReturnType<ReturnType<typeof jobsQuery>['execute']>>[number];

/** The repairer's offers, newest first: open, accepted, and the last month's declined and expired. */
export async function jobsOfRepairer(db: Db, repairerId: number, since: Date): Promise<JobRecord[]> {
  return jobsQuery(db)
    .where(
      and(
        eq(jobNotifications.repairerId, repairerId),
        sql`(${jobNotifications.status} IN ('sent', 'viewed', 'accepted') OR ${jobNotifications.sentAt} >= ${since})`,
      ),
    )
    .orderBy(desc(jobNotifications.sentAt), desc(jobNotifications.id))
    .limit(200);
}

export async function jobOfNotification(db: Db, notificationId: number): Promise<JobRecord | undefined> {
  const [row] = await jobsQuery(db).where(eq(jobNotifications.id, notificationId));
  return row;
}

export async function lockNotification(db: Db, id: number) {
  const [row] = await db.select().from(jobNotifications).where(eq(jobNotifications.id, id)).for('update');
  return row;
}

/** First to accept wins: assigns the quote only while nobody holds it (the row lock makes racers wait and then find it taken). */
export async function assignQuote(db: Db, quoteId: number, repairerId: number, now: Date): Promise<boolean> {
  const rows = await db
    .update(quotes)
    .set({ assignedRepairerId: repairerId, assignmentStatus: 'assigned', updatedAt: now })
    .where(and(eq(quotes.id, quoteId), sql`${quotes.assignedRepairerId} IS NULL`))
    .returning({ id: quotes.id });
  return rows.length === 1;
}

/** The repairer's assigned, not yet completed bookings on that date and slot (a clash). */
export async function clashingBookings(db: Db, repairerId: number, date: string, slot: string, exceptQuoteId: number): Promise<number> {
  return db.$count(
    appointments,
    and(
      eq(appointments.appointmentDate, date),
      eq(appointments.timeSlot, slot),
      eq(appointments.status, 'assigned'),
      sql`${appointments.quoteId} <> ${exceptQuoteId}`,
      inArray(appointments.quoteId, db.select({ id: quotes.id }).from(quotes).where(eq(quotes.assignedRepairerId, repairerId))),
    ),
  );
}
