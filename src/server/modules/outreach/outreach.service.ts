// Introduction e-mails (issue 13 item 2, D19). Who may be written to is decided by one UPDATE that
// claims the repairers (sets intro_sent_at) and re-checks, in the same statement, that each has an
// address, no account, no introduction yet, and has not unsubscribed (by record or by address):
// two racing sends claim a repairer once, and an unsubscribe that lands first is honoured.
import { and, eq, inArray, isNotNull, isNull, max, sql, type SQL } from 'drizzle-orm';
import { BULK_MAX_IDS, outreachMessages, type BulkActionBody, type BulkActionResult, type BulkIntroResult, type EmailStats, type IntroQueued, type UnsubscribeView } from '../../../shared/api/outreach';
import { formatLondonDate } from '../../../shared/london-time';
import type { AppConfig } from '../../config/config';
import { repairerHasAccount } from '../auth/auth.repo';
import type { Database, Db } from '../../db/database';
import { coalescedRead, type CoalescedReadSpec } from '../../db/batch';
import { outboxEmails, repairers, unsubscribes, users } from '../../db/schema';
import { badRequest, conflict, notFound } from '../../kernel/errors';
import { insertEmails, type OutboxEmail } from '../email/email.repo';
import { networkFigureOf } from '../repairers/network-figure';
import { issueInvitations } from '../repairer-accounts/invitations';
import { INTRO_EMAIL_KIND, introEmail, unsubscribeLinks } from './outreach-emails';
import { repairerOfToken } from './unsubscribe-token';
import { recordAudit, type Actor } from '../privacy/audit.repo';

export interface OutreachContext {
  database: Database;
  config: AppConfig;
  /** Signs unsubscribe links (app-secret.ts). */
  secret: string;
}

// Qualified by hand: inside the subqueries an unqualified "email" or "id" would name the subquery's table.
const repairerId = sql.raw('"repairers"."id"');
const repairerEmail = sql.raw('"repairers"."email"');
const noAccount = sql`NOT EXISTS (SELECT 1 FROM ${users} a WHERE a.repairer_id = ${repairerId})`;
const addressNotUnsubscribed = sql`NOT EXISTS (SELECT 1 FROM ${unsubscribes} u WHERE u.email = lower(trim(${repairerEmail})))`;
// A plain shape check: anything else is a failure, never sent (the address came from a website).
const plausibleAddress = sql`${repairerEmail} ~ '^[^@[:space:]<>,;]+@[^@[:space:]<>,;]+\\.[^@[:space:]<>,;]+$'`;

/** Has an address, no account, no introduction yet, and has not unsubscribed. */
const writable = and(isNotNull(repairers.email), isNull(repairers.introSentAt), isNull(repairers.unsubscribedAt), addressNotUnsubscribed, noAccount)!;

interface Claimed {
  id: number;
  email: string;
  businessName: string;
  contactName: string | null;
  city: string;
  emailSourceUrl: string | null;
}

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

