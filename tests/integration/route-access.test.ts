// Nobody reads what is not theirs (D10, D11): every route the app registers has cases saying
// who may call it, one file per domain in ./access, and a route added without one fails here.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { roleGroup } from '../../src/server/plugins/auth';
import { createTestApp, type TestApp } from '../helpers/app';
import { allCases } from './access';
import { buildAccessWorld, type AccessWorld, type Who } from './access/world';

let t: TestApp;
let world: AccessWorld;
const registered: { method: string; url: string }[] = [];

beforeAll(async () => {
  t = await createTestApp();
  registered.push(...t.app.registeredRoutes);
  world = await buildAccessWorld(t);
});
afterAll(() => t.close());

describe('who may call each route', () => {
  it('has cases for every registered route, and no cases for a route that does not exist', () => {
    const cases = allCases(world);
    const covered = new Set(cases.map((c) => `${c.method} ${c.route}`));
    const routes = new Set(registered.map((r) => `${r.method} ${r.url}`));
    expect(registered.length).toBeGreaterThan(10);
    expect([...routes].filter((route) => !covered.has(route))).toEqual([]);
    expect([...covered].filter((route) => !routes.has(route))).toEqual([]);
  });

  it('answers each caller as the cases say', async () => {
    const failures: string[] = [];
    // Each caller from its own address, so per-address limits (sign-in) count each one alone.
    const address = (who: Who) => `192.0.2.${Object.keys(world.cookies).indexOf(who) + 1}`;
    for (const c of allCases(world)) {
      for (const [who, status] of Object.entries(c.expect) as [Who, number][]) {
        const cookie = world.cookies[who];
        const response = await t.app.inject({
          method: c.method,
          url: c.url,
          remoteAddress: address(who),
          headers: { ...c.headers, ...(cookie ? { cookie } : {}) },
          ...(c.payload ? { payload: c.payload as object } : {}),
        });
        if (response.statusCode !== status) failures.push(`[${c.domain}] ${c.method} ${c.url} as ${who}: ${response.statusCode}, expected ${status}`);
      }
    }
    expect(failures).toEqual([]);
  });
});

// Guarded routes check the role in onRequest, before the body or query is parsed: a caller
// without access never learns a route's validation rules.
describe('access before parsing', () => {
  let guarded: TestApp;
  let cookies: AccessWorld['cookies'];
  beforeAll(async () => {
    guarded = await createTestApp({
      extend: (app) => {
        void app.register(
          roleGroup(['admin'], async (admin) => {
            admin.post('/api/admin/test-form', { schema: { body: z.object({ name: z.string().min(2, 'Name must be at least 2 characters') }) } }, async () => ({ ok: true }));
          }),
        );
      },
    });
    cookies = (await buildAccessWorld(guarded)).cookies;
  });
  afterAll(() => guarded.close());

  const post = (cookie: string | undefined) =>
    guarded.app.inject({ method: 'POST', url: '/api/admin/test-form', payload: { name: 1 }, headers: cookie ? { cookie } : {} });

  it('answers an anonymous invalid POST to an admin route with 401, not field errors', async () => {
    const response = await post(cookies.anonymous);
    expect(response.statusCode).toBe(401);
    expect(response.json()).not.toHaveProperty('fieldErrors');
  });

  it('answers a repairer with 403, not field errors', async () => {
    const response = await post(cookies.repairer);
    expect(response.statusCode).toBe(403);
    expect(response.json()).not.toHaveProperty('fieldErrors');
  });

  it('validates the body only for an admin', async () => {
    const response = await post(cookies.admin);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toHaveProperty('fieldErrors.name');
  });

  it('refuses an invalid query on a real admin route by role first', async () => {
    const anonymous = await guarded.app.inject({ url: '/api/admin/emails?limit=0' });
    const repairer = await guarded.app.inject({ url: '/api/admin/emails?limit=0', headers: { cookie: cookies.repairer! } });
    expect([anonymous.statusCode, repairer.statusCode]).toEqual([401, 403]);
    expect(anonymous.json()).not.toHaveProperty('fieldErrors');
  });
});
