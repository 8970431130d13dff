// The job registry: jobs declared once, enqueued by name with a checked payload, run through
// the registry, and drained deterministically in tests.
import { Writable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboxEmails } from '../../src/server/db/schema';
import { jobDefinitions } from '../../src/server/jobs';
import { findEmail } from '../../src/server/modules/email/email.repo';
import { dispatchEmails, MAX_EMAIL_ATTEMPTS, queueEmail } from '../../src/server/modules/email/email.service';
import { createTestApp, type TestApp } from '../helpers/app';
import { drainJobs } from '../helpers/jobs';
import { startSmtpServer, switchableMailer } from '../helpers/smtp';

const newEmail = (to: string) => ({ kind: 'test', toAddress: to, subject: 'Jobs test', textBody: 'Hello', htmlBody: null, headers: {} });

// One app for the file; its mailer sends through a test's SMTP server only where one says so.
const mailer = switchableMailer();
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ mailer });
});
afterAll(() => t.close());

describe('the job registry', () => {
  it('declares each job once, with a retry policy, and creates its queue with that policy', async () => {
    const names = jobDefinitions.map((job) => job.name);
    expect(new Set(names).size).toBe(names.length);
    expect(names).toEqual(expect.arrayContaining(['send-email', 'sweep-outbox', 'sweep-orphan-photos']));
    const { rows } = await t.database.executeSql('SELECT name, retry_limit, retry_delay, retry_backoff FROM pgboss.queue WHERE name = $1', ['send-email']);
    expect(rows[0]).toMatchObject({ retry_limit: MAX_EMAIL_ATTEMPTS, retry_delay: 30, retry_backoff: true });
  });

  it('refuses a payload that does not match the job, and queues nothing', async () => {
    // @ts-expect-error: the payload is typed by the job's name
    await expect(t.app.deps.jobs.enqueue('send-email', { id: 'seven' })).rejects.toThrow();
    expect(await t.app.deps.jobs.drain()).toEqual({ completed: {}, failed: [] });
  });

  it('runs queued jobs when drained, and jobs that they enqueue in the same drain', async () => {
    const email = await queueEmail(t.database.db, newEmail('lost-job@example.com'));
    // The job that should have sent it was lost; the sweeper finds e-mails pending for 5 minutes.
    await t.database.db.update(outboxEmails).set({ createdAt: new Date(Date.now() - 10 * 60_000) }).where(eq(outboxEmails.id, email.id));
    await t.app.deps.jobs.enqueue('sweep-outbox', {});
    expect(await drainJobs(t.app)).toEqual({ 'sweep-outbox': 1, 'send-email': 1 });
    // No SMTP server is configured for this app: the e-mail is kept and logged.
    expect((await findEmail(t.database.db, email.id))!.status).toBe('logged');
  });

  it('runs a job the sweeper enqueued just before the drain, whatever the millisecond of the database clock', async () => {
    // pg-boss fetches a job once its start_after < now(), and PGlite's now() moves in whole
    // milliseconds: a drain that fetched at once could find nothing due (it failed a fresh-clone run once).
    for (let round = 0; round < 30; round++) {
      const email = await queueEmail(t.database.db, newEmail(`same-millisecond-${round}@example.com`));
      await t.database.db.update(outboxEmails).set({ createdAt: new Date(Date.now() - 10 * 60_000) }).where(eq(outboxEmails.id, email.id));
      await t.app.deps.jobs.run('sweep-outbox', {});
      expect(await drainJobs(t.app), `round ${round}`).toEqual({ 'send-email': 1 });
    }
  });
});

describe('a queued job that fails', () => {
  it('is logged with its name and error (no address in it) before the queue retries it', async () => {
    const lines: string[] = [];
    const sink = new Writable({ write: (chunk, _enc, done) => (lines.push(...String(chunk).split('\n').filter(Boolean)), done()) });
    const smtp = await startSmtpServer();
    const deferring = switchableMailer();
    deferring.use(smtp.url);
    const logged = await createTestApp({ env: { LOG_LEVEL: 'info' }, logDestination: sink, mailer: deferring });
    try {
      // The mail server greylists the address: the send-email job's first attempt fails.
      smtp.defer('greylisted@example.com');
      const email = await queueEmail(logged.database.db, newEmail('greylisted@example.com'));
      await logged.app.deps.jobs.enqueue('send-email', { id: email.id });
      const { failed } = await logged.app.deps.jobs.drain();
      expect(failed.map((f) => f.name)).toEqual(['send-email']);
      const failures = lines.map((line) => JSON.parse(line) as { level: number; job?: string; msg: string; err?: { message: string } }).filter((line) => line.job === 'send-email');
      expect(failures).toHaveLength(1);
      expect(failures[0]).toMatchObject({ level: 50, msg: 'a background job failed: the queue tries it again on its retry policy', err: { message: expect.stringContaining('Recipient address rejected') } });
      expect(lines.join('\n')).not.toContain('greylisted@');
    } finally {
      await logged.close();
      await smtp.close();
    }
  });
});

describe('e-mail through the queue', () => {
  it('sends a dispatched e-mail over SMTP when the queue is drained, and reports a failed attempt for retry', async () => {
    const smtp = await startSmtpServer({ failFirst: 1 });
    mailer.use(smtp.url);
    try {
      const email = await queueEmail(t.database.db, newEmail('queued@example.com'));
      await dispatchEmails(t.app.deps.jobs, [email]);
      const first = await t.app.deps.jobs.drain();
      expect(first.completed).toEqual({});
      expect(first.failed).toHaveLength(1);
      expect(first.failed[0]).toMatchObject({ name: 'send-email', error: expect.objectContaining({ message: expect.stringMatching(/temporarily unavailable/) }) });
      expect(await findEmail(t.database.db, email.id)).toMatchObject({ status: 'pending', attempts: 1 });
      expect(smtp.received).toHaveLength(0);

      // The retry waits for its delay; running the job through the registry sends it now.
      await t.app.deps.jobs.run('send-email', { id: email.id });
      expect(smtp.received.map((m) => m.to)).toEqual([['queued@example.com']]);
      expect((await findEmail(t.database.db, email.id))!.status).toBe('sent');
    } finally {
      mailer.use(undefined);
      await smtp.close();
    }
  });
});
