// A browser that has signed in to an account before is a known device for it (OWASP's "device
// cookie"): when someone guessing an account's password from many addresses has locked it
// (SIGN_IN_FAILURES_PER_ACCOUNT failures in 15 minutes, sign-in-failures.ts), its owner can still
// sign in from a browser they have used, instead of being locked out by anyone who knows their
// e-mail address. The cookie names the account and when it ends, signed with the app's secret;
// it opens nothing by itself, and the per-address limits still apply to it. A new password ends it.
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppConfig } from '../../config/config';
import { cookieOptions, requestCookies } from '../../kernel/cookies';

export const KNOWN_DEVICE_DAYS = 90;
const LIFETIME_SECONDS = KNOWN_DEVICE_DAYS * 24 * 3600;

/** __Host- behind HTTPS, as the session's; only the sign-in reads it. */
const cookieName = (config: AppConfig) => (config.publicUrl.startsWith('https://') ? '__Host-ar_device' : 'ar_device');

/**
 * Signed over the account, the end and the account's password hash: a new password (a reset, or
 * a change) ends every browser's standing as a known device, as it ends every session.
 */
const signature = (secret: string, userId: number, expires: number, passwordHash: string) =>
  createHmac('sha256', secret).update(`known-device:${userId}:${expires}:${passwordHash}`).digest('base64url');

export function knownDeviceToken(secret: string, user: { id: number; passwordHash: string }, now: Date): string {
  const expires = Math.floor(now.getTime() / 1000) + LIFETIME_SECONDS;
  return `${user.id}.${expires}.${signature(secret, user.id, expires, user.passwordHash)}`;
}

/** Whether this browser's cookie is genuine, not expired, and names this account with its present password. */
export function isKnownDeviceOf(secret: string, token: string | undefined, user: { id: number; passwordHash: string }, now: Date): boolean {
  const match = /^(\d{1,10})\.(\d{1,12})\.([\w-]{43})$/.exec(token ?? '');
  if (!match) return false;
  const [, id, until, given] = match;
  const expires = Number(until);
  if (Number(id) !== user.id || expires * 1000 <= now.getTime()) return false;
  const expected = Buffer.from(signature(secret, user.id, expires, user.passwordHash));
  const actual = Buffer.from(given!);
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}

/** The cookie this browser sent, unchecked (signIn checks it against the account it names). */
export function readKnownDevice(config: AppConfig, request: FastifyRequest): string | undefined {
  return requestCookies(request)[cookieName(config)];
}

export function setKnownDevice(config: AppConfig, reply: FastifyReply, token: string): void {
  reply.setCookie(cookieName(config), token, cookieOptions(config, LIFETIME_SECONDS));
}
