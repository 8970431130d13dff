// Seeing it work (issue 14): GET /metrics in Prometheus text format for a scraper holding
// METRICS_TOKEN, and the admin dashboard's health panel. The figures for the job queue and the
// outbox are read from the database, so every instance reports the same.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../src/server/db/factories';
import { outboxEmails } from '../../src/server/db/schema';
import { recordBackup } from '../../src/server/modules/backup';
import { dispatchEmails, queueEmail } from '../../src/server/modules/email';
import { startJobQueue } from '../../src/server/plugins/jobs';
import { createTestApp, signInAs, type TestApp } from '../helpers/app';
import { drainJobs } from '../helpers/jobs';

const TOKEN = 'metrics-token-for-the-test-0123456789';
let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp({ engine: 'auto', env: { METRICS_TOKEN: TOKEN } });
  const user = await createUser(t.database.db, { role: 'admin' });
  admin = await signInAs(t.app, user.email, user.password);
});
afterAll(() => t.close());

const scrape = async () => {
  const response = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
  return response.body;
};
const figure = (text: string, series: string) => {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
};
const email = (to: string) => ({ kind: 'test', toAddress: to, subject: 'Hello', textBody: 'Hello', htmlBody: null, headers: {} });

describe('GET /metrics', () => {
  it('answers 401 without the token, with a wrong one, or with another scheme, and says how to send it', async () => {
    for (const authorization of [undefined, 'Bearer wrong-token', `Basic ${TOKEN}`, `Bearer ${TOKEN}x`]) {
      const response = await t.app.inject({ method: 'GET', url: '/metrics', headers: authorization ? { authorization } : {} });
      expect(response.statusCode).toBe(401);
      expect(response.headers['www-authenticate']).toBe('Bearer realm="metrics"');
      expect(response.json().message).toMatch(/Authorization: Bearer/);
    }
  });

  it('counts requests by route pattern and status, never by URL', async () => {
    for (let i = 0; i < 3; i++) await t.app.inject({ method: 'GET', url: '/healthz' });
    await t.app.inject({ method: 'GET', url: '/api/access/secret-token-in-the-url' });
    const text = await scrape();
    expect(figure(text, 'http_requests_total{method="GET",route="/healthz",status="200"}')).toBe(3);
    expect(figure(text, 'http_request_duration_seconds_count{method="GET",route="/healthz",status="200"}')).toBe(3);
    expect(text).not.toContain('secret-token-in-the-url');
    expect(text).toContain('process_resident_memory_bytes');
  });

  it('reports the job queue and the outbox backlog, and their draining', async () => {
    const queued = await queueEmail(t.database.db, email('backlog@example.com'));
    await dispatchEmails(t.app.deps.jobs, [queued]);
    let text = await scrape();
    expect(figure(text, 'autorevive_outbox_emails{status="pending"}')).toBe(1);
    expect(figure(text, 'autorevive_jobs{queue="send-email",state="created"}')).toBe(1);

    await drainJobs(t.app); // no SMTP server: the e-mail is kept in the outbox as logged
    text = await scrape();
    expect(figure(text, 'autorevive_outbox_emails{status="pending"}')).toBe(0);
    expect(figure(text, 'autorevive_outbox_emails{status="logged"}')).toBe(1);
    expect(figure(text, 'autorevive_jobs{queue="send-email",state="created"}')).toBeUndefined();
    if (t.database.kind === 'postgres') {
      expect(figure(text, 'autorevive_db_pool_connections{state="total"}')).toBeGreaterThan(0);
      // Idle otherwise: the scrape's own queries for the figures above are not counted as waiting.
      expect(figure(text, 'autorevive_db_pool_connections{state="waiting"}')).toBe(0);
    }
    else expect(text).not.toContain('autorevive_db_pool_connections{');
  });
});

describe('the admin health panel', () => {
  it('shows the backlogs, failed e-mails and the last backup', async () => {
    await t.database.db.insert(outboxEmails).values([{ ...email('gone@example.com'), status: 'failed' }, { ...email('waiting@example.com') }]);
    const before = await t.app.inject({ method: 'GET', url: '/api/admin/health', headers: { cookie: admin } });
    expect(before.statusCode).toBe(200);
    expect(before.json()).toEqual({ jobs: { backlog: 0, failedLastDay: 0 }, emails: { backlog: 1, failed: 1 }, backup: { tracked: t.database.kind === 'pglite', lastAt: null } });

    await recordBackup(t.config, { at: '2026-11-25T03:00:00.000Z', file: 'backup.tar.gz', bytes: 1000 });
    const after = (await t.app.inject({ method: 'GET', url: '/api/admin/health', headers: { cookie: admin } })).json();
    expect(after.backup.lastAt).toBe('2026-11-25T03:00:00.000Z');
    expect(figure(await scrape(), 'autorevive_last_backup_timestamp_seconds')).toBe(t.database.kind === 'pglite' ? Date.parse('2026-11-25T03:00:00.000Z') / 1000 : undefined);
  });
});

describe('failed jobs', () => {
  it('are counted for a whole day, though pg-boss archives its jobs meanwhile', async () => {
    // The app's own pg-boss settings, and its upkeep run now rather than in a few minutes.
    const queue = await startJobQueue(t.database, t.app.log, { runWorkers: false });
    try {
      await queue.declare('audit-probe', { retryLimit: 0, retryDelay: 1, retryBackoff: false });
      await queue.send('audit-probe', {});
      const run = await queue.runQueued('audit-probe', () => Promise.reject(new Error('the service is down')));
      expect(run.failed).toHaveLength(1);
      const failedProbes = async () => figure(await scrape(), 'autorevive_jobs{queue="audit-probe",state="failed"}');
      const health = async () => (await t.app.inject({ method: 'GET', url: '/api/admin/health', headers: { cookie: admin } })).json().jobs.failedLastDay as number;
      const failedBefore = await health();

      // It failed at 03:30 (the retention run, say); the operator looks at 16:30.
      await t.database.db.execute(sql`UPDATE pgboss.job SET completed_on = now() - interval '13 hours' WHERE name = 'audit-probe'`);
      await queue.maintain();
      expect(await failedProbes()).toBe(1);
      expect(await health()).toBe(failedBefore);

      // A day on, it is no longer in the last 24 hours.
      await t.database.db.execute(sql`UPDATE pgboss.job SET completed_on = now() - interval '25 hours' WHERE name = 'audit-probe'`);
      await queue.maintain();
      expect(await failedProbes()).toBeUndefined();
      expect(await health()).toBe(failedBefore - 1);
    } finally {
      await queue.stop();
    }
  });
});

describe('without METRICS_TOKEN', () => {
  it('has no metrics: 404 for everyone, token or not', async () => {
    const plain = await createTestApp();
    try {
      const response = await plain.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe('Metrics are off: set METRICS_TOKEN to read them.');
    } finally {
      await plain.close();
    }
  });

  it('refuses a token too short to be secret, at start-up', async () => {
    await expect(createTestApp({ env: { METRICS_TOKEN: 'short' } })).rejects.toThrow(/METRICS_TOKEN must be at least 24 characters/);
  });
});
