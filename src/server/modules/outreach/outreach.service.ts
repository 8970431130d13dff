// Introduction e-mails (issue 13 item 2, D19): who may be written to is claimed in one statement
// (repairers/introductions.repo.ts), so two racing sends claim a repairer once, and an unsubscribe
// that lands first is honoured.
import type { SQL } from 'drizzle-orm';
import { BULK_MAX_IDS, outreachMessages, type BulkActionBody, type BulkActionResult, type BulkIntroResult, type IntroQueued, type UnsubscribeView } from '../../../shared/api/outreach';
import { formatLondonDate } from '../../../shared/london-time';
import type { AppConfig } from '../../config/config';
import { repairerHasAccount } from '../auth';
import type { Database, Db } from '../../db/database';
import { badRequest, conflict, notFound } from '../../kernel/errors';
import { addUnsubscribedAddress, insertEmails, latestPendingSendAfter, withOutbox, type OutboxEmail } from '../email';
import type { Enqueue } from '../../kernel/jobs';
import { claimForIntroduction, existingRepairerIds, findRepairer, introductionCounts, introductionStanding, markUnsubscribed, networkFigureOf, repairerIs, repairerOfToken, repairersIn, setVerifiedWhereChanged, unsubscribeLinks, type Claimed } from '../repairers';
import { issueInvitations } from '../repairer-accounts';
import { INTRO_EMAIL_KIND, introEmail } from './outreach-emails';
import { oneIntroductionRunAtATime, readEmailStats, type OutboxFigures } from './outreach.repo';
import { recordAudit, type Actor } from '../privacy';

export interface OutreachContext {
  database: Database;
  config: AppConfig;
  /** Signs unsubscribe links (app-secret.ts). */
  secret: string;
  /** Where the introductions' sending jobs go once their transaction commits (email's withOutbox). */
  jobs?: Enqueue;
}

/** Introduces `scope` in one transaction whose e-mails are sent once it commits. */
function introduceAndSend<T>(ctx: OutreachContext, body: (tx: Db) => Promise<T & { emails: OutboxEmail[] }>): Promise<T & { emails: OutboxEmail[] }> {
  return withOutbox({ db: ctx.database.db, jobs: ctx.jobs }, async (outbox) => {
    const done = await body(outbox.tx);
    outbox.send(done.emails);
    return done;
  });
}

/**
 * Claims every writable repairer in `scope` whose address looks valid, and queues their
 * introductions, inside the caller's transaction (which it first makes the only introduction run).
 */
export async function introduce(ctx: OutreachContext, tx: Db, scope: SQL | undefined, now: Date): Promise<{ claimed: Claimed[]; emails: OutboxEmail[] }> {
  await oneIntroductionRunAtATime(tx);
  const claimed = await claimForIntroduction(tx, scope, now);
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
  const latest = await latestPendingSendAfter(tx, INTRO_EMAIL_KIND);
  const after = latest ? new Date(latest).getTime() + intervalMs : 0;
  const first = Math.max(now.getTime(), after);
  return Array.from({ length: count }, (_, i) => new Date(first + Math.round(i * intervalMs)));
}

/** POST /api/repairers/{id}/send-intro: one introduction, or a 4xx that says why not. */
export async function sendIntro(ctx: OutreachContext, id: number, now: Date): Promise<IntroQueued> {
  const { claimed, emails } = await introduceAndSend(ctx, (tx) => introduce(ctx, tx, repairerIs(id), now));
  if (claimed.length === 1) return { email: claimed[0]!.email, sendAfter: emails[0]!.sendAfter!.toISOString() };
  throw await whyNotWritable(ctx.database.db, id);
}

async function whyNotWritable(db: Db, id: number): Promise<Error> {
  const row = await introductionStanding(db, id);
  if (!row) return notFound(outreachMessages.notFound);
  if (!row.repairer.email) return badRequest(outreachMessages.noEmail);
  if (row.repairer.unsubscribedAt || row.addressUnsubscribed) return conflict(outreachMessages.unsubscribed);
  if (row.hasAccount) return conflict(outreachMessages.hasAccount);
  if (row.repairer.introSentAt) return conflict(outreachMessages.alreadyIntroduced(formatLondonDate(row.repairer.introSentAt)));
  if (!row.plausible) return badRequest(outreachMessages.badEmail);
  return conflict(outreachMessages.unsubscribed);
}

/** POST /api/repairers/send-intro-all: everyone writable; an implausible address is a failure. */
export async function sendIntroAll(ctx: OutreachContext, now: Date): Promise<BulkIntroResult> {
  const { result } = await introduceAndSend(ctx, async (tx) => {
    // Before the counts, so they describe the same repairers the claim then finds.
    await oneIntroductionRunAtATime(tx);
    const before = await introductionCounts(tx);
    const { claimed, emails } = await introduce(ctx, tx, undefined, now);
    return { result: { successCount: claimed.length, failureCount: before?.failures ?? 0, skippedCount: before?.skipped ?? 0 }, emails };
  });
  return result;
}

/** POST /api/admin/repairers/bulk: verify, unverify or introduce the selected repairers. */
export async function bulkAction(ctx: OutreachContext, body: BulkActionBody, now: Date, actor: Actor): Promise<BulkActionResult> {
  const ids = [...new Set(body.ids)].slice(0, BULK_MAX_IDS);
  if (body.action === 'send-intro') {
    const { claimed } = await introduceAndSend(ctx, (tx) => introduce(ctx, tx, repairersIn(ids), now));
    return { action: body.action, successCount: claimed.length, failureCount: ids.length - claimed.length };
  }
  const isVerified = body.action === 'verify';
  const changed = await ctx.database.db.transaction(async (tx) => {
    // Every selected row that exists counts as done (to verify, only those with every vetting check
    // recorded, D6: the rest are failures); only those whose status changed get an audit line.
    const flipped = await setVerifiedWhereChanged(tx, ids, isVerified, now);
    for (const { id } of flipped) await recordAudit(tx, actor, isVerified ? 'repairer_verified' : 'repairer_unverified', { kind: 'repairer', id }, { bulk: true });
    return existingRepairerIds(tx, ids, isVerified);
  });
  networkFigureOf(ctx.database).invalidate();
  return { action: body.action, successCount: changed.length, failureCount: ids.length - changed.length };
}

function repairerOf(ctx: OutreachContext, token: string): number {
  const id = repairerOfToken(ctx.secret, token);
  if (id === null) throw notFound(outreachMessages.badLink);
  return id;
}

/** GET /api/unsubscribe/{token}: whose link it is, and whether they have already unsubscribed. */
export async function readUnsubscribe(ctx: OutreachContext, token: string): Promise<UnsubscribeView> {
  const row = await findRepairer(ctx.database.db, repairerOf(ctx, token));
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
    const row = await markUnsubscribed(tx, id, now);
    if (!row) throw notFound(outreachMessages.badLink);
    if (row.email) await addUnsubscribedAddress(tx, row.email);
    return { businessName: row.businessName, email: row.email, unsubscribed: true, hasAccount: await repairerHasAccount(tx, row.id) };
  });
}

/** GET /api/admin/email-stats. */
export function emailStats(database: Database): Promise<OutboxFigures> {
  return readEmailStats(database);
}
