// Sessions (admins, repairers) and customer grants (D10, D11), read from cookies.
import cookie from '@fastify/cookie';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { guardedPrefixes } from '../../shared/routes';
import type { AppConfig } from '../config/config';
import type { Db } from '../db/database';
import type { Viewer } from '../modules/access/access.policy';
import { parseGrantCookie, resolveGrantedAssessments } from '../modules/access/grants.service';
import { userForSession, type SessionUser } from '../modules/auth/auth.service';
import { looksLikeToken } from '../modules/auth/tokens';
import { forbidden, unauthorised } from './errors';

declare module 'fastify' {
  interface FastifyRequest {
    sessionUser: SessionUser | null;
    sessionToken: string | null;
    /** The customer grants this browser holds (D10), looked up on first use. */
    viewer(): Promise<Viewer>;
  }
}

export interface CookieNames {
  session: string;
  grants: string;
}

export function cookieNames(config: AppConfig): CookieNames {
  // __Host- cookies need Secure, so they are only used behind HTTPS.
  const secure = config.publicUrl.startsWith('https://');
  return secure ? { session: '__Host-ar_session', grants: '__Host-ar_access' } : { session: 'ar_session', grants: 'ar_access' };
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

export async function registerAuth(app: FastifyInstance, config: AppConfig, db: Db): Promise<void> {
  await app.register(cookie);
  const names = cookieNames(config);
  app.decorateRequest('sessionUser', null);
  app.decorateRequest('sessionToken', null);
  app.decorateRequest('viewer', function viewer(this: FastifyRequest) {
    throw new Error(`viewer() used before the auth hook ran on ${this.url}`);
  });

  app.addHook('onRequest', async (request) => {
    let cached: Promise<Viewer> | undefined;
    request.viewer = () => {
      cached ??= resolveGrantedAssessments(db, parseGrantCookie(request.cookies[names.grants])).then((assessmentIds) => ({
        user: request.sessionUser,
        assessmentIds,
      }));
      return cached;
    };
    const token = request.cookies[names.session];
    if (!token || !looksLikeToken(token)) return;
    if (!needsSession(request.url)) return;
    request.sessionToken = token;
    request.sessionUser = await userForSession(db, token);
  });
}

// The API and the guarded pages (redirected to sign-in without a session) read the session.
function needsSession(url: string): boolean {
  return url.startsWith('/api/') || guardedPrefixes.some((guard) => url.startsWith(guard.prefix));
}

/** preHandler: only signed-in users with this role (D11). */
export function requireRole(...roles: SessionUser['role'][]) {
  return async (request: FastifyRequest, _reply: FastifyReply) => {
    if (!request.sessionUser) throw unauthorised();
    if (!roles.includes(request.sessionUser.role)) throw forbidden('Your account does not have access to this.');
  };
}
