// The outbox: an e-mail is written in the same transaction as the change it reports, then
// sent by a job with retries. A lost job is picked up again by the sweeper (email.jobs.ts).
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database';
import type { Enqueue } from '../../jobs';
import { findEmail, insertEmail, markEmail, recordAttempt, type NewOutboxEmail, type OutboxEmail } from './email.repo';
import type { Mailer } from './mailer';

export const SEND_EMAIL_JOB = 'send-email' as const;
export const SWEEP_OUTBOX_JOB = 'sweep-outbox' as const;
export const MAX_EMAIL_ATTEMPTS = 5;

export interface EmailDeps {
  db: Db;
  jobs: Enqueue;
  mailer: Mailer;
  mailFrom: string;
  log: FastifyBaseLogger;
}

/** Write the e-mail to the outbox inside the caller's transaction. Call `dispatch` after commit. */
export async function queueEmail(db: Db, email: NewOutboxEmail): Promise<OutboxEmail> {
  return insertEmail(db, email);
}

export async function dispatchEmails(jobs: Enqueue, emails: OutboxEmail[]): Promise<void> {
  for (const email of emails) await jobs.enqueue(SEND_EMAIL_JOB, { id: email.id });
}

export async function deliverEmail(deps: EmailDeps, id: number): Promise<void> {
  const email = await findEmail(deps.db, id);
  if (!email || email.status !== 'pending') return;
  if (!deps.mailer.configured) {
    deps.log.info({ emailId: id, to: email.toAddress, subject: email.subject }, 'e-mail kept in the outbox (no SMTP_URL set)');
    await markEmail(deps.db, id, 'logged');
    return;
  }
  try {
    await deps.mailer.send({
      from: deps.mailFrom,
      to: email.toAddress,
      subject: email.subject,
      text: email.textBody,
      html: email.htmlBody,
      headers: email.headers,
      attachments: email.attachments,
    });
    await markEmail(deps.db, id, 'sent');
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const attempts = await recordAttempt(deps.db, id, message);
    if (attempts >= MAX_EMAIL_ATTEMPTS) {
      await markEmail(deps.db, id, 'failed', message);
      deps.log.error({ emailId: id, err: error }, 'e-mail failed after retries');
      return;
    }
    throw error; // pg-boss retries with backoff
  }
}
