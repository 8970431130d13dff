// ARCHITECTURE: without SMTP, e-mails stay in the outbox, readable by admins.
import { desc } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/database';
import { outboxEmails } from '../../db/schema';
import { requireRole } from '../../plugins/auth';

const OutboxEmailSchema = z.object({
  id: z.number(),
  kind: z.string(),
  toAddress: z.string(),
  subject: z.string(),
  textBody: z.string(),
  status: z.string(),
  attempts: z.number(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
});

export const emailRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/api/admin/emails',
    {
      preHandler: requireRole('admin'),
      schema: { querystring: z.object({ limit: z.coerce.number().int().min(1).max(200).default(50) }), response: { 200: z.array(OutboxEmailSchema) } },
    },
    async (request) => {
      const rows = await db.select().from(outboxEmails).orderBy(desc(outboxEmails.id)).limit(request.query.limit);
      return rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString(), sentAt: row.sentAt?.toISOString() ?? null }));
    },
  );
};
