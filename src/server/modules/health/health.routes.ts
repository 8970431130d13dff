import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/database';
import { migrationStatus } from '../../db/migrate';

export const healthRoutes: FastifyPluginAsyncZod<{ database: Database }> = async (app, { database }) => {
  app.get('/healthz', { schema: { response: { 200: z.object({ status: z.literal('ok') }) } } }, async () => ({ status: 'ok' as const }));

  app.get(
    '/readyz',
    { schema: { response: { 200: z.object({ status: z.string(), migrations: z.object({ applied: z.number(), expected: z.number() }) }), 503: z.object({ status: z.string(), migrations: z.object({ applied: z.number(), expected: z.number() }) }) } } },
    async (_request, reply) => {
      const migrations = await migrationStatus(database);
      const ready = migrations.applied >= migrations.expected;
      return reply.status(ready ? 200 : 503).send({ status: ready ? 'ready' : 'not ready', migrations });
    },
  );
};
