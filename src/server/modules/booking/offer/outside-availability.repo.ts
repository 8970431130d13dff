// The jobs a technician holds and what they now work (issue 35 item 2's last sentence): queries
// only. outside-availability.ts decides which jobs a saved availability leaves without them.
import { and, asc, eq, gt, gte, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../../db/database';
import { appointments, assessments, jobNotifications, quotes, repairers, repairerTimeOff } from '../../../db/schema';

export interface HeldJob {
  appointmentId: number;
  quoteId: number;
  appointmentDate: string;
  timeSlot: string;
  postcode: string;
}

/** The repairer's assigned bookings from `fromDate` on, in the order they took them (their acceptance), slot by slot. */
export async function heldJobsOf(db: Db, repairerId: number, fromDate: string): Promise<HeldJob[]> {
  return db
    .select({ appointmentId: appointments.id, quoteId: quotes.id, appointmentDate: appointments.appointmentDate, timeSlot: appointments.timeSlot, postcode: assessments.postcode })
    .from(appointments)
    .innerJoin(quotes, eq(quotes.id, appointments.quoteId))
    .innerJoin(assessments, eq(assessments.id, quotes.assessmentId))
    .leftJoin(jobNotifications, and(eq(jobNotifications.quoteId, quotes.id), eq(jobNotifications.status, 'accepted')))
    .where(and(eq(appointments.status, 'assigned'), eq(quotes.assignedRepairerId, repairerId), gte(appointments.appointmentDate, fromDate)))
    .orderBy(asc(appointments.appointmentDate), sql`${appointments.timeSlot} DESC`, sql`${jobNotifications.respondedAt} ASC NULLS LAST`, asc(appointments.id));
}

export interface WorkingFacts {
  weeklyHalves: number;
  jobsPerSlot: number;
  timeOff: { from: string; to: string }[];
}

/** What the repairer works now: pattern, jobs per slot and the time off not ended by `fromDate`. */
export async function workingFactsOf(db: Db, repairerId: number, fromDate: string): Promise<WorkingFacts | undefined> {
  const [row] = await db.select({ weeklyHalves: repairers.weeklyHalves, jobsPerSlot: repairers.jobsPerSlot }).from(repairers).where(eq(repairers.id, repairerId));
  if (!row) return undefined;
  const timeOff = await db
    .select({ from: repairerTimeOff.fromDate, to: repairerTimeOff.toDate })
    .from(repairerTimeOff)
    .where(and(eq(repairerTimeOff.repairerId, repairerId), gte(repairerTimeOff.toDate, fromDate)));
  return { ...row, timeOff };
}

export interface OpenOffer {
  offerId: number;
  appointmentDate: string;
  timeSlot: string;
}

/** The repairer's open offers (sent or viewed, not past their deadline) of paid bookings from `fromDate` on, with each booking's slot. */
export async function openOffersOf(db: Db, repairerId: number, fromDate: string, now: Date): Promise<OpenOffer[]> {
  return db
    .select({ offerId: jobNotifications.id, appointmentDate: appointments.appointmentDate, timeSlot: appointments.timeSlot })
    .from(jobNotifications)
    .innerJoin(appointments, and(eq(appointments.quoteId, jobNotifications.quoteId), eq(appointments.status, 'confirmed')))
    .where(
      and(
        eq(jobNotifications.repairerId, repairerId),
        inArray(jobNotifications.status, ['sent', 'viewed']),
        gt(jobNotifications.expiresAt, now),
        gte(appointments.appointmentDate, fromDate),
      ),
    )
    .orderBy(asc(jobNotifications.id));
}
