// Sessions (admins, repairers) and customer grants (D10, D11), read from cookies, and only by
// the routes that need them (issue 9): no hook reads the session for every request; a route
// asks with request.session() or request.viewer(), each looked up at most once per request.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Role } from '../../shared/api/auth';
import type { AppConfig } from '../config/config';
import type { SessionUser, Viewer, ViewerLookups } from '../kernel/viewer';
import { hashToken, looksLikeToken } from '../kernel/tokens';
import { cookieNames, parseGrantCookie, registerCookies, requestCookies } from '../kernel/cookies';
import { forbidden, unauthorised } from '../kernel/errors';

declare module 'fastify' {
  interface FastifyRequest {
    /** The session cookie's token when it looks like one (not yet checked against the database). */
    readonly sessionToken: string | null;
    /** The signed-in account, looked up on first use. */
    session(): Promise<SessionUser | null>;
    /** Hashes of the customer grant tokens this browser holds (D10), for a read that checks them itself. */
    grantTokenHashes(): string[];
    /** The account and the customer grants this browser holds (D10), looked up on first use. */
    viewer(): Promise<Viewer>;
  }
}

const SESSION = Symbol('session');
const VIEWER = Symbol('viewer');
const GRANT_HASHES = Symbol('grantHashes');
type Memo = FastifyRequest & { [SESSION]?: Promise<SessionUser | null>; [VIEWER]?: Promise<Viewer>; [GRANT_HASHES]?: string[] };

/** lookups: the auth and access modules' reads, handed in by buildApp (the plugin imports no module). */
export async function registerAuth(app: FastifyInstance, config: AppConfig, lookups: ViewerLookups): Promise<void> {
  await registerCookies(app);
  const names = cookieNames(config);
  app.decorateRequest('sessionToken', {
    getter(this: FastifyRequest) {
      const token = requestCookies(this)[names.session];
      return token && looksLikeToken(token) ? token : null;
    },
  });
  app.decorateRequest('session', function session(this: Memo) {
    if (this[SESSION] === undefined) {
      const token = this.sessionToken;
      this[SESSION] = token ? lookups.userForSession(token) : Promise.resolve(null);
    }
    return this[SESSION];
  });
  app.decorateRequest('grantTokenHashes', function grantTokenHashes(this: Memo) {
    this[GRANT_HASHES] ??= parseGrantCookie(requestCookies(this)[names.grants]).map(hashToken);
    return this[GRANT_HASHES];
  });
  app.decorateRequest('viewer', function viewer(this: Memo) {
    this[VIEWER] ??= Promise.all([this.session(), lookups.grantedAssessments(parseGrantCookie(requestCookies(this)[names.grants]))]).then(([user, assessmentIds]) => ({
      user,
      assessmentIds,
    }));
    return this[VIEWER];
  });
}

/**
 * An onRequest hook: only signed-in users with one of these roles (D11). It runs before the
 * body or query is parsed, so nobody learns a route's validation rules without access.
 */
export function requireRole(...roles: Role[]) {
  return async (request: FastifyRequest) => {
    const user = await request.session();
    if (!user) throw unauthorised();
    if (!roles.includes(user.role)) throw forbidden('Your account does not have access to this.');
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
