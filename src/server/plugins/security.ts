// Security headers and the same-origin rule for state-changing requests.
import helmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import type { AppConfig } from '../config/config';
import { forbidden } from './errors';

const STRIPE_JS = 'https://js.stripe.com';
export const PERMISSIONS_POLICY = `camera=(), microphone=(), geolocation=(), usb=(), serial=(), bluetooth=(), payment=(self "${STRIPE_JS}")`;

/** @fastify/helmet's options: the headers every response carries. */
function helmetOptions(config: AppConfig): FastifyHelmetOptions {
  const https = config.publicUrl.startsWith('https://');
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        // Stripe.js must load from Stripe and frame its card fields (payments issue).
        scriptSrc: ["'self'", STRIPE_JS],
        frameSrc: [STRIPE_JS, 'https://hooks.stripe.com'],
        connectSrc: ["'self'", 'https://api.stripe.com'],
        imgSrc: ["'self'", 'data:', 'blob:', 'https://*.stripe.com'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        fontSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(https ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    hsts: config.env === 'production' && https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginEmbedderPolicy: false,
    frameguard: { action: 'deny' },
  };
}

/**
 * The security headers, worked out once (issue 9): helmet builds the same headers for every
 * request (no CSP nonces here), so it answers one request of a throwaway app at start-up and
 * its headers are copied onto every response by one hook, with Permissions-Policy. Issue 7: no
 * page needs the camera API, the microphone or location; card payments may use the Payment
 * Request API from this site and Stripe's frame.
 */
export async function securityHeaders(config: AppConfig): Promise<Record<string, string>> {
  const probe = Fastify({ logger: false });
  await probe.register(helmet, helmetOptions(config));
  probe.get('/', (_request, reply) => reply.send(''));
  const response = await probe.inject({ method: 'GET', url: '/' });
  await probe.close();
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(response.headers)) {
    if (!RESPONSE_OWN_HEADERS.has(name) && value !== undefined) headers[name] = String(value);
  }
  headers['permissions-policy'] = PERMISSIONS_POLICY;
  return headers;
}
const RESPONSE_OWN_HEADERS = new Set(['content-type', 'content-length', 'date', 'connection', 'keep-alive', 'transfer-encoding']);

export async function registerSecurity(app: FastifyInstance, config: AppConfig): Promise<void> {
  const headers = Object.entries(await securityHeaders(config));
  const allowedOrigins = new Set([new URL(config.publicUrl).origin]);
  // One callback hook for every request: the headers, the request id, and the same-origin
  // rule for state-changing requests.
  app.addHook('onRequest', (request, reply, done) => {
    const raw = reply.raw;
    for (const [name, value] of headers) raw.setHeader(name, value);
    raw.setHeader('x-request-id', request.id);
    if (isStateChanging(request) && !isSameOrigin(request, allowedOrigins)) {
      done(forbidden('This request came from another website and was refused.'));
      return;
    }
    done();
  });
}

function isStateChanging(request: FastifyRequest): boolean {
  const method = request.method;
  return method !== 'GET' && method !== 'HEAD' && method !== 'OPTIONS';
}

// Browsers send Sec-Fetch-Site and Origin on cross-site requests; clients that are not
// browsers (curl, server-to-server) send neither and are not exposed to CSRF.
function isSameOrigin(request: FastifyRequest, allowed: Set<string>): boolean {
  const site = request.headers['sec-fetch-site'];
  if (site === 'cross-site' || site === 'same-site') return false;
  const origin = request.headers.origin;
  if (!origin) return true;
  if (allowed.has(origin)) return true;
  const host = request.headers.host;
  return host !== undefined && (origin === `http://${host}` || origin === `https://${host}`);
}
