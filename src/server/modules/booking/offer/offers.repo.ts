// Whether a repairer holds a live offer for an assessment's job: D11 lets them see its damage
// photos before accepting. Live means accepted, or sent/viewed and still before its deadline
// (D16) — an offer past expires_at counts as expired even before the sweep has marked it.
import { and, eq, gt, inArray, or } from 'drizzle-orm';
import type { Db } from '../../../db/database';
import { jobNotifications, quotes } from '../../../db/schema';

export async function hasLiveOffer(db: Db, assessmentId: number, repairerId: number, now: Date = new Date()): Promise<boolean> {
  const count = await db.$count(
    jobNotifications,
    and(
      eq(jobNotifications.repairerId, repairerId),
      or(eq(jobNotifications.status, 'accepted'), and(inArray(jobNotifications.status, ['sent', 'viewed']), gt(jobNotifications.expiresAt, now))),
      inArray(jobNotifications.quoteId, db.select({ id: quotes.id }).from(quotes).where(eq(quotes.assessmentId, assessmentId))),
    ),
  );
  return count > 0;
}
