// Issue 7: failed sign-ins per account from all addresses together, so guessing spread over
// many addresses is throttled too. Counted in the shared rate-limit table (one counter per
// account). An attempt takes its place in the count BEFORE its password is checked, and gives
// it back if the password was right: counted only after the check, every guess in flight at
// once passed a check made before any of them was counted, and the limit held for none of them.
import type { Db } from '../../db/database';
import { clearRateLimitAndPrefix, giveBackRateLimitHit, hitRateLimit } from '../../kernel/rate-limits.repo';

const key = (email: string) => `sign-in-failures:${email}`;
/** Attempts at one account from one address (SIGN_IN_LIMIT_PER_ACCOUNT), counted by auth.service. */
export const accountAddressKey = (email: string, ip: string) => `sign-in:${email}:${ip}`;

/** Counts this attempt as a failure of the account (one atomic upsert) and answers the window's count, this attempt included. */
export async function reserveSignInFailure(db: Db, email: string, windowSeconds: number): Promise<number> {
  return hitRateLimit(db, key(email), windowSeconds);
}

/** Gives back an attempt's place: its password was right, or it was refused before any check. */
export async function releaseSignInFailure(db: Db, email: string): Promise<void> {
  await giveBackRateLimitHit(db, key(email));
}

/** The account's failed sign-ins are forgotten, from everywhere and from each address: its password was reset. */
export async function forgetSignInFailures(db: Db, email: string): Promise<void> {
  await clearRateLimitAndPrefix(db, key(email), accountAddressKey(email, ''));
}
