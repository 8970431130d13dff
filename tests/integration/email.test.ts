// The outbox: e-mails are stored first, then sent over real SMTP with retries, or kept and
// logged when no SMTP server is configured. Delivery is driven through the job registry
// (enqueue, then drainJobs): what production's worker runs, now and deterministically.
import { createServer, type AddressInfo, type Socket } from 'node:net';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';

import { createUser } from '../../src/server/db/factories';
import { outboxEmails } from '../../src/server/db/schema';
import { createMailer, dispatchEmails, findEmail, MAX_EMAIL_ATTEMPTS, queueEmail } from '../../src/server/modules/email';
import { invitationEmail } from '../../src/server/modules/repairer-accounts';
import { unsubscribeLinks } from '../../src/server/modules/repairers';
import { createTestApp, serverDatabaseAvailable, signInAs, type TestApp } from '../helpers/app';
import { drainJobs } from '../helpers/jobs';
import { startSmtpServer, switchableMailer } from '../helpers/smtp';

// One app for the file; its mailer is pointed at the SMTP server, or at none, per test.
const mailer = switchableMailer();
let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await createTestApp({ mailer });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const newEmail = (to = 'customer@example.com') => ({
  kind: 'test',
  toAddress: to,
  subject: 'Your AutoRevive quote',
  textBody: 'Hello from AutoRevive',
  htmlBody: null,
  headers: { 'X-AutoRevive-Kind': 'test' },
});

describe('outbox delivery over SMTP', () => {
  beforeEach(() => {
    mailer.use(smtp.url);
    smtp.received.length = 0;
  });

  it('sends a stored attachment (a booking .ics) as a MIME part with its content type', async () => {
    const ics = 'BEGIN:VCALENDAR\r\nVERSION:2.0\r\nEND:VCALENDAR\r\n';
    const email = await queueEmail(t.database.db, { ...newEmail(), attachments: [{ filename: 'autorevive-booking.ics', contentType: 'text/calendar; charset=utf-8', content: ics }] });
    await dispatchEmails(t.app.deps.jobs, [email]);
    expect(await drainJobs(t.app)).toEqual({ 'send-email': 1 });
    const raw = smtp.received[0]!.raw;
    expect(raw).toMatch(/^Content-Type: text\/calendar; charset=utf-8; name=autorevive-booking\.ics\r?$/im);
    expect(raw).toMatch(/filename=autorevive-booking\.ics/);
  });

  it('sends a pending e-mail over SMTP and marks it sent', async () => {
    const email = await queueEmail(t.database.db, newEmail());
    await dispatchEmails(t.app.deps.jobs, [email]);
    expect(await drainJobs(t.app)).toEqual({ 'send-email': 1 });
    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0]!.to).toEqual(['customer@example.com']);
    expect(smtp.received[0]!.raw).toContain('Subject: Your AutoRevive quote');
    expect(smtp.received[0]!.raw).toMatch(/^X-AutoRevive-Kind: test\r?$/im);
    expect((await findEmail(t.database.db, email.id))!.status).toBe('sent');
    // Delivering again sends nothing: a retried job never duplicates an e-mail.
    await dispatchEmails(t.app.deps.jobs, [email]);
    expect(await drainJobs(t.app)).toEqual({ 'send-email': 1 });
    expect(smtp.received).toHaveLength(1);
  });

  it('sends replies to the support mailbox, not to the no-reply sender: an invitation asks the repairer to reply for a new link', async () => {
    const email = await queueEmail(
      t.database.db,
      invitationEmail({
        to: 'repairer@example.com',
        name: 'Sam',
        businessName: 'Sam Smart Repairs',
        link: `${t.config.publicUrl}/join/x`,
        expiresAt: new Date(),
        unsubscribe: unsubscribeLinks(t.config.publicUrl, 'a test secret of thirty-two characters', 1),
        company: t.config.company,
      }),
    );
    expect(email.textBody).toContain('reply to this e-mail');
    await dispatchEmails(t.app.deps.jobs, [email]);
    expect(await drainJobs(t.app)).toEqual({ 'send-email': 1 });
    const raw = smtp.received[0]!.raw;
    expect(raw).toMatch(/^From: AutoRevive <no-reply@autorevive\.co\.uk>\r?$/im);
    expect(raw).toMatch(new RegExp(`^Reply-To: ${t.config.company.supportEmail.replace(/\./g, '\\.')}\\r?$`, 'im'));
  });

  it('counts a failed attempt and lets the job retry, then gives up after the limit', async () => {
    smtp.failNext(MAX_EMAIL_ATTEMPTS);
    const email = await queueEmail(t.database.db, newEmail());
    await dispatchEmails(t.app.deps.jobs, [email]);
    // The first attempt, from the queue: it fails and is left to the retry policy.
    const first = await t.app.deps.jobs.drain();
    expect(first.completed).toEqual({});
    expect(first.failed).toEqual([expect.objectContaining({ name: 'send-email', error: expect.objectContaining({ message: expect.stringMatching(/temporarily unavailable/) }) })]);
    expect((await findEmail(t.database.db, email.id))!).toMatchObject({ status: 'pending', attempts: 1 });
    // Each retry waits for its delay; running the job through the registry makes it now.
    for (let attempt = 2; attempt < MAX_EMAIL_ATTEMPTS; attempt++) {
      await expect(t.app.deps.jobs.run('send-email', { id: email.id })).rejects.toThrow(/temporarily unavailable/);
      expect((await findEmail(t.database.db, email.id))!).toMatchObject({ status: 'pending', attempts: attempt });
    }
    await t.app.deps.jobs.run('send-email', { id: email.id });
    expect((await findEmail(t.database.db, email.id))!).toMatchObject({ status: 'failed', attempts: MAX_EMAIL_ATTEMPTS });
    expect(smtp.received).toHaveLength(0);
  });
});

