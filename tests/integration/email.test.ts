// The outbox: e-mails are stored first, then sent over real SMTP with retries, or kept and
// logged when no SMTP server is configured.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../src/server/db/factories';
import { findEmail } from '../../src/server/modules/email/email.repo';
import { deliverEmail, MAX_EMAIL_ATTEMPTS, queueEmail, type EmailDeps } from '../../src/server/modules/email/email.service';
import { createMailer } from '../../src/server/modules/email/mailer';
import { createTestApp, signInAs, type TestApp } from '../helpers/app';
import { startSmtpServer } from '../helpers/smtp';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const newEmail = (to = 'customer@example.com') => ({
  kind: 'test',
  toAddress: to,
  subject: 'Your AutoRevive quote',
  textBody: 'Hello from AutoRevive',
  htmlBody: null,
  headers: { 'X-AutoRevive-Kind': 'test' },
});

function deps(smtpUrl: string | undefined): EmailDeps {
  return { db: t.database.db, jobs: t.app.deps.jobs, mailer: createMailer(smtpUrl), mailFrom: 'AutoRevive <no-reply@autorevive.co.uk>', log: t.app.log };
}

describe('outbox delivery', () => {
  it('sends a pending e-mail over SMTP and marks it sent', async () => {
    const smtp = await startSmtpServer();
    try {
      const email = await queueEmail(t.database.db, newEmail());
      await deliverEmail(deps(smtp.url), email.id);
      expect(smtp.received).toHaveLength(1);
      expect(smtp.received[0]!.to).toEqual(['customer@example.com']);
      expect(smtp.received[0]!.raw).toContain('Subject: Your AutoRevive quote');
      expect(smtp.received[0]!.raw).toMatch(/^X-AutoRevive-Kind: test\r?$/im);
      expect((await findEmail(t.database.db, email.id))!.status).toBe('sent');
      // Delivering again sends nothing: a retried job never duplicates an e-mail.
      await deliverEmail(deps(smtp.url), email.id);
      expect(smtp.received).toHaveLength(1);
    } finally {
      await smtp.close();
    }
  });

  it('sends a stored attachment (a booking .ics) as a MIME part with its content type', async () => {
    const smtp = await startSmtpServer();
    try {
      const ics = 'BEGIN:VCALENDAR\r\nVERSION:2.0\r\nEND:VCALENDAR\r\n';
      const email = await queueEmail(t.database.db, { ...newEmail(), attachments: [{ filename: 'autorevive-booking.ics', contentType: 'text/calendar; charset=utf-8', content: ics }] });
      await deliverEmail(deps(smtp.url), email.id);
      const raw = smtp.received[0]!.raw;
      expect(raw).toMatch(/^Content-Type: text\/calendar; charset=utf-8; name=autorevive-booking\.ics\r?$/im);
      expect(raw).toMatch(/filename=autorevive-booking\.ics/);
    } finally {
      await smtp.close();
    }
  });

  it('keeps the e-mail in the outbox as logged when no SMTP server is configured', async () => {
    const email = await queueEmail(t.database.db, newEmail());
    await deliverEmail(deps(undefined), email.id);
    expect((await findEmail(t.database.db, email.id))!.status).toBe('logged');
  });

  it('counts a failed attempt and lets the job retry, then gives up after the limit', async () => {
    const smtp = await startSmtpServer({ failFirst: MAX_EMAIL_ATTEMPTS });
    try {
      const email = await queueEmail(t.database.db, newEmail());
      for (let attempt = 1; attempt < MAX_EMAIL_ATTEMPTS; attempt++) {
        await expect(deliverEmail(deps(smtp.url), email.id)).rejects.toThrow(/temporarily unavailable/);
        expect((await findEmail(t.database.db, email.id))!).toMatchObject({ status: 'pending', attempts: attempt });
      }
      await deliverEmail(deps(smtp.url), email.id);
      expect((await findEmail(t.database.db, email.id))!).toMatchObject({ status: 'failed', attempts: MAX_EMAIL_ATTEMPTS });
      expect(smtp.received).toHaveLength(0);
    } finally {
      await smtp.close();
    }
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
