// Issue 7: failed sign-ins per account from all addresses together, so guessing spread over
// many addresses is throttled too. Counted in the shared rate-limit table (one counter per
// account) and read before any password is hashed.
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { rateLimits } from '../../db/schema';
import { hitRateLimit } from '../../plugins/rate-limit';

const key = (email: string) => `sign-in-failures:${email}`;

/** Failures recorded for this account in the current window. */
export async function recentSignInFailures(db: Db, email: string, windowSeconds: number): Promise<number> {
  const [row] = await db
    .select({ count: rateLimits.count })
    .from(rateLimits)
    .where(sql`${rateLimits.key} = ${key(email)} AND ${rateLimits.windowStartedAt} >= now() - make_interval(secs => ${windowSeconds})`);
  return row?.count ?? 0;
}

export async function recordSignInFailure(db: Db, email: string, windowSeconds: number): Promise<void> {
  await hitRateLimit(db, key(email), windowSeconds);
}