describe('e-mails scheduled for later (send_after, issue 13)', () => {
  beforeEach(() => {
    mailer.use(smtp.url);
    smtp.received.length = 0;
  });

  it('are not sent early, not even by the sweeper; one long due whose job was lost is swept up and sent', async () => {
    const tenMinutesAgo = new Date(Date.now() - 10 * 60_000);
    const later = await queueEmail(t.database.db, { ...newEmail('later@example.com'), sendAfter: new Date(Date.now() + 60 * 60_000) });
    const lost = await queueEmail(t.database.db, { ...newEmail('lost@example.com'), sendAfter: tenMinutesAgo });
    await t.database.db.update(outboxEmails).set({ createdAt: tenMinutesAgo }).where(inArray(outboxEmails.id, [later.id, lost.id]));
    await dispatchEmails(t.app.deps.jobs, [later]); // its job waits an hour; the lost one's was never enqueued
    await t.app.deps.jobs.run('sweep-outbox', {});
    await drainJobs(t.app);
    expect(smtp.received.map((m) => m.to[0])).toEqual(['lost@example.com']);
    expect((await findEmail(t.database.db, later.id))!.status).toBe('pending');
  });
});

// Issue 14: with several instances two jobs for one e-mail can run at once (docs/decisions/0017).
// On the server the row is locked while it is sent; the attempt is still counted on failure.
describe.skipIf(!serverDatabaseAvailable())('outbox delivery on the PostgreSQL server', () => {
  let server: TestApp;
  beforeAll(async () => {
    server = await createTestApp({ engine: 'server', mailer });
  });
  afterAll(() => server?.close());
  beforeEach(() => {
    mailer.use(smtp.url);
    smtp.received.length = 0;
  });

  it('skips an e-mail another worker is sending (its row locked), and sends it once when free', async () => {
    const email = await queueEmail(server.database.db, newEmail('locked@example.com'));
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let locked!: () => void;
    const isLocked = new Promise<void>((resolve) => (locked = resolve));
    // Another instance, mid-send: it holds the row's lock in its own transaction.
    const other = server.database.db.transaction(async (tx) => {
      await tx.select().from(outboxEmails).where(eq(outboxEmails.id, email.id)).for('update');
      locked();
      await released;
    });
    await isLocked;
    await server.app.deps.jobs.run('send-email', { id: email.id });
    expect(smtp.received).toHaveLength(0);
    expect((await findEmail(server.database.db, email.id))!).toMatchObject({ status: 'pending', attempts: 0 });
    release();
    await other;
    await server.app.deps.jobs.run('send-email', { id: email.id });
    await server.app.deps.jobs.run('send-email', { id: email.id });
    expect(smtp.received).toHaveLength(1);
    expect((await findEmail(server.database.db, email.id))!.status).toBe('sent');
  });

  it('counts a failed attempt (kept although the send failed inside the lock) and lets the job retry', async () => {
    smtp.failNext(1);
    const email = await queueEmail(server.database.db, newEmail('retry@example.com'));
    await expect(server.app.deps.jobs.run('send-email', { id: email.id })).rejects.toThrow(/temporarily unavailable/);
    expect((await findEmail(server.database.db, email.id))!).toMatchObject({ status: 'pending', attempts: 1 });
    await server.app.deps.jobs.run('send-email', { id: email.id });
    expect((await findEmail(server.database.db, email.id))!).toMatchObject({ status: 'sent', attempts: 1 });
    expect(smtp.received).toHaveLength(1);
  });
});

