// Outreach's own queries: the lock that makes one introduction run at a time, and the outreach
// figures of the admin's e-mail tab.
import { sql } from 'drizzle-orm';
import type { EmailStats } from '../../../shared/api/outreach';
import { coalescedRead, type CoalescedReadSpec } from '../../db/batch';
import type { Database, Db } from '../../db/database';
import { INTRO_EMAIL_KIND } from './outreach-emails';

/**
 * The key of the transaction-scoped advisory lock every introduction run takes first (D19's
 * steady rate). The slots are counted from the latest introduction waiting in the outbox; two runs
 * at once (two admins, two instances) each read it before either committed and queued their
 * e-mails in the same slots, twice the rate. Taken first, the lock makes the second run wait until
 * the first commits, then read its e-mails and queue behind them. A row lock would need a shared
 * row; an advisory lock needs nothing, and is released with the transaction however it ends.
 * (PGlite runs one transaction at a time already; the lock costs it nothing.)
 */
const INTRODUCTION_RUN_LOCK = 7_220_452;

export async function oneIntroductionRunAtATime(tx: Db): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(${INTRODUCTION_RUN_LOCK})`);
}

// The outreach figures in one prepared statement (issue 9): the introduction e-mails by status,
// the bounced ones, and the repairers who unsubscribed. Admins asking together share one run.
// tests/helpers/composed-reads.ts keeps the composed reference (emailStatsComposed).
const EMAIL_STATS_SQL = `SELECT count(*) FILTER (WHERE o.status = 'sent')::int AS sent, count(*) FILTER (WHERE o.status = 'pending')::int AS queued,
  count(*) FILTER (WHERE o.status = 'logged')::int AS kept, count(*) FILTER (WHERE o.status = 'failed')::int AS failed,
  count(*) FILTER (WHERE o.bounced_at IS NOT NULL)::int AS bounced,
  (SELECT count(*) FROM repairers r WHERE r.unsubscribed_at IS NOT NULL)::int AS unsubscribed
  FROM outbox_emails o WHERE o.kind = $1`;

/** The outbox's figures; whether a mail server is set is the route's (it reads the settings). */
export type OutboxFigures = Omit<EmailStats, 'mailServer'>;
const EMAIL_STATS: CoalescedReadSpec<null, OutboxFigures> = {
  name: 'read_email_stats',
  keyOf: () => 'all',
  async read(database) {
    const [row] = await database.statement<OutboxFigures & Record<string, unknown>>('read_email_stats', EMAIL_STATS_SQL).run([INTRO_EMAIL_KIND]);
    const { sent, queued, kept, failed, bounced, unsubscribed } = row!;
    return { sent, queued, kept, failed, bounced, unsubscribed };
  },
};

/** GET /api/admin/email-stats: introduction e-mails by outcome (they add up to all introductions), and unsubscribes. */
export function readEmailStats(database: Database): Promise<OutboxFigures> {
  return coalescedRead(database, EMAIL_STATS)(null);
}