async function oneIntroductionRunAtATime(tx: Db): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(${INTRODUCTION_RUN_LOCK})`);
}

/**
 * Claims every writable repairer in `scope` whose address looks valid, and queues their
 * introductions, inside the caller's transaction (which it first makes the only introduction run).
 */
export async function introduce(ctx: OutreachContext, tx: Db, scope: SQL | undefined, now: Date): Promise<{ claimed: Claimed[]; emails: OutboxEmail[] }> {
  await oneIntroductionRunAtATime(tx);
  const claimed = (await tx
    .update(repairers)
    .set({ introSentAt: now, updatedAt: now })
    .where(and(writable, plausibleAddress, scope))
    .returning({ id: repairers.id, email: repairers.email, businessName: repairers.businessName, contactName: repairers.contactName, city: repairers.city, emailSourceUrl: repairers.emailSourceUrl })) as Claimed[];
  if (claimed.length === 0) return { claimed, emails: [] };
  claimed.sort((a, b) => a.id - b.id);
  const slots = await introSlots(tx, ctx.config, claimed.length, now);
  const links = await issueInvitations(tx, ctx.config, claimed.map((r) => ({ repairerId: r.id, address: r.email })), now);
  const emails = await insertEmails(
    tx,
    claimed.map((r, i) => {
      const join = links.get(r.id)!;
      return introEmail({
        to: r.email,
        name: r.contactName ?? r.businessName,
        businessName: r.businessName,
        city: r.city,
        sourceUrl: r.emailSourceUrl,
        joinLink: join.link,
        joinExpiresAt: join.expiresAt,
        unsubscribe: unsubscribeLinks(ctx.config.publicUrl, ctx.secret, r.id),
        sendAfter: slots[i]!,
        company: ctx.config.company,
      });
    }),
  );
  return { claimed, emails };
}

/**
 * The steady rate: each introduction is due one interval after the previous one, starting now or
 * one interval after the latest still waiting in the outbox, whichever is later, so several sends
 * in a row never add up to more than INTRO_EMAILS_PER_MINUTE. Read under INTRODUCTION_RUN_LOCK:
 * the latest is the last committed run's, never a run's that has not committed yet.
 */
async function introSlots(tx: Db, config: AppConfig, count: number, now: Date): Promise<Date[]> {
  const intervalMs = 60_000 / config.introEmailsPerMinute;
  const [latest] = await tx
    .select({ at: max(outboxEmails.sendAfter) })
    .from(outboxEmails)
    .where(and(eq(outboxEmails.kind, INTRO_EMAIL_KIND), eq(outboxEmails.status, 'pending')));
  const after = latest?.at ? new Date(latest.at).getTime() + intervalMs : 0;
  const first = Math.max(now.getTime(), after);
  return Array.from({ length: count }, (_, i) => new Date(first + Math.round(i * intervalMs)));
}

/** POST /api/repairers/{id}/send-intro: one introduction, or a 4xx that says why not. */
export async function sendIntro(ctx: OutreachContext, id: number, now: Date): Promise<{ result: IntroQueued; emails: OutboxEmail[] }> {
  const { claimed, emails } = await ctx.database.db.transaction((tx) => introduce(ctx, tx, eq(repairers.id, id), now));
  if (claimed.length === 1) return { result: { email: claimed[0]!.email, sendAfter: emails[0]!.sendAfter!.toISOString() }, emails };
  throw await whyNotWritable(ctx.database.db, id);
}

async function whyNotWritable(db: Db, id: number): Promise<Error> {
  const [row] = await db
    .select({ repairer: repairers, hasAccount: sql<boolean>`NOT ${noAccount}`, addressUnsubscribed: sql<boolean>`NOT ${addressNotUnsubscribed}`, plausible: sql<boolean>`coalesce(${plausibleAddress}, false)` })
    .from(repairers)
    .where(eq(repairers.id, id));
  if (!row) return notFound(outreachMessages.notFound);
  if (!row.repairer.email) return badRequest(outreachMessages.noEmail);
  if (row.repairer.unsubscribedAt || row.addressUnsubscribed) return conflict(outreachMessages.unsubscribed);
  if (row.hasAccount) return conflict(outreachMessages.hasAccount);
  if (row.repairer.introSentAt) return conflict(outreachMessages.alreadyIntroduced(formatLondonDate(row.repairer.introSentAt)));
  if (!row.plausible) return badRequest(outreachMessages.badEmail);
  return conflict(outreachMessages.unsubscribed);
}

/** POST /api/repairers/send-intro-all: everyone writable; an implausible address is a failure. */
export async function sendIntroAll(ctx: OutreachContext, now: Date): Promise<{ result: BulkIntroResult; emails: OutboxEmail[] }> {
  return ctx.database.db.transaction(async (tx) => {
    // Before the counts, so they describe the same repairers the claim then finds.
    await oneIntroductionRunAtATime(tx);
    const [before] = await tx
      .select({
        failures: sql<number>`count(*) FILTER (WHERE ${writable} AND NOT ${plausibleAddress})`.mapWith(Number),
        skipped: sql<number>`count(*) FILTER (WHERE ${repairers.email} IS NOT NULL AND ${noAccount} AND NOT (${writable}))`.mapWith(Number),
      })
      .from(repairers);
    const { claimed, emails } = await introduce(ctx, tx, undefined, now);
    return { result: { successCount: claimed.length, failureCount: before?.failures ?? 0, skippedCount: before?.skipped ?? 0 }, emails };
  });
}

/** POST /api/admin/repairers/bulk: verify, unverify or introduce the selected repairers. */
export async function bulkAction(ctx: OutreachContext, body: BulkActionBody, now: Date, actor: Actor): Promise<{ result: BulkActionResult; emails: OutboxEmail[] }> {
  const ids = [...new Set(body.ids)].slice(0, BULK_MAX_IDS);
  if (body.action === 'send-intro') {
    const { claimed, emails } = await ctx.database.db.transaction((tx) => introduce(ctx, tx, inArray(repairers.id, ids), now));
    return { result: { action: body.action, successCount: claimed.length, failureCount: ids.length - claimed.length }, emails };
  }
  const isVerified = body.action === 'verify';
  const changed = await ctx.database.db.transaction(async (tx) => {
    // Every selected row that exists counts as done; only those whose status changed get an audit line.
    const flipped = await tx
      .update(repairers)
      .set({ isVerified, updatedAt: now })
      .where(and(inArray(repairers.id, ids), eq(repairers.isVerified, !isVerified)))
      .returning({ id: repairers.id });
    for (const { id } of flipped) await recordAudit(tx, actor, isVerified ? 'repairer_verified' : 'repairer_unverified', { kind: 'repairer', id }, { bulk: true });
    return tx.select({ id: repairers.id }).from(repairers).where(inArray(repairers.id, ids));
  });
  networkFigureOf(ctx.database).invalidate();
  return { result: { action: body.action, successCount: changed.length, failureCount: ids.length - changed.length }, emails: [] };
}

function repairerOf(ctx: OutreachContext, token: string): number {
  const id = repairerOfToken(ctx.secret, token);
  if (id === null) throw notFound(outreachMessages.badLink);
  return id;
}

/** GET /api/unsubscribe/{token}: whose link it is, and whether they have already unsubscribed. */
export async function readUnsubscribe(ctx: OutreachContext, token: string): Promise<UnsubscribeView> {
  const [row] = await ctx.database.db.select().from(repairers).where(eq(repairers.id, repairerOf(ctx, token)));
  if (!row) throw notFound(outreachMessages.badLink);
  return { businessName: row.businessName, email: row.email, unsubscribed: row.unsubscribedAt !== null, hasAccount: await repairerHasAccount(ctx.database.db, row.id) };
}

/**
 * POST /api/unsubscribe/{token} (the page's button, or a mail program's one-click POST, RFC 8058):
 * marks the repairer and their address, so no route writes to either again. Doing it twice is fine.
 */
export async function unsubscribe(ctx: OutreachContext, token: string, now: Date): Promise<UnsubscribeView> {
  const id = repairerOf(ctx, token);
  return ctx.database.db.transaction(async (tx) => {
    const [row] = await tx
      .update(repairers)
      .set({ unsubscribedAt: sql`coalesce(${repairers.unsubscribedAt}, ${now.toISOString()}::timestamptz)`, updatedAt: now })
      .where(eq(repairers.id, id))
      .returning();
    if (!row) throw notFound(outreachMessages.badLink);
    if (row.email) await tx.insert(unsubscribes).values({ email: row.email.trim().toLowerCase() }).onConflictDoNothing();
    return { businessName: row.businessName, email: row.email, unsubscribed: true, hasAccount: await repairerHasAccount(tx, row.id) };
  });
}

/** GET /api/admin/email-stats: introduction e-mails by outcome (they add up to all introductions), and unsubscribes. */
// The outreach figures in one prepared statement (issue 9): the introduction e-mails by status,
// the bounced ones, and the repairers who unsubscribed. Admins asking together share one run.
// tests/helpers/composed-reads.ts keeps the composed reference (emailStatsComposed).
const EMAIL_STATS_SQL = `SELECT count(*) FILTER (WHERE o.status = 'sent')::int AS sent, count(*) FILTER (WHERE o.status = 'pending')::int AS queued,
  count(*) FILTER (WHERE o.status = 'logged')::int AS kept, count(*) FILTER (WHERE o.status = 'failed')::int AS failed,
  count(*) FILTER (WHERE o.bounced_at IS NOT NULL)::int AS bounced,
  (SELECT count(*) FROM repairers r WHERE r.unsubscribed_at IS NOT NULL)::int AS unsubscribed
  FROM outbox_emails o WHERE o.kind = $1`;

/** The outbox's figures; whether a mail server is set is the route's (it reads the settings). */
type OutboxFigures = Omit<EmailStats, 'mailServer'>;
const EMAIL_STATS: CoalescedReadSpec<null, OutboxFigures> = {
  name: 'read_email_stats',
  keyOf: () => 'all',
  async read(database) {
    const [row] = await database.statement<OutboxFigures & Record<string, unknown>>('read_email_stats', EMAIL_STATS_SQL).run([INTRO_EMAIL_KIND]);
    const { sent, queued, kept, failed, bounced, unsubscribed } = row!;
    return { sent, queued, kept, failed, bounced, unsubscribed };
  },
};

/** GET /api/admin/email-stats. */
export function emailStats(database: Database): Promise<OutboxFigures> {
  return coalescedRead(database, EMAIL_STATS)(null);
}
