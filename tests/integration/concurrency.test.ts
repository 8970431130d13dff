// Behaviour under real concurrency, on the PostgreSQL server when TEST_DATABASE_URL is set
// (CI sets it), else on PGlite.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../src/server/db/factories';
import { hitRateLimit } from '../../src/server/kernel/rate-limits.repo';
import { SIGN_IN_LIMIT_PER_ACCOUNT } from '../../src/server/modules/auth';
import { eq } from 'drizzle-orm';
import { assessments, customerGrants } from '../../src/server/db/schema';
import { MAX_REPLAY_GRANTS } from '../../src/server/modules/assessments';
import { cookieHeader, createTestApp, serverDatabaseAvailable, type TestApp } from '../helpers/app';
import { jpegPhoto } from '../helpers/images';
import { multipartBody, validDetails } from '../helpers/multipart';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ engine: 'auto' });
});
afterAll(() => t.close());

describe(`concurrency (${serverDatabaseAvailable() ? 'PostgreSQL server' : 'PGlite'})`, () => {
  it('counts every one of many simultaneous hits on a rate-limit key exactly once', async () => {
    const counts = await Promise.all(Array.from({ length: 40 }, () => hitRateLimit(t.database.db, 'concurrency-test', 60)));
    expect([...counts].sort((a, b) => a - b)).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
  });

  it('lets no more than the limit of simultaneous sign-in attempts through', async () => {
    const user = await createUser(t.database.db, { role: 'admin' });
    const responses = await Promise.all(
      Array.from({ length: 12 }, () =>
        t.app.inject({ method: 'POST', url: '/api/auth/sign-in', payload: { email: user.email, password: 'wrong' }, remoteAddress: '192.0.2.44' }),
      ),
    );
    const statuses = responses.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 401)).toHaveLength(SIGN_IN_LIMIT_PER_ACCOUNT);
    expect(statuses.filter((s) => s === 429)).toHaveLength(12 - SIGN_IN_LIMIT_PER_ACCOUNT);
  });

  it('stores one assessment when the same submission arrives several times at once', async () => {
    const jpeg = await jpegPhoto(800, 600);
    const send = () => {
      const { body, headers } = multipartBody(validDetails, [{ filename: 'a.jpg', contentType: 'image/jpeg', data: jpeg }]);
      return t.app.inject({ method: 'POST', url: '/api/assessments', payload: body, headers: { ...headers, 'idempotency-key': '00000000-0000-4000-8000-0000000000a1' } });
    };
    const responses = await Promise.all([send(), send(), send(), send()]);
    const ids = new Set(responses.map((r) => r.json().id));
    expect(responses.map((r) => r.statusCode).sort()).toEqual([200, 200, 200, 201]);
    expect(ids.size).toBe(1);
    expect(await t.database.db.$count(assessments)).toBe(1);
  });

  it('mints at most MAX_REPLAY_GRANTS fresh grants when many cookieless retries of one submission arrive at once (an attack review)', async () => {
    const jpeg = await jpegPhoto(640, 480);
    const key = '00000000-0000-4000-8000-0000000000b2';
    const send = () => {
      const { body, headers } = multipartBody(validDetails, [{ filename: 'a.jpg', contentType: 'image/jpeg', data: jpeg }]);
      return t.app.inject({ method: 'POST', url: '/api/assessments', payload: body, headers: { ...headers, 'idempotency-key': key } });
    };
    const first = await send();
    expect(first.statusCode).toBe(201);
    const retries = await Promise.all(Array.from({ length: 12 }, send));
    const withCookie = retries.filter((r) => r.statusCode === 200 && String(r.headers['set-cookie'] ?? '').includes('ar_access='));
    expect(withCookie).toHaveLength(MAX_REPLAY_GRANTS);
    expect(retries.filter((r) => r.statusCode === 409)).toHaveLength(12 - MAX_REPLAY_GRANTS);
    expect(await t.database.db.$count(customerGrants, eq(customerGrants.assessmentId, first.json().id))).toBe(1 + MAX_REPLAY_GRANTS);
  });

  it('adds a business by hand once when admins add it at once, by name or by e-mail (two reviews)', async () => {
    const user = await createUser(t.database.db, { role: 'admin' });
    const response = await t.app.inject({ method: 'POST', url: '/api/auth/sign-in', payload: { email: user.email, password: user.password }, remoteAddress: '192.0.2.71' });
    const cookie = cookieHeader(response);
    const add = (businessName: string, email?: string) =>
      t.app.inject({ method: 'POST', url: '/api/admin/repairers', headers: { cookie }, payload: { businessName, city: 'Leeds', postcode: 'LS1 4AP', serviceRadius: 20, specializations: ['scratch'], ...(email ? { email } : {}) } });
    const sameName = await Promise.all(Array.from({ length: 6 }, () => add('Twice Added Repairs')));
    expect(sameName.map((r) => r.statusCode).sort()).toEqual([201, 409, 409, 409, 409, 409]);
    const sameEmail = await Promise.all(Array.from({ length: 6 }, (_, i) => add(`Other Name ${i}`, 'one.address@example.co.uk')));
    expect(sameEmail.map((r) => r.statusCode).sort()).toEqual([201, 409, 409, 409, 409, 409]);
  });

  it('runs a queued job exactly once through pg-boss, with two consumers at once', async () => {
    const seen: number[] = [];
    const { startJobQueue } = await import('../../src/server/plugins/jobs');
    // Two consumers of one queue, as two app processes would be; each drains what is due now
    // (deterministic: no polling worker to wait for, no sleep to guess how long is enough).
    const queueA = await startJobQueue(t.database, t.app.log, { runWorkers: false });
    const queueB = await startJobQueue(t.database, t.app.log, { runWorkers: false });
    try {
      const handler = async (data: { n: number }) => {
        seen.push(data.n);
        await new Promise((r) => setImmediate(r)); // let the other consumer fetch meanwhile
      };
      for (let n = 0; n < 10; n++) await queueA.send('concurrency-test', { n });
      const [a, b] = await Promise.all([queueA.runQueued('concurrency-test', handler), queueB.runQueued('concurrency-test', handler)]);
      expect(a.failed).toEqual([]);
      expect(b.failed).toEqual([]);
      expect(a.completed + b.completed).toBe(10);
      expect([...seen].sort((x, y) => x - y)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
      // Nothing is left for a third look.
      expect(await queueB.runQueued('concurrency-test', handler)).toEqual({ completed: 0, failed: [] });
    } finally {
      await queueA.stop();
      await queueB.stop();
    }
  });
});
