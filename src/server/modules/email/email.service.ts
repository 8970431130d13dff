// The outbox: an e-mail is written in the same transaction as the change it reports, then
// sent by a job with retries. A lost job is picked up again by the sweeper (email.jobs.ts).
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database';
import type { Enqueue } from '../../jobs';
import { findEmail, insertEmail, isUnsubscribed, markBounced, markEmail, recordAttempt, type NewOutboxEmail, type OutboxEmail } from './email.repo';
import type { Mailer } from './mailer';

export const SEND_EMAIL_JOB = 'send-email' as const;
export const SWEEP_OUTBOX_JOB = 'sweep-outbox' as const;
export const MAX_EMAIL_ATTEMPTS = 5;
/**
 * E-mails a repairer did not ask for (D19): never sent to an address that has unsubscribed, checked
 * again just before sending, whichever route queued them. Account e-mails (job offers, payouts) to a
 * repairer who has since created an account are not in this list.
 */
export const OUTREACH_KINDS: ReadonlySet<string> = new Set(['repairer-intro', 'repairer-invitation']);
export const NOT_SENT_UNSUBSCRIBED = 'Not sent: the recipient has unsubscribed';

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

/** Enqueues each e-mail's sending job, no earlier than its send_after. */
export async function dispatchEmails(jobs: Enqueue, emails: OutboxEmail[]): Promise<void> {
  const now = Date.now();
  for (const email of emails) {
    const later = email.sendAfter && email.sendAfter.getTime() > now ? { startAfter: email.sendAfter } : undefined;
    await jobs.enqueue(SEND_EMAIL_JOB, { id: email.id }, later);
  }
}

/** The SMTP server refused this recipient or message for good (5xx at RCPT TO or after DATA): a bounce, not worth retrying. */
function isPermanentRefusal(error: unknown): boolean {
  const { responseCode, code } = (error ?? {}) as { responseCode?: unknown; code?: unknown };
  return typeof responseCode === 'number' && responseCode >= 500 && responseCode < 600 && (code === 'EENVELOPE' || code === 'EMESSAGE');
}

export async function deliverEmail(deps: EmailDeps, id: number): Promise<void> {
  const email = await findEmail(deps.db, id);
  if (!email || email.status !== 'pending') return;
  if (OUTREACH_KINDS.has(email.kind) && (await isUnsubscribed(deps.db, email.toAddress))) {
    await markEmail(deps.db, id, 'failed', NOT_SENT_UNSUBSCRIBED);
    return;
  }
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
    if (isPermanentRefusal(error)) {
      await markBounced(deps.db, id, new Date());
      await markEmail(deps.db, id, 'failed', message);
      deps.log.warn({ emailId: id, kind: email.kind }, 'e-mail refused by the mail server (bounced)');
      return;
    }
    if (attempts >= MAX_EMAIL_ATTEMPTS) {
      await markEmail(deps.db, id, 'failed', message);
      deps.log.error({ emailId: id, err: error }, 'e-mail failed after retries');
      return;
    }
    throw error; // pg-boss retries with backoff
  }
}
