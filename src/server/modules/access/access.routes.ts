// D10: the unguessable link in a customer's e-mails restores their access on any device.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AccessParamsSchema, AccessQuerySchema } from '../../../shared/api/access';
import { sameSitePath } from '../../../shared/same-site-path';
import type { ModuleDeps } from '../../module-deps';
import { setGrantCookie } from '../../kernel/cookies';
import { hashToken, looksLikeToken } from '../../kernel/tokens';
import { findGrant, touchGrant } from './grants.repo';

export function safeNextPath(next: string | undefined): string {
  return sameSitePath(next) ?? '/';
}

export const accessRoutes: FastifyPluginAsyncZod<{ deps: ModuleDeps }> = async (app, { deps }) => {
  const { config } = deps;
  const db = deps.database.db;
  app.get('/access/:token', { schema: { params: AccessParamsSchema, querystring: AccessQuerySchema } }, async (request, reply) => {
    const { token } = request.params;
    const grant = looksLikeToken(token) ? await findGrant(db, hashToken(token)) : undefined;
    reply.header('Referrer-Policy', 'no-referrer').header('Cache-Control', 'no-store');
    if (!grant) {
      return reply.status(404).type('text/html; charset=utf-8').send(expiredLinkPage());
    }
    await touchGrant(db, grant.id);
    setGrantCookie(config, request, reply, token);
    return reply.redirect(safeNextPath(request.query.next), 303);
  });
};

function expiredLinkPage(): string {
  return `<!doctype html><html lang="en-GB"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Link not recognised — AutoRevive</title></head>
<body><main><h1>This link is not recognised</h1><p>The link may have been copied incompletely: please open it again from your e-mail. Links in older e-mails stop working when someone signs out everywhere else in My repairs.</p><p><a href="/my-repairs">Get a new link in My repairs</a>, or contact our support team.</p><p><a href="/">Go to the home page</a></p></main></body></html>`;
}
