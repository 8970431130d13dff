// Issue 13 item 2 (D19): introduction e-mails, the Repairer Network tab's bulk actions, the
// outreach figures (admin), and unsubscribing (public: the signed token is the key, and a mail
// program's one-click POST carries no session, RFC 8058).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { IdParamsSchema } from '../../../shared/api/assessments';
import {
  BulkActionBodySchema,
  BulkActionResultSchema,
  BulkIntroResultSchema,
  EmailStatsSchema,
  IntroQueuedSchema,
  UnsubscribeParamsSchema,
  UnsubscribeViewSchema,
} from '../../../shared/api/outreach';
import type { ModuleDeps } from '../../module-deps';
import { roleGroup } from '../../plugins/auth';
import { bulkAction, emailStats, readUnsubscribe, sendIntro, sendIntroAll, unsubscribe, type OutreachContext } from './outreach.service';
import { actorOf } from '../privacy';
import { TELL_COVERED_CUSTOMERS_JOB } from '../../kernel/jobs';

export const outreachRoutes: FastifyPluginAsyncZod<{ deps: ModuleDeps }> = async (app, { deps }) => {
  const ctx: OutreachContext = { database: deps.database, config: deps.config, secret: deps.appSecret, jobs: deps.jobs };

  await app.register(
    roleGroup(['admin'], async (admin) => {
      admin.post('/api/repairers/:id/send-intro', { schema: { params: IdParamsSchema, response: { 200: IntroQueuedSchema } } }, async (request) => {
        return sendIntro(ctx, request.params.id, new Date());
      });

      admin.post('/api/repairers/send-intro-all', { schema: { response: { 200: BulkIntroResultSchema } } }, async () => {
        return sendIntroAll(ctx, new Date());
      });

      admin.post('/api/admin/repairers/bulk', { schema: { body: BulkActionBodySchema, response: { 200: BulkActionResultSchema } } }, async (request) => {
        const result = await bulkAction(ctx, request.body, new Date(), actorOf(await request.session()));
        // Issue 35: customers waiting for a technician near them are told once one is verified.
        if (request.body.action === 'verify') await deps.jobs.enqueue(TELL_COVERED_CUSTOMERS_JOB, {});
        return result;
      });

      admin.get('/api/admin/email-stats', { schema: { response: { 200: EmailStatsSchema } } }, async (_request, reply) => {
        reply.header('Cache-Control', 'private, no-store');
        return { ...(await emailStats(deps.database)), mailServer: deps.mailer.configured };
      });
    }),
  );

  const publicRoutes: FastifyPluginAsyncZod = async (open) => {
    // RFC 8058: the one-click POST's body is the form field List-Unsubscribe=One-Click; nothing in it is needed.
    // It SHOULD come as multipart/form-data and MAY come URL-encoded (section 3.1): both are read, as nothing.
    open.addContentTypeParser(['application/x-www-form-urlencoded', 'multipart/form-data'], { parseAs: 'string', bodyLimit: 4096 }, (_request, _body, done) => done(null, {}));
    open.get('/api/unsubscribe/:token', { schema: { params: UnsubscribeParamsSchema, response: { 200: UnsubscribeViewSchema } } }, async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      // This is also List-Unsubscribe's address, and a mail program without RFC 8058's one-click
      // opens it in a browser instead (RFC 2369): a person would get this JSON. A navigation asks
      // for HTML (the page's own fetch does not), so it goes to the page with the button; opening
      // either still changes nothing. Only GET is redirected: RFC 8058 forbids it for the POST.
      if (/\btext\/html\b/.test(request.headers.accept ?? '')) return reply.redirect(`/unsubscribe/${encodeURIComponent(request.params.token)}`, 303);
      return readUnsubscribe(ctx, request.params.token);
    });
    open.post('/api/unsubscribe/:token', { schema: { params: UnsubscribeParamsSchema, response: { 200: UnsubscribeViewSchema } } }, async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return unsubscribe(ctx, request.params.token, new Date());
    });
  };
  await app.register(publicRoutes);
};
