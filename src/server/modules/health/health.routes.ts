import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AdminHealthSchema, HealthSchema, ReadinessSchema } from '../../../shared/api/health';
import { migrationStatus } from '../../db/migrate';
import type { ModuleDeps } from '../../module-deps';
import { roleGroup } from '../../plugins/auth';
import { notFound, unauthorised } from '../../kernel/errors';
import { addMonitoringMetrics, adminHealth } from './monitoring';

const digest = (value: string) => createHash('sha256').update(value).digest();

export const healthRoutes: FastifyPluginAsyncZod<{ deps: ModuleDeps }> = async (app, { deps }) => {
  app.get('/healthz', { schema: { response: { 200: HealthSchema } } }, async () => ({ status: 'ok' as const }));

  app.get('/readyz', { schema: { response: { 200: ReadinessSchema, 503: ReadinessSchema } } }, async (_request, reply) => {
    const migrations = await migrationStatus(deps.database);
    const ready = migrations.applied >= migrations.expected;
    return reply.status(ready ? 200 : 503).send({ status: ready ? 'ready' : 'not ready', migrations });
  });

  // Prometheus text format, for a scraper holding METRICS_TOKEN (issue 14). Without the setting
  // there are no metrics and the path does not exist; a wrong or missing token is a 401.
  const registry = app.metrics;
  if (registry) addMonitoringMetrics(registry, deps.database, deps.config);
  const expected = deps.config.metricsToken ? digest(deps.config.metricsToken) : null;
  app.get('/metrics', async (request, reply) => {
    if (!registry || !expected) throw notFound('Metrics are off: set METRICS_TOKEN to read them.');
    const given = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
    if (!given || !timingSafeEqual(digest(given), expected)) {
      void reply.header('WWW-Authenticate', 'Bearer realm="metrics"');
      throw unauthorised('Send the metrics token as Authorization: Bearer <METRICS_TOKEN>.');
    }
    return reply.header('Cache-Control', 'no-store').type(registry.contentType).send(await registry.metrics());
  });

  await app.register(
    roleGroup(['admin'], async (admin) => {
      admin.get('/api/admin/health', { schema: { response: { 200: AdminHealthSchema } } }, async () => adminHealth(deps.database, deps.config));
    }),
  );
};
