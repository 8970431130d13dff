// The outbox: an e-mail is written in the same transaction as the change it reports, then
// sent by a job with retries. A lost job is picked up again by the sweeper (email.jobs.ts).
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database';
import type { Enqueue } from '../../kernel/jobs';
import { findEmail, insertEmail, isUnsubscribed, lockPendingEmail, markBounced, markEmail, recordAttempt, type NewOutboxEmail, type OutboxEmail } from './email.repo';
import type { Mailer } from './mailer';
import { SmsError, type SmsSender } from './sms-sender';

import { SEND_EMAIL_JOB } from '../../kernel/jobs';
export { SEND_EMAIL_JOB };
import { SWEEP_OUTBOX_JOB } from '../../kernel/jobs';
export { SWEEP_OUTBOX_JOB };
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
  /** Issue 38: the texts' sender (Twilio, or not configured: texts are kept in the outbox). */
  sms?: SmsSender;
  mailFrom: string;
  /**
   * The support mailbox, sent as Reply-To: the e-mails say 'reply to this e-mail' (a new join
   * link, a new invitation) and 'reply to support@…', while MAIL_FROM is a no-reply address.
   */
  replyTo?: string;
  log: FastifyBaseLogger;
  /** Lock the e-mail's row while sending it (a PostgreSQL server, where instances may race). */
  lockWhileSending?: boolean;
  /**
   * The e-mails this process is sending now (one set per database). The outbox's queue runs several
   * sends at once (email.jobs.ts), and two jobs for one e-mail can be among them: the second finds
   * the e-mail here and leaves it to the first, as a second instance finds the row locked.
   */
  sending?: Set<number>;
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

/**
 * Sends one outbox e-mail, once. Two jobs may exist for one e-mail (the outbox sweep re-queues
 * an e-mail whose first job is still waiting to retry), and with several app instances they
 * can run at the same moment. On a PostgreSQL server the row is locked for the send: the
 * other worker skips it (SKIP LOCKED) and later finds it sent. PGlite is one process with one
 * connection, so there is no second instance to guard against (the jobs running at once in this
 * process are, by `sending`), and a lock held across the SMTP conversation would stall every
 * request meanwhile.
 */
export async function deliverEmail(deps: EmailDeps, id: number): Promise<void> {
  if (deps.sending?.has(id)) return; // being sent by this process: that attempt records the outcome
  deps.sending?.add(id);
  try {
    await deliverOnce(deps, id);
  } finally {
    deps.sending?.delete(id);
  }
}

async function deliverOnce(deps: EmailDeps, id: number): Promise<void> {
  let retry: unknown;
  if (deps.lockWhileSending) {
    await deps.db.transaction(async (tx) => {
      if (!(await lockPendingEmail(tx, id))) return; // being sent elsewhere, or no longer pending
      retry = await attemptEmail({ ...deps, db: tx }, id);
    });
  } else {
    retry = await attemptEmail(deps, id);
  }
  // Thrown after the attempt is recorded (and committed), so pg-boss retries with backoff.
  if (retry !== undefined) throw retry;
}

/** One attempt: answers the error to retry on, or undefined when the e-mail is done with. */
async function attemptEmail(deps: EmailDeps, id: number): Promise<unknown> {
  const email = await findEmail(deps.db, id);
  if (!email || email.status !== 'pending') return undefined;
  if (OUTREACH_KINDS.has(email.kind) && (await isUnsubscribed(deps.db, email.toAddress))) {
    await markEmail(deps.db, id, 'failed', NOT_SENT_UNSUBSCRIBED);
    return undefined;
  }
  if (email.channel === 'sms') return attemptText(deps, email);
  if (!deps.mailer.configured) {
    // Its id and kind only: the address is a person's, and the outbox (admin) shows the rest.
    deps.log.info({ emailId: id, kind: email.kind }, 'e-mail kept in the outbox (no SMTP_URL set)');
    await markEmail(deps.db, id, 'logged');
    return undefined;
  }
  try {
    await deps.mailer.send({
      from: deps.mailFrom,
      to: email.toAddress,
      subject: email.subject,
      ...(deps.replyTo ? { replyTo: deps.replyTo } : {}),
      text: email.textBody,
      html: email.htmlBody,
      headers: email.headers,
      attachments: email.attachments,
    });
    await markEmail(deps.db, id, 'sent');
    return undefined;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const attempts = await recordAttempt(deps.db, id, message);
    if (isPermanentRefusal(error)) {
      await markBounced(deps.db, id, new Date());
      await markEmail(deps.db, id, 'failed', message);
      deps.log.warn({ emailId: id, kind: email.kind }, 'e-mail refused by the mail server (bounced)');
      return undefined;
    }
    if (attempts >= MAX_EMAIL_ATTEMPTS) {
      await markEmail(deps.db, id, 'failed', message);
      deps.log.error({ emailId: id, err: error }, 'e-mail failed after retries');
      return undefined;
    }
    return error;
  }
}

/**
 * One attempt at a text (issue 38): kept in the outbox without SMS_PROVIDER; Twilio's permanent
 * refusals (a 4xx: 21211 an invalid number, 21610 the recipient replied STOP) fail the line at
 * once with Twilio's code and message; a 5xx, 429 or no answer is retried as an e-mail is.
 */
async function attemptText(deps: EmailDeps, text: OutboxEmail): Promise<unknown> {
  if (!deps.sms?.configured) {
    deps.log.info({ emailId: text.id, kind: text.kind }, 'text kept in the outbox (no SMS_PROVIDER set)');
    await markEmail(deps.db, text.id, 'logged');
    return undefined;
  }
  try {
    await deps.sms.send(text.toAddress, text.textBody);
    await markEmail(deps.db, text.id, 'sent');
    return undefined;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const attempts = await recordAttempt(deps.db, text.id, message);
    if ((error instanceof SmsError && error.permanent) || attempts >= MAX_EMAIL_ATTEMPTS) {
      await markEmail(deps.db, text.id, 'failed', message);
      deps.log.warn({ emailId: text.id, kind: text.kind }, 'text not sent: refused by the provider or failed after retries');
      return undefined;
    }
    return error;
  }
}
