// The rate_limits table: fixed-window counters in the database, so every app instance shares
// them (ARCHITECTURE). Below the modules, as plugins/rate-limit.ts (the limits) and auth's
// sign-in failures (one counter per account) both count in it.
import { and, eq, gt, or, sql } from 'drizzle-orm';
import type { Db } from '../db/database';
import { rateLimits } from '../db/schema';

/** Counts one hit on `key` in its window (one atomic upsert) and answers the window's count, this hit included. */
export async function hitRateLimit(db: Db, key: string, windowSeconds: number): Promise<number> {
  const [row] = await db
    .insert(rateLimits)
    .values({ key, windowStartedAt: sql`now()`, count: 1 })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`CASE WHEN ${rateLimits.windowStartedAt} < now() - make_interval(secs => ${windowSeconds}) THEN 1 ELSE ${rateLimits.count} + 1 END`,
        windowStartedAt: sql`CASE WHEN ${rateLimits.windowStartedAt} < now() - make_interval(secs => ${windowSeconds}) THEN now() ELSE ${rateLimits.windowStartedAt} END`,
      },
    })
    .returning({ count: rateLimits.count });
  return row?.count ?? 1;
}

export async function clearRateLimit(db: Db, key: string): Promise<void> {
  await db.delete(rateLimits).where(sql`${rateLimits.key} = ${key}`);
}

/** Gives back one hit on `key`, never below zero. */
export async function giveBackRateLimitHit(db: Db, key: string): Promise<void> {
  await db
    .update(rateLimits)
    .set({ count: sql`${rateLimits.count} - 1` })
    .where(and(eq(rateLimits.key, key), gt(rateLimits.count, 0)));
}

/** Forgets the counter `key` and every counter whose key starts with `prefix`. */
export async function clearRateLimitAndPrefix(db: Db, key: string, prefix: string): Promise<void> {
  await db.delete(rateLimits).where(or(eq(rateLimits.key, key), sql`starts_with(${rateLimits.key}, ${prefix})`));
}
