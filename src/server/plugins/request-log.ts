// One log line per request, at info, once the answer is sent (issue 9): the request id, the
// method, the route's pattern (never the URL, which may carry an access token), the status and
// the time taken. Fastify's own two lines per request are off (app.ts).
//
// The line goes through a logger of its own, on the same destination and in the same format as
// the app's, without the app's redaction: its fields are fixed here and none is personal, while
// redaction (every personal field name, at any depth, log-redaction.ts) cost a fifth of the
// time of a request for GET /api/site (docs/notes/0007-api-history.md, fourth round). Every
// other line, errors included, still goes through the app's redacting logger.
import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyChildLoggerFactory } from 'fastify/types/logger';
import pino, { type Bindings, type ChildLoggerOptions, type DestinationStream, type LogFn } from 'pino';

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

/**
 * Fastify makes a child logger for every request (`request.log`, bound to its reqId). Made from
 * the app's redacting logger, its binding goes through the redactor: 2.3 µs a request against
 * 0.6 µs without redaction (docs/notes/0007-api-history.md, fifth round), and most requests
 * never write through it (their one line is the request line's own logger above). So
 * `request.log` is this stand-in, which makes the real child, redacting as before, the first
 * time it is used.
 */
class LazyChildLogger implements FastifyBaseLogger {
  #child: FastifyBaseLogger | undefined;
  readonly #parent: FastifyBaseLogger;
  readonly #bindings: Bindings;
  readonly #options: ChildLoggerOptions;

  constructor(parent: FastifyBaseLogger, bindings: Bindings, options: ChildLoggerOptions) {
    this.#parent = parent;
    this.#bindings = bindings;
    this.#options = options;
  }

  get #made(): FastifyBaseLogger {
    return (this.#child ??= this.#parent.child(this.#bindings, this.#options));
  }

  get level(): string {
    return this.#made.level;
  }
  set level(level: string) {
    this.#made.level = level;
  }
  fatal(...args: Parameters<LogFn>): void {
    this.#made.fatal(...args);
  }
  error(...args: Parameters<LogFn>): void {
    this.#made.error(...args);
  }
  warn(...args: Parameters<LogFn>): void {
    this.#made.warn(...args);
  }
  info(...args: Parameters<LogFn>): void {
    this.#made.info(...args);
  }
  debug(...args: Parameters<LogFn>): void {
    this.#made.debug(...args);
  }
  trace(...args: Parameters<LogFn>): void {
    this.#made.trace(...args);
  }
  silent(...args: Parameters<LogFn>): void {
    this.#made.silent(...args);
  }
  child(bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
    return this.#made.child(bindings, options);
  }
}

/** Fastify's childLoggerFactory: `request.log` made on first use (LazyChildLogger). */
export const lazyChildLogger: FastifyChildLoggerFactory = (logger, bindings, options) => new LazyChildLogger(logger, bindings, options);
