// Whether a repairer holds a live offer (sent, viewed or accepted) for an assessment's job: D11
// lets them see its damage photos before accepting.
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { jobNotifications, quotes } from '../../db/schema';

export async function hasLiveOffer(db: Db, assessmentId: number, repairerId: number): Promise<boolean> {
  const count = await db.$count(
    jobNotifications,
    and(
      eq(jobNotifications.repairerId, repairerId),
      inArray(jobNotifications.status, ['sent', 'viewed', 'accepted']),
      inArray(jobNotifications.quoteId, db.select({ id: quotes.id }).from(quotes).where(eq(quotes.assessmentId, assessmentId))),
    ),
  );
  return count > 0;
}