describe('a mail server that stops answering', () => {
  it('is given up on once its greeting is overdue, so the attempt fails and is retried instead of hanging', async () => {
    const sockets: Socket[] = [];
    const mute = createServer((socket) => void sockets.push(socket)); // accepts, never says a word
    await new Promise<void>((resolve) => mute.listen(0, '127.0.0.1', resolve));
    const { port } = mute.address() as AddressInfo;
    const mailer = createMailer(`smtp://127.0.0.1:${port}`, { greetingTimeout: 300 });
    try {
      const started = Date.now();
      await expect(mailer.send({ from: 'no-reply@autorevive.example', to: 'someone@example.com', subject: 'Hello', text: 'Hello' })).rejects.toThrow(/greeting/i);
      expect(Date.now() - started).toBeLessThan(3_000);
    } finally {
      mailer.close();
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => mute.close(resolve));
    }
  });
});

describe('outbox delivery without SMTP', () => {
  beforeEach(() => mailer.use(undefined));

  it('keeps the e-mail in the outbox as logged when no SMTP server is configured', async () => {
    const email = await queueEmail(t.database.db, newEmail());
    await dispatchEmails(t.app.deps.jobs, [email]);
    expect(await drainJobs(t.app)).toEqual({ 'send-email': 1 });
    expect((await findEmail(t.database.db, email.id))!.status).toBe('logged');
  });
});

describe('GET /api/admin/emails', () => {
  it('lets admins read the outbox and nobody else', async () => {
    await queueEmail(t.database.db, newEmail('reader@example.com'));
    const admin = await createUser(t.database.db, { role: 'admin' });
    const repairer = await createUser(t.database.db, { role: 'repairer' });
    expect((await t.app.inject('/api/admin/emails')).statusCode).toBe(401);
    const asRepairer = await t.app.inject({ url: '/api/admin/emails', headers: { cookie: await signInAs(t.app, repairer.email, repairer.password) } });
    expect(asRepairer.statusCode).toBe(403);
    const asAdmin = await t.app.inject({ url: '/api/admin/emails', headers: { cookie: await signInAs(t.app, admin.email, admin.password) } });
    expect(asAdmin.statusCode).toBe(200);
    expect(asAdmin.json()[0]).toMatchObject({ toAddress: 'reader@example.com', subject: 'Your AutoRevive quote', status: 'pending' });
  });
});
