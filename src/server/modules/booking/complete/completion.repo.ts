// The queries of doing the job (issue 12; D6, D14): the after photos and the warranty recorded at
// completion, the customer's confirmation or problem report on the appointment. The review's row
// is the reviews module's; the share's row the payouts repository's; the repairer's rating the repairers module's.
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/database';
import { appointments, assessmentImages, warranties } from '../../../db/schema';

export async function insertAfterPhotos(tx: Db, rows: (typeof assessmentImages.$inferInsert)[]): Promise<void> {
  await tx.insert(assessmentImages).values(rows);
}

export async function insertWarranty(tx: Db, row: typeof warranties.$inferInsert): Promise<void> {
  await tx.insert(warranties).values(row);
}

export async function markCustomerConfirmed(tx: Db, appointmentId: number, now: Date): Promise<void> {
  await tx.update(appointments).set({ customerConfirmedAt: now, updatedAt: now }).where(eq(appointments.id, appointmentId));
}

export async function markProblemReported(tx: Db, appointmentId: number, message: string, now: Date): Promise<void> {
  await tx.update(appointments).set({ problemReportedAt: now, problemReport: message, updatedAt: now }).where(eq(appointments.id, appointmentId));
}

/** Issue 38 item 3: the technician is on the way, arriving around `estimate` (London 'HH:MM'); counts the announcement. */
export async function recordArrivalEstimate(db: Db, appointmentId: number, arrival: { estimate: string; by: string; at: Date }): Promise<void> {
  await db
    .update(appointments)
    .set({ arrivalEstimate: arrival.estimate, arrivalBy: arrival.by, arrivalAnnouncedAt: arrival.at, arrivalAnnouncements: sql`${appointments.arrivalAnnouncements} + 1` })
    .where(eq(appointments.id, appointmentId));
}
