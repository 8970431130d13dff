// A technician's availability as stored (issue 35, item 1): two columns on their repairer row
// (weekly_halves, jobs_per_slot) and their periods of time off. Queries only; the service
// decides who may read and change whose.
import { and, asc, eq, gte } from 'drizzle-orm';
import type { TimeOffPeriod } from '../../../shared/api/repairer-availability';
import type { Db } from '../../db/database';
import { repairers, repairerTimeOff } from '../../db/schema';

export interface StoredAvailability {
  id: number;
  businessName: string;
  city: string;
  postcode: string;
  isVerified: boolean;
  weeklyHalves: number;
  jobsPerSlot: number;
  /** Periods that end today or later, soonest first. */
  timeOff: TimeOffPeriod[];
}

const columns = {
  id: repairers.id,
  businessName: repairers.businessName,
  city: repairers.city,
  postcode: repairers.postcode,
  isVerified: repairers.isVerified,
  weeklyHalves: repairers.weeklyHalves,
  jobsPerSlot: repairers.jobsPerSlot,
};

/** The repairer's availability at `today` (London), or undefined when there is no such repairer. `lock`: the row FOR UPDATE, so saves take turns. */
export async function findAvailability(db: Db, repairerId: number, today: string, { lock = false } = {}): Promise<StoredAvailability | undefined> {
  const query = db.select(columns).from(repairers).where(eq(repairers.id, repairerId));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) return undefined;
  const timeOff = await db
    .select({ from: repairerTimeOff.fromDate, to: repairerTimeOff.toDate })
    .from(repairerTimeOff)
    .where(and(eq(repairerTimeOff.repairerId, repairerId), gte(repairerTimeOff.toDate, today)))
    .orderBy(asc(repairerTimeOff.fromDate), asc(repairerTimeOff.id));
  return { ...row, timeOff };
}

/**
 * Replaces the repairer's pattern, jobs per slot and the time off that had not ended by `today`
 * (ended periods stay, as history nobody is shown). Call inside the transaction holding the row's lock.
 */
export async function replaceAvailability(
  db: Db,
  repairerId: number,
  today: string,
  next: { weeklyHalves: number; jobsPerSlot: number; timeOff: readonly TimeOffPeriod[] },
): Promise<void> {
  await db.update(repairers).set({ weeklyHalves: next.weeklyHalves, jobsPerSlot: next.jobsPerSlot, updatedAt: new Date() }).where(eq(repairers.id, repairerId));
  await db.delete(repairerTimeOff).where(and(eq(repairerTimeOff.repairerId, repairerId), gte(repairerTimeOff.toDate, today)));
  if (next.timeOff.length > 0) {
    await db.insert(repairerTimeOff).values(next.timeOff.map((period) => ({ repairerId, fromDate: period.from, toDate: period.to })));
  }
}
