// A browser that has signed in to an account before is a known device for it (OWASP's "device
// cookie"): when someone guessing an account's password from many addresses has locked it
// (SIGN_IN_FAILURES_PER_ACCOUNT failures in 15 minutes, sign-in-failures.ts), its owner can still
// sign in from a browser they have used, instead of being locked out by anyone who knows their
// e-mail address. The cookie names the account and when it ends, signed with the app's secret;
// it opens nothing by itself, and the per-address limits still apply to it.
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppConfig } from '../../config/config';
import { cookieOptions, requestCookies } from '../../plugins/cookies';

export const KNOWN_DEVICE_DAYS = 90;
const LIFETIME_SECONDS = KNOWN_DEVICE_DAYS * 24 * 3600;

/** __Host- behind HTTPS, as the session's; only the sign-in reads it. */
const cookieName = (config: AppConfig) => (config.publicUrl.startsWith('https://') ? '__Host-ar_device' : 'ar_device');

const signature = (secret: string, userId: number, expires: number) => createHmac('sha256', secret).update(`known-device:${userId}:${expires}`).digest('base64url');

export function knownDeviceToken(secret: string, userId: number, now: Date): string {
  const expires = Math.floor(now.getTime() / 1000) + LIFETIME_SECONDS;
  return `${userId}.${expires}.${signature(secret, userId, expires)}`;
}

/** The account this browser's cookie names, if it is genuine and not expired; otherwise null. */
export function knownDeviceUserId(secret: string, token: string | undefined, now: Date): number | null {
  const match = /^(\d{1,10})\.(\d{1,12})\.([\w-]{43})$/.exec(token ?? '');
  if (!match) return null;
  const [, id, until, given] = match;
  const userId = Number(id);
  const expires = Number(until);
  if (expires * 1000 <= now.getTime()) return null;
  const expected = Buffer.from(signature(secret, userId, expires));
  const actual = Buffer.from(given!);
  return expected.length === actual.length && timingSafeEqual(expected, actual) ? userId : null;
}

export function readKnownDevice(config: AppConfig, secret: string, request: FastifyRequest, now: Date): number | null {
  return knownDeviceUserId(secret, requestCookies(request)[cookieName(config)], now);
}

export function setKnownDevice(config: AppConfig, secret: string, reply: FastifyReply, userId: number, now: Date): void {
  reply.setCookie(cookieName(config), knownDeviceToken(secret, userId, now), cookieOptions(config, LIFETIME_SECONDS));
}
