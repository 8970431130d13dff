// Rate limits over fixed-window counters in the database (kernel/rate-limits.repo.ts), so every
// app instance shares them (ARCHITECTURE). Infrastructure: sign-in, assessment submissions and
// vehicle look-ups each keep their own keys.
import type { Db } from '../db/database';
import { hitRateLimit } from '../kernel/rate-limits.repo';
import { tooManyRequests } from '../kernel/errors';

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
