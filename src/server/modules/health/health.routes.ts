import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { HealthSchema, ReadinessSchema } from '../../../shared/api/health';
import { migrationStatus } from '../../db/migrate';
import type { ModuleDeps } from '../../module-deps';

export const healthRoutes: FastifyPluginAsyncZod<{ deps: ModuleDeps }> = async (app, { deps }) => {
  app.get('/healthz', { schema: { response: { 200: HealthSchema } } }, async () => ({ status: 'ok' as const }));

  app.get('/readyz', { schema: { response: { 200: ReadinessSchema, 503: ReadinessSchema } } }, async (_request, reply) => {
    const migrations = await migrationStatus(deps.database);
    const ready = migrations.applied >= migrations.expected;
    return reply.status(ready ? 200 : 503).send({ status: ready ? 'ready' : 'not ready', migrations });
  });
};
