// One log line per request, at info, once the answer is sent (issue 9): the request id, the
// method, the route's pattern (never the URL, which may carry an access token), the status and
// the time taken. Fastify's own two lines per request are off (app.ts).
//
// The line goes through a logger of its own, on the same destination and in the same format as
// the app's, without the app's redaction: its fields are fixed here and none is personal, while
// redaction (every personal field name, at any depth, log-redaction.ts) cost a fifth of the
// time of a request for GET /api/site (docs/decisions/0007, fourth round). Every other line,
// errors included, still goes through the app's redacting logger.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import pino, { type DestinationStream } from 'pino';

export function registerRequestLog(app: FastifyInstance, level: string, destination: DestinationStream): void {
  const log = pino({ level }, destination);
  if (!log.isLevelEnabled('info')) return;
  app.addHook('onResponse', (request, reply, done) => {
    log.info(
      { reqId: request.id, method: request.method, route: routeLabel(request), status: reply.statusCode, ms: Math.round(reply.elapsedTime * 10) / 10 },
      'request',
    );
    done();
  });
}

/** The route's pattern, never the URL (it may hold an access token, and would have no bound): the request line's and the metrics' label. */
export function routeLabel(request: FastifyRequest): string {
  return request.routeOptions.url ?? '(no route)';
}
