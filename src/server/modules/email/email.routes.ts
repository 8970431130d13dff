// ARCHITECTURE: without SMTP, e-mails stay in the outbox, readable by admins.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { OutboxListSchema, OutboxQuerySchema } from '../../../shared/api/email';
import type { ModuleDeps } from '../../module-deps';
import { roleGroup } from '../../plugins/auth';
import { readOutbox } from './outbox.repo';
import { sendShared } from '../../plugins/serializer';

export const emailRoutes: FastifyPluginAsyncZod<{ deps: ModuleDeps }> = async (app, { deps }) => {
  await app.register(
    roleGroup(['admin'], async (admin) => {
      admin.get('/api/admin/emails', { schema: { querystring: OutboxQuerySchema, response: { 200: OutboxListSchema } } }, async (request, reply) =>
        sendShared(reply, await readOutbox(deps.database, request.query.limit)),
      );
    }),
  );
};
