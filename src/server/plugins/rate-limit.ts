// Fixed-window counters in the database, so every app instance shares them (ARCHITECTURE).
// Infrastructure: sign-in, assessment submissions and vehicle look-ups each keep their own keys.
import { sql } from 'drizzle-orm';
import type { Db } from '../db/database';
import { rateLimits } from '../db/schema';
import { tooManyRequests } from '../kernel/errors';

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

/** A limit: hits on `key` counted per window of `windowSeconds`, refused with 429 and `message` past `max`. */
export interface RateLimit {
  key: string;
  windowSeconds: number;
  max: number;
  message: string;
}

/** Counts one hit on key and refuses with 429 and message once the window's limit is passed. */
export async function enforceRateLimit(db: Db, limit: RateLimit): Promise<void> {
  refuseOverLimit(await hitRateLimit(db, limit.key, limit.windowSeconds), limit);
}

/** Refuses with 429 and the limit's message when `hits` (this one included) is past its `max`: for a read that counts its hit in its own statement. */
export function refuseOverLimit(hits: number, limit: RateLimit): void {
  if (hits > limit.max) throw tooManyRequests(limit.message);
}
