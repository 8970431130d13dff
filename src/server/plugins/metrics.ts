// Prometheus metrics (issue 14): request counts and durations by route and status, measured in
// one onResponse hook, plus whatever the modules add to the same registry (job queue, outbox,
// database pool; src/server/modules/health). Only when METRICS_TOKEN is set: otherwise no hook
// runs and GET /metrics answers 404. Each app has its own registry, so tests may build many.
import type { FastifyInstance } from 'fastify';
import { collectDefaultMetrics, Counter, Histogram, Registry } from 'prom-client';
import type { AppConfig } from '../config/config';
import { routeLabel } from './request-log';

declare module 'fastify' {
  interface FastifyInstance {
    /** The app's metrics registry; null when metrics are off (no METRICS_TOKEN). */
    metrics: Registry | null;
  }
}

export function registerMetrics(app: FastifyInstance, config: AppConfig): void {
  if (!config.metricsToken) {
    app.decorate('metrics', null);
    return;
  }
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const labelNames = ['method', 'route', 'status'] as const;
  const requests = new Counter({ name: 'http_requests_total', help: 'HTTP requests answered, by route pattern and status.', labelNames, registers: [registry] });
  const durations = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from the request arriving to the answer being sent, by route pattern and status.',
    labelNames,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  app.decorate('metrics', registry);
  app.addHook('onResponse', (request, reply, done) => {
    const labels = { method: request.method, route: routeLabel(request), status: String(reply.statusCode) };
    requests.inc(labels);
    durations.observe(labels, reply.elapsedTime / 1000);
    done();
  });
}
