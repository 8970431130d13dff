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

/**
 * How one outbox line goes out: an e-mail by SMTP, or (issue 38) a text by the SMS provider. The
 * attempt around it (kept when not configured, sent, retried, failed for good) is the same for both.
 */
interface Channel {
  configured: boolean;
  /** Logged when the line is kept in the outbox for want of a configured channel. */
  keptMessage: string;
  send(): Promise<void>;
  /** A refusal not worth retrying (a bounce, Twilio's 4xx), and what else it records. */
  refusedForGood(error: unknown): boolean;
  onRefused?(): Promise<void>;
  refusedMessage: string;
  /** Logged when the retries are spent, with the error only where it names no person. */
  failed: { message: string; withError: boolean };
}

function mailChannel(deps: EmailDeps, email: OutboxEmail): Channel {
  return {
    configured: deps.mailer.configured,
    keptMessage: 'e-mail kept in the outbox (no SMTP_URL set)',
    send: () =>
      deps.mailer.send({
        from: deps.mailFrom,
        to: email.toAddress,
        subject: email.subject,
        ...(deps.replyTo ? { replyTo: deps.replyTo } : {}),
        text: email.textBody,
        html: email.htmlBody,
        headers: email.headers,
        attachments: email.attachments,
      }),
    refusedForGood: isPermanentRefusal,
    onRefused: () => markBounced(deps.db, email.id, new Date()),
    refusedMessage: 'e-mail refused by the mail server (bounced)',
    failed: { message: 'e-mail failed after retries', withError: true },
  };
}

/**
 * A text (issue 38): Twilio's permanent refusals (a 4xx: 21211 an invalid number, 21610 the
 * recipient replied STOP) fail the line at once with Twilio's code and message; a 5xx, 429 or no
 * answer is retried as an e-mail is. Twilio's messages can carry the number: never logged.
 */
function textChannel(deps: EmailDeps, text: OutboxEmail): Channel {
  const sms = deps.sms;
  return {
    configured: sms?.configured ?? false,
    keptMessage: 'text kept in the outbox (no SMS_PROVIDER set)',
    send: () => sms!.send(text.toAddress, text.textBody),
    refusedForGood: (error) => error instanceof SmsError && error.permanent,
    refusedMessage: 'text refused by the provider',
    failed: { message: 'text failed after retries', withError: false },
  };
}

/** One attempt: answers the error to retry on, or undefined when the line is done with. */
async function attemptEmail(deps: EmailDeps, id: number): Promise<unknown> {
  const email = await findEmail(deps.db, id);
  if (!email || email.status !== 'pending') return undefined;
  if (OUTREACH_KINDS.has(email.kind) && (await isUnsubscribed(deps.db, email.toAddress))) {
    await markEmail(deps.db, id, 'failed', NOT_SENT_UNSUBSCRIBED);
    return undefined;
  }
  const channel = email.channel === 'sms' ? textChannel(deps, email) : mailChannel(deps, email);
  if (!channel.configured) {
    // Its id and kind only: the address is a person's, and the outbox (admin) shows the rest.
    deps.log.info({ emailId: id, kind: email.kind }, channel.keptMessage);
    await markEmail(deps.db, id, 'logged');
    return undefined;
  }
  try {
    await channel.send();
    await markEmail(deps.db, id, 'sent');
    return undefined;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const attempts = await recordAttempt(deps.db, id, message);
    if (channel.refusedForGood(error)) {
      await channel.onRefused?.();
      await markEmail(deps.db, id, 'failed', message);
      deps.log.warn({ emailId: id, kind: email.kind }, channel.refusedMessage);
      return undefined;
    }
    if (attempts >= MAX_EMAIL_ATTEMPTS) {
      await markEmail(deps.db, id, 'failed', message);
      if (channel.failed.withError) deps.log.error({ emailId: id, err: error }, channel.failed.message);
      else deps.log.warn({ emailId: id, kind: email.kind }, channel.failed.message);
      return undefined;
    }
    return error;
  }
}
