// ARCHITECTURE: without SMTP, e-mails stay in the outbox, readable by admins.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { OutboxListSchema, OutboxQuerySchema } from '../../../shared/api/email';
import type { ModuleDeps } from '../../module-deps';
import { roleGroup } from '../../plugins/auth';
import { readOutbox } from './outbox';

export const emailRoutes: FastifyPluginAsyncZod<{ deps: ModuleDeps }> = async (app, { deps }) => {
  const db = deps.database.db;
  await app.register(
    roleGroup(['admin'], async (admin) => {
      admin.get('/api/admin/emails', { schema: { querystring: OutboxQuerySchema, response: { 200: OutboxListSchema } } }, async (request) =>
        readOutbox(db, request.query.limit),
      );
    }),
  );
};
