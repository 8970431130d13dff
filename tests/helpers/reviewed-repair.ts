// Issue 37 item 2: a paid repair its technician completed and its customer confirmed, with the
// customer's review left through the customer's own rule (booking's reviewRepair: the grant
// holder's completed repair, once). The server allows "done" only on the job's day, so the
// booking is written as it stands then; the review goes through the service as the route's does.
import { eq } from 'drizzle-orm';
import type { Db } from '../../src/server/db/database';
import { createAssessmentRecord, createQuote } from '../../src/server/db/factories';
import { appointments, payments, repairerReviews, warranties } from '../../src/server/db/schema';
import { reviewRepair } from '../../src/server/modules/booking';

export interface ReviewedRepair {
  name: string;
  city: string;
  postcode: string;
  rating: number;
  comment: string;
  /** When the repair was done and reviewed. */
  at: Date;
  damageType?: string;
}

export async function reviewedRepair(db: Db, repairerId: number, review: ReviewedRepair): Promise<{ reviewId: number; assessmentId: number }> {
  const assessment = await createAssessmentRecord(db, { name: review.name, city: review.city, postcode: review.postcode, address: '221B Baker Street', damageType: review.damageType ?? 'scratch' });
  const quote = await createQuote(db, { assessmentId: assessment.id, status: 'booked', assignmentStatus: 'assigned', assignedRepairerId: repairerId });
  const [appointment] = await db
    .insert(appointments)
    .values({ quoteId: quote.id, appointmentDate: '2026-11-02', timeSlot: 'morning', status: 'completed', completedAt: review.at, customerConfirmedAt: review.at })
    .returning();
  // Completion writes the warranty record with the job (D6): it is what counts a completed repair.
  await db.insert(warranties).values({ appointmentId: appointment!.id, repairerId, startsDate: '2026-11-02', endsDate: '2027-11-02' });
  await db.insert(payments).values({ quoteId: quote.id, appointmentId: appointment!.id, provider: 'test', providerRef: `rv-${assessment.id}`, clientSecret: `rv-${assessment.id}-s`, amountPence: quote.totalPence, status: 'succeeded' });
  await reviewRepair({ db }, { user: null, assessmentIds: [assessment.id] }, appointment!.id, { rating: review.rating, comment: review.comment });
  const [row] = await db.update(repairerReviews).set({ createdAt: review.at }).where(eq(repairerReviews.appointmentId, appointment!.id)).returning();
  return { reviewId: row!.id, assessmentId: assessment.id };
}
