// Issue 7: no connection stays open for nothing. Node ends a request whose headers take longer
// than headersTimeoutMs and a whole request longer than requestTimeoutMs (long enough for a
// 10 × 10 MB upload on a slow mobile connection), and Fastify's connectionTimeout closes a
// connection that is silent for idleTimeoutMs, so a stalled upload ends while a slow one that
// keeps sending does not. A request that is not a photo upload has only bodyTimeoutMs to send
// its body: a sign-in that never finishes its body must not hold a connection for 15 minutes.
import type { ServerOptions } from 'node:http';
import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../config/config';

/** The server options for these timeouts, given to Fastify() in app.ts. */
export function timeoutOptions(config: AppConfig): { connectionTimeout: number; keepAliveTimeout: number; requestTimeout: number; http: ServerOptions } {
  return {
    connectionTimeout: config.idleTimeoutMs,
    keepAliveTimeout: config.keepAliveTimeoutMs,
    requestTimeout: config.requestTimeoutMs,
    // How often Node checks the header and request timeouts (its default is 30 s).
    http: { headersTimeout: config.headersTimeoutMs, connectionsCheckingInterval: Math.min(5_000, config.headersTimeoutMs) },
  };
}

const REQUEST_TIMEOUT_ANSWER = 'HTTP/1.1 408 Request Timeout\r\nConnection: close\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Length: 50\r\n\r\nThe request took too long to arrive. Please retry.';

export function registerBodyTimeout(app: FastifyInstance, config: AppConfig): void {
  // One callback hook for every request (issue 9); only a request with a body that is not an
  // upload gets a timer, cleared when its body has arrived ('end') or its answer is over
  // ('close' comes after the answer is sent and when the client goes away), so a request
  // without a body pays for nothing more.
  app.addHook('onRequest', (request, reply, done) => {
    const hasBody = request.headers['content-length'] !== undefined || request.headers['transfer-encoding'] !== undefined;
    if (!hasBody || String(request.headers['content-type'] ?? '').startsWith('multipart/')) return done();
    const timer = setTimeout(() => {
      const socket = request.raw.socket;
      if (!socket || socket.destroyed) return;
      if (request.raw.complete) return;
      socket.end(REQUEST_TIMEOUT_ANSWER);
      socket.destroySoon();
    }, config.bodyTimeoutMs);
    timer.unref();
    const clear = () => clearTimeout(timer);
    request.raw.once('end', clear);
    reply.raw.once('close', clear);
    done();
  });
}

/**
 * Call once a long request has been fully received: from then on the server is the one
 * working (decoding photos), so the idle timeout must not cut the answer off. Node restores
 * the keep-alive and idle timeouts for the connection's next request.
 */
export function stopIdleTimeout(request: { raw: { socket?: { setTimeout?: (ms: number) => unknown } | null } }): void {
  const socket = request.raw.socket;
  if (typeof socket?.setTimeout === 'function') socket.setTimeout(0); // absent under inject()
}
