// Nobody reads what is not theirs (D10, D11): every route the app registers is listed here
// with who may call it, and a route added without an entry fails this test.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAssessmentRecord, createUser } from '../../src/server/db/factories';
import { createGrant } from '../../src/server/modules/access/grants.service';
import { createTestApp, signInAs, type TestApp } from '../helpers/app';

type Who = 'anonymous' | 'customer' | 'otherCustomer' | 'repairer' | 'admin';
interface Case {
  method: string;
  url: string;
  /** Registered route pattern this case covers. */
  route: string;
  expect: Partial<Record<Who, number>>;
  payload?: unknown;
}

let t: TestApp;
const registered: { method: string; url: string }[] = [];
const cookies = {} as Record<Who, string | undefined>;
let assessmentId = 0;

beforeAll(async () => {
  t = await createTestApp();
  registered.push(...t.app.registeredRoutes);
  const db = t.database.db;
  const admin = await createUser(db, { role: 'admin' });
  const repairer = await createUser(db, { role: 'repairer' });
  const assessment = await createAssessmentRecord(db);
  const other = await createAssessmentRecord(db);
  assessmentId = assessment.id;
  cookies.anonymous = undefined;
  cookies.customer = `ar_access=${(await createGrant(db, assessment.id)).token}`;
  cookies.otherCustomer = `ar_access=${(await createGrant(db, other.id)).token}`;
  cookies.repairer = await signInAs(t.app, repairer.email, repairer.password);
  cookies.admin = await signInAs(t.app, admin.email, admin.password);
});
afterAll(() => t.close());

const everyone = (status: number) => ({ anonymous: status, customer: status, repairer: status, admin: status });

function cases(): Case[] {
  return [
    { method: 'GET', url: '/healthz', route: '/healthz', expect: everyone(200) },
    { method: 'GET', url: '/readyz', route: '/readyz', expect: everyone(200) },
    { method: 'GET', url: '/api/site', route: '/api/site', expect: everyone(200) },
    { method: 'POST', url: '/api/auth/sign-in', route: '/api/auth/sign-in', payload: { email: 'x@example.com', password: 'wrong' }, expect: everyone(401) },
    // Signing out ends only the caller's own session (auth.test.ts covers signed-in callers;
    // running it here as them would end the sessions later rows rely on).
    { method: 'POST', url: '/api/auth/sign-out', route: '/api/auth/sign-out', expect: { anonymous: 204, customer: 204 } },
    { method: 'GET', url: '/api/auth/me', route: '/api/auth/me', expect: { anonymous: 401, customer: 401, repairer: 200, admin: 200 } },
    { method: 'GET', url: '/access/not-a-token', route: '/access/:token', expect: everyone(404) },
    { method: 'GET', url: '/api/assessments', route: '/api/assessments', expect: { anonymous: 401, customer: 401, repairer: 403, admin: 200 } },
    { method: 'POST', url: '/api/assessments', route: '/api/assessments', expect: everyone(415) },
    {
      method: 'GET',
      url: `/api/assessments/${assessmentId}`,
      route: '/api/assessments/:id',
      expect: { anonymous: 404, customer: 200, otherCustomer: 404, repairer: 404, admin: 200 },
    },
    { method: 'GET', url: '/api/images/999999', route: '/api/images/:id', expect: everyone(404) },
    // No DVLA key in this app: the lookup is not offered to anyone (vehicle-lookup.test.ts covers it with one).
    { method: 'POST', url: '/api/vehicle-lookup', route: '/api/vehicle-lookup', payload: { registration: 'AB12CDE' }, expect: everyone(503) },
    { method: 'GET', url: '/api/admin/emails', route: '/api/admin/emails', expect: { anonymous: 401, customer: 401, repairer: 403, admin: 200 } },
  ];
}

describe('who may call each route', () => {
  it('has an entry for every registered API route', () => {
    const covered = new Set(cases().map((c) => `${c.method} ${c.route}`));
    const apiRoutes = registered.filter((r) => r.url.startsWith('/api') || r.url.startsWith('/access') || r.url.endsWith('z'));
    expect(apiRoutes.length).toBeGreaterThan(10);
    const missing = apiRoutes.map((r) => `${r.method} ${r.url}`).filter((r) => !covered.has(r));
    expect(missing).toEqual([]);
  });

  it('answers each caller as the table says', async () => {
    const failures: string[] = [];
    for (const c of cases()) {
      for (const [who, status] of Object.entries(c.expect) as [Who, number][]) {
        const cookie = cookies[who];
        const response = await t.app.inject({
          method: c.method as 'GET',
          url: c.url,
          headers: cookie ? { cookie } : {},
          ...(c.payload ? { payload: c.payload as object } : {}),
        });
        if (response.statusCode !== status) failures.push(`${c.method} ${c.url} as ${who}: ${response.statusCode}, expected ${status}`);
      }
    }
    expect(failures).toEqual([]);
  });
});
