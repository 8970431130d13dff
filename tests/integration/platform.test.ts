// Health, readiness, 404s, security headers, the same-origin rule and the error path.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { expectedMigrationCount } from '../../src/server/db/migrate';
import { badRequest, conflict } from '../../src/server/kernel/errors';
import { createTestApp, type TestApp } from '../helpers/app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('health and readiness', () => {
  it('answers /healthz while the process runs', async () => {
    const response = await t.app.inject('/healthz');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
  });

  it('answers /readyz once the database answers and every migration is applied', async () => {
    const response = await t.app.inject('/readyz');
    expect(response.statusCode).toBe(200);
    // Every committed migration (0000_initial, 0001_lifecycle_status_checks, …) is applied.
    const committed = expectedMigrationCount();
    expect(committed).toBeGreaterThanOrEqual(2);
    expect(response.json()).toMatchObject({ status: 'ready', migrations: { applied: committed, expected: committed } });
  });

  it('answers /readyz with 503 when migrations are missing', async () => {
    await t.database.executeSql('ALTER TABLE drizzle.__drizzle_migrations RENAME TO hidden_migrations');
    try {
      const response = await t.app.inject('/readyz');
      expect(response.statusCode).toBe(503);
      expect(response.json().status).toBe('not ready');
    } finally {
      await t.database.executeSql('ALTER TABLE drizzle.hidden_migrations RENAME TO __drizzle_migrations');
    }
  });
});

describe('unknown paths (D23)', () => {
  it('answers an unknown API path with a JSON 404', async () => {
    const response = await t.app.inject('/api/no-such');
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toMatch(/application\/json/);
    expect(response.json()).toEqual({ error: 'not_found', message: 'There is no GET /api/no-such here.' });
  });

  it('answers an unknown page with HTTP 404 and HTML', async () => {
    const response = await t.app.inject('/no-such-page');
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toMatch(/text\/html/);
  });

  it("sends SPEC's /quote call to action to the assessment wizard (301, keeping the query, with or without a trailing slash), and nothing below it", async () => {
    const response = await t.app.inject('/quote');
    expect([response.statusCode, response.headers.location]).toEqual([301, '/assessment']);
    const tagged = await t.app.inject('/quote?utm_source=flyer');
    expect([tagged.statusCode, tagged.headers.location]).toEqual([301, '/assessment?utm_source=flyer']);
    const slashed = await t.app.inject('/quote/');
    expect([slashed.statusCode, slashed.headers.location]).toEqual([301, '/assessment']);
    expect((await t.app.inject('/quote/x/y')).statusCode).toBe(404);
  });

  it('answers a known page with 200 and HTML', async () => {
    for (const path of ['/', '/services', '/quote/12', '/assessment', '/sign-in']) {
      const response = await t.app.inject(path);
      expect(response.statusCode, path).toBe(200);
      expect(response.headers['content-type']).toMatch(/text\/html/);
    }
  });
});

describe('security headers', () => {
  it('sends a CSP that admits Stripe.js and forbids framing, plus nosniff and a referrer policy', async () => {
    const response = await t.app.inject('/');
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain('script-src \'self\' https://js.stripe.com');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(response.headers['x-frame-options']).toBe('DENY');
    expect(response.headers['x-request-id']).toBeTruthy();
  });

  it('gives an API answer the API set: a CSP that loads and runs nothing, nosniff, no framing, same-origin only, and none of the page-only headers', async () => {
    for (const url of ['/api/site', '/api/site?again=1', '/api/no-such-route', '/api/openapi.json']) {
      const response = await t.app.inject(url);
      expect(response.headers['content-security-policy'], url).toBe("default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'");
      expect(response.headers['x-content-type-options'], url).toBe('nosniff');
      expect(response.headers['x-frame-options'], url).toBe('DENY');
      expect(response.headers['cross-origin-resource-policy'], url).toBe('same-origin');
      expect(response.headers['referrer-policy'], url).toBe('strict-origin-when-cross-origin');
      expect(response.headers['x-request-id'], url).toBeTruthy();
      for (const pageOnly of ['permissions-policy', 'cross-origin-opener-policy', 'origin-agent-cluster', 'x-xss-protection', 'x-dns-prefetch-control']) {
        expect(response.headers[pageOnly], `${url} ${pageOnly}`).toBeUndefined();
      }
    }
    // Kept by nobody unless the route says so (the site's public figures may be).
    expect((await t.app.inject('/api/site')).headers['cache-control']).toBe('public, max-age=300');
    for (const url of ['/api/no-such-route', '/api/auth/me', '/api/admin/enquiries']) expect((await t.app.inject(url)).headers['cache-control'], url).toBe('private, no-store');
    // A refusal on an API route is an API answer too.
    const refused = await t.app.inject({ method: 'POST', url: '/api/auth/sign-in', headers: { origin: 'https://evil.example' }, payload: {} });
    expect(refused.statusCode).toBe(403);
    expect(refused.headers['content-security-policy']).toBe("default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'");
  });

  it("gives pages, and the API reference a browser shows as a page, the pages' whole set", async () => {
    for (const url of ['/', '/services', '/api/docs', '/no-such-page', '/api']) {
      const response = await t.app.inject(url);
      expect(String(response.headers['content-security-policy']), url).toContain("script-src 'self' https://js.stripe.com");
      expect(response.headers['permissions-policy'], url).toContain('camera=()');
      expect(response.headers['cross-origin-opener-policy'], url).toBe('same-origin');
      expect(response.headers['x-frame-options'], url).toBe('DENY');
    }
  });

  it('sends HSTS only in production behind HTTPS, on pages and API answers alike', async () => {
    expect(await t.app.inject('/').then((r) => r.headers['strict-transport-security'])).toBeUndefined();
    expect(await t.app.inject('/api/site').then((r) => r.headers['strict-transport-security'])).toBeUndefined();
    const production = await createTestApp({ env: { NODE_ENV: 'production', PUBLIC_URL: 'https://www.autorevive.co.uk' } });
    try {
      for (const url of ['/healthz', '/api/site']) {
        const response = await production.app.inject(url);
        expect(response.headers['strict-transport-security'], url).toBe('max-age=31536000; includeSubDomains');
      }
    } finally {
      await production.close();
    }
  });
});

