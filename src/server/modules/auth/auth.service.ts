// D11: admins and repairers sign in with e-mail and password; sessions live in the database.
import { signInMessages } from '../../../shared/api/auth';
import type { SessionUser } from '../../kernel/viewer';
import type { Database, Db } from '../../db/database';
import { tooManyRequests, unauthorised } from '../../kernel/errors';
import { deleteSession, findSessionUser, findUserByEmail, insertSession, recordSignIn, updateUserPassword, type User } from './auth.repo';
import { needsRehash } from './password-queue';
import type { PasswordHasher } from '../../kernel/ports';
import { clearRateLimit, hitRateLimit } from '../../kernel/rate-limits.repo';
import { accountAddressKey, releaseSignInFailure, reserveSignInFailure } from './sign-in-failures';
import { hashToken, newToken } from '../../kernel/tokens';
import { isKnownDeviceOf, knownDeviceToken } from './known-device';

export const SIGN_IN_WINDOW_SECONDS = 15 * 60;
export const SIGN_IN_LIMIT_PER_ACCOUNT = 5;

/** The signed-in account as the API shows it (src/shared/api/auth.ts). */
export type { SessionUser };

export function toSessionUser(user: Pick<User, 'id' | 'email' | 'name' | 'role' | 'repairerId'>): SessionUser {
  return { id: user.id, email: user.email, name: user.name, role: user.role, repairerId: user.repairerId };
}

export async function signIn(
  db: Db,
  input: {
    email: string;
    password: string;
    ip: string;
    userAgent?: string | undefined;
    ttlHours: number;
    previousToken?: string | undefined;
    /** This browser's known-device cookie (known-device.ts), if any, and the app's secret it is signed with. */
    device: { token: string | undefined; secret: string };
  },
  guard: { passwords: PasswordHasher; failuresPerAccount: number; attemptsPerAddress: number },
): Promise<{ token: string; user: SessionUser; expiresAt: Date; deviceToken: string }> {
  const email = input.email.trim().toLowerCase();
  const accountKey = accountAddressKey(email, input.ip);
  const [perAccount, perAddress] = await Promise.all([
    hitRateLimit(db, accountKey, SIGN_IN_WINDOW_SECONDS),
    hitRateLimit(db, `sign-in:${input.ip}`, SIGN_IN_WINDOW_SECONDS),
  ]);
  // Cheap checks first: counters in the database before any password is hashed.
  const tooMany = () => tooManyRequests('Too many sign-in attempts. Please wait 15 minutes and try again.');
  if (perAccount > SIGN_IN_LIMIT_PER_ACCOUNT || perAddress > guard.attemptsPerAddress) throw tooMany();
  // Counted as a failure until the password proves right (sign-in-failures.ts): guesses at once
  // from many addresses each take a place, so no more than the limit are ever checked.
  // A browser this account has signed in from before is let past a lock that guesses from anywhere
  // put on the account (known-device.ts); the per-address limits above still hold for it.
  const knownDevice = async () => {
    if (!input.device.token) return false;
    const account = await findUserByEmail(db, email);
    return account !== undefined && isKnownDeviceOf(input.device.secret, input.device.token, account, new Date());
  };
  if ((await reserveSignInFailure(db, email, SIGN_IN_WINDOW_SECONDS)) > guard.failuresPerAccount && !(await knownDevice())) {
    await releaseSignInFailure(db, email);
    throw tooMany();
  }
  let user: User | undefined;
  let ok: boolean;
  try {
    user = await findUserByEmail(db, email);
    ok = await guard.passwords.verify(input.password, user?.passwordHash);
  } catch (error) {
    await releaseSignInFailure(db, email); // not checked (the hashing queue is full): not a failure
    throw error;
  }
  if (!user || !ok) throw unauthorised(signInMessages.wrong);
  await releaseSignInFailure(db, email);
  let passwordHash = user.passwordHash;
  if (needsRehash(passwordHash)) {
    // An older scrypt hash becomes argon2id now that the password is known to be right.
    passwordHash = await guard.passwords.hash(input.password);
    await updateUserPassword(db, user.id, passwordHash);
  }

  await clearRateLimit(db, accountKey);
  // Rotate: a session id never survives a sign-in (session fixation).
  if (input.previousToken) await deleteSession(db, hashToken(input.previousToken));
  const token = newToken();
  const now = new Date();
  const expiresAt = new Date(now.getTime() + input.ttlHours * 3_600_000);
  await insertSession(db, { idHash: hashToken(token), userId: user.id, expiresAt, userAgent: input.userAgent?.slice(0, 300) ?? null });
  await recordSignIn(db, user.id, now);
  return { token, user: toSessionUser(user), expiresAt, deviceToken: knownDeviceToken(input.device.secret, { id: user.id, passwordHash }, now) };
}

export async function userForSession(database: Database, token: string): Promise<SessionUser | null> {
  const user = await findSessionUser(database, hashToken(token), new Date());
  return user ? toSessionUser(user) : null;
}

export async function signOut(db: Db, token: string): Promise<void> {
  await deleteSession(db, hashToken(token));
}
