// The job registry: jobs declared once, enqueued by name with a checked payload, run through
// the registry, and drained deterministically in tests.
import { Writable } from 'node:stream';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createJobNotification, createQuote, createRepairer } from '../../src/server/db/factories';
import { appointments, jobNotifications, outboxEmails } from '../../src/server/db/schema';
import { jobDefinitions } from '../../src/server/jobs';
import { RowsFailedError } from '../../src/server/jobs/row-failures';
import { LAPSE_PAGE_SIZE } from '../../src/server/modules/booking';
import { dispatchEmails, findEmail, MAX_EMAIL_ATTEMPTS, queueEmail } from '../../src/server/modules/email';
import { createTestApp, type TestApp } from '../helpers/app';
import { heldBooking, workingDay } from '../helpers/checkout';
import { refuseWrites } from '../helpers/failing-rows';
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

describe('a sweep with a row that fails', () => {
  it('expires the other overdue offers, logs the one that failed by id under the job\'s name, and fails the run for its retry', async () => {
    const lines: string[] = [];
    const sink = new Writable({ write: (chunk, _enc, done) => (lines.push(...String(chunk).split('\n').filter(Boolean)), done()) });
    const logged = await createTestApp({ engine: 'auto', env: { LOG_LEVEL: 'info' }, logDestination: sink });
    try {
      const db = logged.database.db;
      const quote = await createQuote(db, { status: 'approved' });
      const offers: number[] = [];
      // Expired in order of expiry: the one that fails comes first.
      for (const [i, email] of ['offer-stuck@example.com', 'offer-one@example.com', 'offer-two@example.com'].entries()) {
        const repairer = await createRepairer(db, { email });
        offers.push((await createJobNotification(db, { quoteId: quote.id, repairerId: repairer.id, expiresAt: new Date(Date.now() - (3 - i) * 60_000) })).id);
      }
      const [stuck, ...others] = offers as [number, ...number[]];
      const refusal = await refuseWrites(db, 'job_notifications', 'UPDATE', `OLD.id = ${stuck}`);
      await logged.app.deps.jobs.enqueue('expire-job-offers', {});
      const { failed } = await logged.app.deps.jobs.drain().finally(() => refusal.stop());
      const statusOf = async (id: number) => (await db.select({ status: jobNotifications.status }).from(jobNotifications).where(eq(jobNotifications.id, id)))[0]!.status;
      for (const id of others) expect(await statusOf(id)).toBe('expired');
      expect(await statusOf(stuck)).toBe('sent');
      expect(failed.map((f) => f.name)).toEqual(['expire-job-offers']);
      expect(failed[0]!.error).toBeInstanceOf(RowsFailedError);

      const entries = lines.map((line) => JSON.parse(line) as { level: number; job?: string; msg: string; jobNotificationId?: number; err?: { message: string } }).filter((line) => line.job === 'expire-job-offers');
      // One warning for the row, by id; then the registry's line for the failed run.
      expect(entries.filter((line) => line.level === 40)).toEqual([
        expect.objectContaining({ jobNotificationId: stuck, msg: expect.stringMatching(/^one of the job offers past their deadline failed: the others go on/), err: expect.objectContaining({ message: expect.stringContaining('Failed query') }) }),
      ]);
      expect(entries.filter((line) => line.level === 50)).toEqual([
        expect.objectContaining({ msg: 'a background job failed: the queue tries it again on its retry policy', err: expect.objectContaining({ message: expect.stringMatching(/^job offers past their deadline: 1 of the 3 looked at failed/) }) }),
      ]);
      expect(lines.join('\n')).not.toContain('@example.com');

      // The retry expires it; the others are not touched again.
      await logged.app.deps.jobs.run('expire-job-offers', {});
      expect(await statusOf(stuck)).toBe('expired');
    } finally {
      await logged.close();
    }
  });

  it('lapses the other expired holds and fails the run, then lapses the one that failed', async () => {
    const holds = [await heldBooking(t, workingDay(20)), await heldBooking(t, workingDay(20)), await heldBooking(t, workingDay(21), 'afternoon')];
    const ids = holds.map((hold) => hold.appointmentId);
    // Lapsed in order of expiry: the one that fails comes first.
    for (const [i, id] of ids.entries()) await t.database.db.update(appointments).set({ holdExpiresAt: new Date(Date.now() - (3 - i) * 60_000) }).where(eq(appointments.id, id));
    const [stuck, ...others] = ids as [number, ...number[]];
    const refusal = await refuseWrites(t.database.db, 'appointments', 'UPDATE', `OLD.id = ${stuck}`);
    const run = await t.app.deps.jobs.run('lapse-expired-holds', {}).then(() => null, (error: unknown) => error).finally(() => refusal.stop());
    const statusOf = async (id: number) => (await t.database.db.select({ status: appointments.status }).from(appointments).where(eq(appointments.id, id)))[0]!.status;
    for (const id of others) expect(await statusOf(id)).toBe('lapsed');
    expect(await statusOf(stuck)).toBe('held');
    expect(run).toMatchObject({ message: expect.stringMatching(/^unpaid holds past their 30 minutes: 1 of the 3 looked at failed/) });
    await t.app.deps.jobs.run('lapse-expired-holds', {});
    expect(await statusOf(stuck)).toBe('lapsed');
  });

  it('lapses the holds on the pages after one where a hold failed, and meets the failed one once', async () => {
    // One more hold than the sweep reads at a time, so there are two pages; the failing hold is the first.
    const PAGE = 200;
    const db = t.database.db;
    const expired = new Date(Date.now() - 60_000);
    const quoteIds: number[] = [];
    for (let i = 0; i <= PAGE; i++) quoteIds.push((await createQuote(db, { status: 'approved' })).id);
    const ids = (
      await db
        .insert(appointments)
        .values(quoteIds.map((quoteId) => ({ quoteId, appointmentDate: workingDay(22), timeSlot: 'morning', status: 'held' as const, holdExpiresAt: expired })))
        .returning({ id: appointments.id })
    ).map((row) => row.id);
    const [stuck, ...others] = ids.sort((a, b) => a - b) as [number, ...number[]];
    const refusal = await refuseWrites(db, 'appointments', 'UPDATE', `OLD.id = ${stuck}`);
    const run = await t.app.deps.jobs.run('lapse-expired-holds', {}).then(() => null, (error: unknown) => error).finally(() => refusal.stop());
    const held = await db.select({ id: appointments.id }).from(appointments).where(and(inArray(appointments.id, ids), eq(appointments.status, 'held')));
    expect(held.map((row) => row.id)).toEqual([stuck]);
    expect(others).toHaveLength(PAGE);
    // Every other hold looked at once, the failed one among them, and none twice.
    expect(run).toMatchObject({ message: expect.stringMatching(new RegExp(`^unpaid holds past their 30 minutes: 1 of the ${PAGE + 1} looked at failed`)) });
    await t.app.deps.jobs.run('lapse-expired-holds', {});
    expect((await db.select({ status: appointments.status }).from(appointments).where(eq(appointments.id, stuck)))[0]!.status).toBe('lapsed');
    // The page the test spans: two pages only while the sweep reads this many at a time.
    expect(LAPSE_PAGE_SIZE).toBe(PAGE);
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
