// Security headers and the same-origin rule for state-changing requests.
import helmet from '@fastify/helmet';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppConfig } from '../config/config';
import { forbidden } from './errors';

const STRIPE_JS = 'https://js.stripe.com';
export const PERMISSIONS_POLICY = `camera=(), microphone=(), geolocation=(), usb=(), serial=(), bluetooth=(), payment=(self "${STRIPE_JS}")`;

export async function registerSecurity(app: FastifyInstance, config: AppConfig): Promise<void> {
  const https = config.publicUrl.startsWith('https://');
  await app.register(helmet, {
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
  });

  // Issue 7: no page needs the camera API, the microphone or location; card payments may use
  // the Payment Request API from this site and Stripe's frame.
  app.addHook('onSend', async (_request, reply) => {
    reply.header('Permissions-Policy', PERMISSIONS_POLICY);
  });

  const allowedOrigins = new Set([new URL(config.publicUrl).origin]);
  app.addHook('onRequest', async (request) => {
    if (!isStateChanging(request)) return;
    if (!isSameOrigin(request, allowedOrigins)) {
      throw forbidden('This request came from another website and was refused.');
    }
  });
}

function isStateChanging(request: FastifyRequest): boolean {
  return !['GET', 'HEAD', 'OPTIONS'].includes(request.method);
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