describe('same-origin rule for state-changing requests', () => {
  const signIn = { email: 'nobody@example.com', password: 'wrong' };

  it('refuses a POST from another site (Origin)', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/auth/sign-in', payload: signIn, headers: { origin: 'https://evil.example' } });
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe('This request came from another website and was refused.');
  });

  it('refuses a POST the browser marks cross-site', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/auth/sign-in', payload: signIn, headers: { 'sec-fetch-site': 'cross-site' } });
    expect(response.statusCode).toBe(403);
  });

  it('lets same-origin browser requests and non-browser clients through', async () => {
    const sameOrigin = await t.app.inject({ method: 'POST', url: '/api/auth/sign-in', payload: signIn, headers: { origin: 'http://localhost:3000', 'sec-fetch-site': 'same-origin' } });
    expect(sameOrigin.statusCode).toBe(401);
    const curl = await t.app.inject({ method: 'POST', url: '/api/auth/sign-in', payload: signIn });
    expect(curl.statusCode).toBe(401);
  });
});

describe('one error path', () => {
  let errors: TestApp;
  beforeAll(async () => {
    errors = await createTestApp({
      extend(app) {
        app.get('/api/test/domain', async () => {
          throw badRequest('Please choose a date.', { date: 'Please choose a date.' });
        });
        app.get('/api/test/conflict', async () => {
          throw conflict('That slot has just been taken.');
        });
        app.get('/api/test/crash', async () => {
          throw new Error('database password is hunter2');
        });
        app.withTypeProvider<ZodTypeProvider>().post(
          '/api/test/validate',
          { schema: { body: z.object({ name: z.string().min(2, 'Name must be at least 2 characters') }) } },
          async () => ({ ok: true }),
        );
      },
    });
  });
  afterAll(() => errors.close());

  it('maps a domain error to its status and message', async () => {
    const domain = await errors.app.inject('/api/test/domain');
    expect(domain.statusCode).toBe(400);
    expect(domain.json()).toEqual({ error: 'bad_request', message: 'Please choose a date.', fieldErrors: { date: 'Please choose a date.' } });
    expect((await errors.app.inject('/api/test/conflict')).statusCode).toBe(409);
  });

  it('answers any other error with a 500 that says nothing specific but the request id', async () => {
    const crash = await errors.app.inject('/api/test/crash');
    expect(crash.statusCode).toBe(500);
    expect(crash.body).not.toContain('hunter2');
    expect(crash.json()).toMatchObject({ error: 'internal_error', requestId: crash.headers['x-request-id'] });
  });

  it('answers invalid input with 400 and the schema message for each field', async () => {
    const invalid = await errors.app.inject({ method: 'POST', url: '/api/test/validate', payload: { name: 'A' } });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json()).toEqual({ error: 'invalid_input', message: 'Please check the details you entered.', fieldErrors: { name: 'Name must be at least 2 characters' } });
  });

  it('answers malformed JSON with 400', async () => {
    const badJson = await errors.app.inject({ method: 'POST', url: '/api/test/validate', payload: '{"name":', headers: { 'content-type': 'application/json' } });
    expect(badJson.statusCode).toBe(400);
    expect(badJson.json()).toMatchObject({ message: 'The request could not be understood.' });
  });
});
