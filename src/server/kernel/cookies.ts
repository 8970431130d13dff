// The two cookies the app sets: the staff session (D11) and the customer's grants (D10).
// Names, options, lifetimes and the grant cookie's format live here, below the modules, so the
// modules that set them and plugins/auth.ts that reads them agree.
import cookie from '@fastify/cookie';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppConfig } from '../config/config';
import { looksLikeToken } from './tokens';

/** A browser may hold grants for a few submissions made on it or opened from e-mails. */
export const MAX_GRANTS_PER_BROWSER = 10;

export function parseGrantCookie(value: string | undefined): string[] {
  if (!value) return [];
  return value.split('.').filter(looksLikeToken).slice(0, MAX_GRANTS_PER_BROWSER);
}

export function addToGrantCookie(value: string | undefined, token: string): string {
  const tokens = parseGrantCookie(value).filter((existing) => existing !== token);
  return [token, ...tokens].slice(0, MAX_GRANTS_PER_BROWSER).join('.');
}

export function removeFromGrantCookie(value: string | undefined, token: string): string {
  return parseGrantCookie(value)
    .filter((existing) => existing !== token)
    .join('.');
}

export const GRANT_COOKIE_MAX_AGE = 400 * 24 * 3600; // the longest browsers keep a cookie

export interface CookieNames {
  session: string;
  grants: string;
  /** Issue 38: the customer's My repairs session (docs/decisions/0036). */
  myRepairs: string;
}

export function cookieNames(config: AppConfig): CookieNames {
  // __Host- cookies need Secure, so they are only used behind HTTPS.
  const secure = config.publicUrl.startsWith('https://');
  return secure
    ? { session: '__Host-ar_session', grants: '__Host-ar_access', myRepairs: '__Host-ar_repairs' }
    : { session: 'ar_session', grants: 'ar_access', myRepairs: 'ar_repairs' };
}

export function cookieOptions(config: AppConfig, maxAgeSeconds: number) {
  return {
    path: '/',
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: config.publicUrl.startsWith('https://'),
    maxAge: maxAgeSeconds,
  };
}

/** Adds a grant token to the browser's grant cookie (keeping the others it holds). */
export function setGrantCookie(config: AppConfig, request: FastifyRequest, reply: FastifyReply, token: string): void {
  const names = cookieNames(config);
  reply.setCookie(names.grants, addToGrantCookie(requestCookies(request)[names.grants], token), cookieOptions(config, GRANT_COOKIE_MAX_AGE));
}

/**
 * Issue 38 (docs/decisions/0036): begins this browser's My repairs session. Its token is also a
 * grant to the e-mail's enquiries, so it joins the grant cookie, which every customer read checks.
 */
export function setMyRepairsCookies(config: AppConfig, request: FastifyRequest, reply: FastifyReply, token: string): void {
  const names = cookieNames(config);
  reply.setCookie(names.myRepairs, token, cookieOptions(config, GRANT_COOKIE_MAX_AGE));
  reply.setCookie(names.grants, addToGrantCookie(requestCookies(request)[names.grants], token), cookieOptions(config, GRANT_COOKIE_MAX_AGE));
}

/** Ends this browser's My repairs session: its cookie, and its token among the grants (the grants the browser held before stay). */
export function clearMyRepairsCookies(config: AppConfig, request: FastifyRequest, reply: FastifyReply, token: string | undefined): void {
  const names = cookieNames(config);
  const clear = { path: '/', secure: config.publicUrl.startsWith('https://') };
  reply.clearCookie(names.myRepairs, clear);
  if (!token) return;
  const rest = removeFromGrantCookie(requestCookies(request)[names.grants], token);
  if (rest) reply.setCookie(names.grants, rest, cookieOptions(config, GRANT_COOKIE_MAX_AGE));
  else reply.clearCookie(names.grants, clear);
}

export function myRepairsToken(config: AppConfig, request: FastifyRequest): string | undefined {
  return requestCookies(request)[cookieNames(config).myRepairs];
}

export function setSessionCookie(config: AppConfig, reply: FastifyReply, token: string): void {
  reply.setCookie(cookieNames(config).session, token, cookieOptions(config, config.sessionTtlHours * 3600));
}

export function clearSessionCookie(config: AppConfig, reply: FastifyReply): void {
  reply.clearCookie(cookieNames(config).session, { path: '/' });
}

/**
 * The request's cookies, parsed on first use (issue 9): no hook parses the Cookie header of
 * every request; the routes and guards that read a cookie call this. Setting a cookie parses
 * them too (@fastify/cookie), to the same values.
 */
export function requestCookies(request: FastifyRequest): Record<string, string | undefined> {
  if (!request.cookies) {
    const header = request.headers.cookie;
    request.cookies = header ? request.server.parseCookie(header) : {};
  }
  return request.cookies;
}

export async function registerCookies(app: FastifyInstance): Promise<void> {
  await app.register(cookie, { hook: false });
}
