// Sessions (admins, repairers) and customer grants (D10, D11), read from cookies.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Role } from '../../shared/api/auth';
import { guardedPrefixes } from '../../shared/routes';
import type { AppConfig } from '../config/config';
import type { Db } from '../db/database';
import type { Viewer } from '../modules/access/access.policy';
import { parseGrantCookie, resolveGrantedAssessments } from '../modules/access/grants.service';
import { userForSession, type SessionUser } from '../modules/auth/auth.service';
import { looksLikeToken } from '../modules/auth/tokens';
import { cookieNames, registerCookies } from './cookies';
import { forbidden, unauthorised } from './errors';

declare module 'fastify' {
  interface FastifyRequest {
    sessionUser: SessionUser | null;
    sessionToken: string | null;
    /** The customer grants this browser holds (D10), looked up on first use. */
    viewer(): Promise<Viewer>;
  }
}

export async function registerAuth(app: FastifyInstance, config: AppConfig, db: Db): Promise<void> {
  await registerCookies(app);
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

/**
 * An onRequest hook: only signed-in users with one of these roles (D11). It runs before the
 * body or query is parsed, so nobody learns a route's validation rules without access.
 */
export function requireRole(...roles: Role[]) {
  return async (request: FastifyRequest) => {
    if (!request.sessionUser) throw unauthorised();
    if (!roles.includes(request.sessionUser.role)) throw forbidden('Your account does not have access to this.');
  };
}

/**
 * Registers routes in an encapsulated group whose onRequest hook checks the role, so every
 * admin or repairer route is guarded by where it is declared, not by remembering a preHandler.
 */
export function roleGroup<Options extends object = Record<never, never>>(
  roles: readonly Role[],
  routes: FastifyPluginAsyncZod<Options>,
): FastifyPluginAsyncZod<Options> {
  return async (app, options) => {
    app.addHook('onRequest', requireRole(...roles));
    await routes(app.withTypeProvider<ZodTypeProvider>(), options);
  };
}
