// Security headers and the same-origin rule for state-changing requests.
//
// Two sets of headers. Pages, and the one route under /api/ that a browser shows as a page (the
// API reference), get helmet's whole set with the CSP that admits Stripe.js. API answers (JSON,
// photos, and the downloads: the quote's PDF, the data export) get the set OWASP's REST Security
// Cheat Sheet gives for API responses, with a CSP that lets nothing load or run. The headers that
// only mean something to an HTML page (Permissions-Policy, Cross-Origin-Opener-Policy,
// Origin-Agent-Cluster, X-DNS-Prefetch-Control, X-Download-Options, X-XSS-Protection,
// X-Permitted-Cross-Domain-Policies) and the pages' long CSP were 700 bytes on every API answer
// for nothing (docs/notes/0007-api-history.md, sixth round).
import helmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import { createHash } from 'node:crypto';
import { SHELL_SCRIPT } from '../../shared/shell-script';
import type { AppConfig } from '../config/config';
import { forbidden } from '../kernel/errors';

const STRIPE_JS = 'https://js.stripe.com';
export const SHELL_SCRIPT_HASH = `'sha256-${createHash('sha256').update(SHELL_SCRIPT, 'utf8').digest('base64')}'`;
// Only features browsers recognise: Chromium reports an unknown one (`bluetooth`) as an error in
// the console of every page.
export const PERMISSIONS_POLICY = `camera=(), microphone=(), geolocation=(), usb=(), serial=(), payment=(self "${STRIPE_JS}")`;

/** @fastify/helmet's options: the headers every response carries. */
function helmetOptions(config: AppConfig): FastifyHelmetOptions {
  const https = config.publicUrl.startsWith('https://');
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        // Stripe.js must load from Stripe and frame its card fields (payments issue).
        // And the customer shells' one inline script, by its hash (issue 36, shared/shell-script.ts).
        scriptSrc: ["'self'", STRIPE_JS, SHELL_SCRIPT_HASH],
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

/**
 * An API answer's CSP: a JSON answer or a photo opened on its own loads nothing, runs nothing,
 * and is framed by nobody. Inline styles are allowed only so that the browser's own viewers (a
 * photo centred on a dark page, JSON's pretty-print) look as they should: with nothing able to
 * load or run, a style can neither fetch nor send anything.
 */
export const API_CONTENT_SECURITY_POLICY = "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'";

/**
 * The headers of an API answer, from the pages' own (`pageHeaders`, so HSTS and the referrer
 * policy are the same): OWASP's list for API responses (a CSP, nosniff, X-Frame-Options, HSTS;
 * Content-Type and Cache-Control are each route's), and Cross-Origin-Resource-Policy, so another
 * site cannot embed a customer's photo or JSON even where it could guess its address.
 */
export function apiSecurityHeaders(pageHeaders: Record<string, string>): Record<string, string> {
  const headers: Record<string, string> = {
    // Most answers name someone: none is kept by a browser or a proxy unless its route says so
    // (the site's figures, the API docs, a photo), which replaces this. A route that forgot used to
    // send none (an attack review: the admin's lists, the outbox with customers' links).
    'cache-control': 'private, no-store',
    'content-security-policy': API_CONTENT_SECURITY_POLICY,
    'cross-origin-resource-policy': 'same-origin',
    'referrer-policy': pageHeaders['referrer-policy']!,
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
  };
  const hsts = pageHeaders['strict-transport-security'];
  if (hsts) headers['strict-transport-security'] = hsts;
  return headers;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A route under /api/ whose answer a browser shows as a page (HTML): it gets the pages' headers. */
    document?: boolean;
  }
}

/** Whether this request is answered as an API answer (apiSecurityHeaders) rather than as a page. */
function answersApi(request: FastifyRequest): boolean {
  return request.url.startsWith('/api/') && request.routeOptions.config?.document !== true;
}

export async function registerSecurity(app: FastifyInstance, config: AppConfig): Promise<void> {
  const pageHeaders = await securityHeaders(config);
  const pages = Object.entries(pageHeaders);
  const api = Object.entries(apiSecurityHeaders(pageHeaders));
  const allowedOrigins = new Set([new URL(config.publicUrl).origin]);
  // One callback hook for every request: the headers, the request id, and the same-origin
  // rule for state-changing requests.
  app.addHook('onRequest', (request, reply, done) => {
    const raw = reply.raw;
    for (const [name, value] of answersApi(request) ? api : pages) raw.setHeader(name, value);
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
