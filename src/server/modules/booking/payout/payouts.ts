// D14: the repairer's share is released once the job is done and the customer confirms it, or
// 72 hours after completion without a reported problem — exactly once, however often or on how
// many instances the release runs, and whatever crashed in between. With Stripe: claim the share
// (`sending`) in one committed statement, ask Stripe for the transfer with no transaction open
// (payout-sending.ts), then record it (`released`). A run that died or got no answer leaves the
// share `sending`; a later run takes it over and asks Stripe what was already done before paying,
// so no retry pays twice, however long after; a transfer reversed there since does not pay it,
// and the job holds such a payout for an admin rather than paying again. Without Stripe the
// released row is itself the ledger entry. docs/decisions/0013-completion-and-payouts.md.
import { eq } from 'drizzle-orm';
import type Stripe from 'stripe';
import type { AppConfig } from '../../../config/config';
import type { Db } from '../../../db/database';
import { payouts } from '../../../db/schema';
import type { Enqueue } from '../../../kernel/jobs';
import { runStep } from '../process/run-step';
import { repairerPaidEmail } from '../emails/completion-emails';
import { transition, type TransitionOptions } from '../../../db/transition';
import { pagesAfterId } from '../../../jobs/keyset-pages';
import { afterNoTransfer, claimPayout, isConflict, refusedOutright, standingAtStripe, transferFor, transferGroupOf, type ClaimFrom, type TransferFound } from './payout-sending';
import { abandonedSends, duePayouts, paidEmailFacts, payableWithStatus, payoutProviderRef, payoutStatus, payoutWithAppointment, type Payable } from './payouts.repo';
import { recordAudit, systemActor } from '../../privacy';
import { stripeFailure } from '../pay/stripe-provider';
import { completionMessages } from '../../../../shared/api/appointments';
import { AUTO_RELEASE_HOURS } from '../../../../shared/aftercare';
import { conflict, DomainError, notFound } from '../../../kernel/errors';

export const RELEASE_AFTER_HOURS = AUTO_RELEASE_HOURS;

export interface PayoutContext {
  db: Db;
  config: AppConfig;
  log: { info(obj: object, msg: string): void; warn(obj: object, msg: string): void; error?(obj: object, msg: string): void };
  /** The app's Stripe client (ModuleDeps.stripe, JobContext.stripe; tests pass one pointed at their stand-in): required when Stripe is configured. */
  stripe?: Stripe | undefined;
  /** How many payouts a run reads at a time (PAYOUT_PAGE_SIZE); tests lower it to page through a few rows. */
  pageSize?: number;
  /** Sends the repairer's payment e-mail at once; without it the outbox's sweep sends it within minutes. */
  jobs?: Enqueue;
}

/** A run reads due payouts a page at a time, so memory stays bounded however long the backlog. */
export const PAYOUT_PAGE_SIZE = 200;

function stripeOf(ctx: PayoutContext): Stripe | undefined {
  // Without its client a run would take Stripe's settings for test mode and pay through the ledger.
  if (ctx.config.stripe && !ctx.stripe) throw new Error('Stripe is configured but the payout run was given no Stripe client (ModuleDeps.stripe)');
  return ctx.stripe;
}

/** What the repairer's "you have been paid" e-mail says of the job (null: no address to send it to). */
async function paidEmailOf(tx: Db, config: AppConfig, payoutId: number, providerRef: string, topUpPence: number | null) {
  const row = await paidEmailFacts(tx, payoutId);
  if (!row?.email) return null;
  const { email, contactName, businessName, ...job } = row;
  return repairerPaidEmail({ ...job, repairer: { email, contactName, businessName }, providerRef, topUpPence, dashboardUrl: `${config.publicUrl}/repairer`, company: config.company });
}

/**
 * Records a payout released (its `release` transition) and, in the same transaction, the e-mail
 * telling its repairer, then asks for the e-mail to be sent (the outbox's sweep sends it if that
 * ask is lost). Throws the transition's conflict, with nothing written, when the payout is no
 * longer where `options.where` expects it.
 */
async function recordRelease(ctx: PayoutContext, payoutId: number, providerRef: string, options: TransitionOptions<'payout'>, topUpPence: number | null = null): Promise<void> {
  await runStep(
    ctx,
    'release-payout',
    async (step) => {
      await transition(step.tx, 'payout', 'release', payoutId, options);
      const email = await paidEmailOf(step.tx, ctx.config, payoutId, providerRef, topUpPence);
      if (email) await step.queue(email);
    },
    { afterCommitFailed: (error) => ctx.log.warn({ payoutId, err: error }, "the repairer's payment e-mail waits for the outbox's sweep: its sending job could not be queued") },
  );
}

/** Without Stripe: the released row is the ledger entry, one guarded statement (false when another run released it, or it was held meanwhile). */
async function releaseInLedger(ctx: PayoutContext, due: Payable, from: 'owed' | 'held', now: Date): Promise<boolean> {
  try {
    await recordRelease(ctx, due.id, `ledger:${due.id}`, { set: { releasedAt: now, providerRef: `ledger:${due.id}` }, where: eq(payouts.status, from) });
  } catch (error) {
    if (isConflict(error)) return false;
    throw error;
  }
  ctx.log.info({ payoutId: due.id, providerRef: `ledger:${due.id}` }, "a repairer's share was released");
  return true;
}

/**
 * The job found only reversed transfers for a payout it was sending: someone at Stripe took the
 * money back on purpose, so the job does not pay it again. Held (with an audit line, in the same
 * transaction) where admins see held payouts, for an admin to release once they know why; only
 * this claim's holder does it. Answers false: nothing was released.
 */
async function withholdAfterReversal(ctx: PayoutContext, due: Payable, stamp: Date, { reversedIds, shortPence }: { reversedIds: string[]; shortPence: number }): Promise<false> {
  try {
    await runStep(ctx, 'withhold-payout', async ({ tx }) => {
      await transition(tx, 'payout', 'withhold', due.id, { set: { sendingAt: null }, where: eq(payouts.sendingAt, stamp) });
      await recordAudit(tx, systemActor, 'payout_withheld', { kind: 'payout', id: due.id }, { reason: 'transfer_reversed', transferIds: reversedIds, shortPence, appointmentId: due.appointmentId });
    });
  } catch (error) {
    if (isConflict(error)) return false; // taken over by another run meanwhile: it is theirs now
    throw error;
  }
  ctx.log.warn(
    { payoutId: due.id, appointmentId: due.appointmentId, transferId: reversedIds[0], transferIds: reversedIds },
    `a payout's transfer ${reversedIds.join(', ')} was reversed at Stripe: the payout is held, not paid again, until an admin releases it`,
  );
  return false;
}

/**
 * Pays one payout if it is still `from` (`sending` for a claim taken over) and marks it
 * released; answers whether this call released it. False when another run claimed or released it
 * first, when it is no longer `from`, when, with Stripe, the repairer has no connected account
 * yet, or when the job finds the payout's transfer reversed at Stripe (it is held). Throws what Stripe answered when no transfer could be made or confirmed.
 */
async function payOne(ctx: PayoutContext, stripe: Stripe | undefined, due: Payable, from: ClaimFrom, now: Date): Promise<boolean> {
  if (!stripe) {
    if (from === 'sending') {
      ctx.log.warn({ payoutId: due.id }, 'a payout was being sent through Stripe, which is no longer configured: it waits until Stripe is configured again');
      return false;
    }
    return releaseInLedger(ctx, due, from, now);
  }
  if (!due.stripeAccountId) {
    ctx.log.warn({ payoutId: due.id, repairerId: due.repairerId }, 'a payout is due but its repairer has no Stripe account yet: it waits');
    return false;
  }
  const stamp = await claimPayout(ctx.db, due.id, from, now);
  if (stamp === null) return false;
  let found: TransferFound;
  try {
    // Only an admin's release of a held payout pays again after a reversal (a person's decision).
    found = await transferFor(stripe, due, { payAgain: from === 'held' });
  } catch (error) {
    await afterNoTransfer(ctx.db, ctx.log, due, from, stamp, error);
    throw error;
  }
  if (found.kind === 'reversed') return withholdAfterReversal(ctx, due, stamp, found);
  const transfer = found;
  // If this throws (the database gone), the share stays `sending` with this claim: once the lease
  // is over the next run takes it over, finds this transfer at Stripe and records it.
  try {
    await recordRelease(ctx, due.id, transfer.id, { set: { releasedAt: now, providerRef: transfer.id, sendingAt: null }, where: eq(payouts.status, 'sending') }, transfer.topUpPence);
  } catch (error) {
    if (!isConflict(error)) throw error;
    // A run that took over recorded it first: the same transfer, found at Stripe or replayed for the key.
    const recorded = await payoutProviderRef(ctx.db, due.id);
    if (recorded !== transfer.id) {
      const loud = ctx.log.error ?? ctx.log.warn;
      loud.call(ctx.log, { payoutId: due.id, transferId: transfer.id, recorded }, 'a payout was recorded with another transfer than the one this run got: check both at Stripe');
    }
    return false;
  }
  ctx.log.info({ payoutId: due.id, providerRef: transfer.id, ...(transfer.earlier ? { foundAtStripe: true } : {}) }, "a repairer's share was released");
  return true;
}

/**
 * Finishes every payout whose sending was abandoned, then releases every payout that is due, a
 * page at a time (a backlog is paid in one run, not 200 every 15 minutes); answers how many this
 * run released. One that cannot be paid (Stripe refuses its transfer, or
 * does not answer) is logged and the others are still paid; the run then fails, so the job is
 * retried on its policy and counted among the failed jobs.
 */
export async function releaseDuePayouts(ctx: PayoutContext, now: Date): Promise<number> {
  const stripe = stripeOf(ctx);
  let released = 0;
  // The first failure and a count, not every one: a Stripe outage fails the whole backlog.
  let failures = 0;
  let firstFailure: unknown;
  const pageSize = ctx.pageSize ?? PAYOUT_PAGE_SIZE;
  // A taken-over claim Stripe refuses is given back as owed: it waits for the next run, not the
  // due payouts' pages of this one. Only failures are kept, so this stays as small as they are.
  const failedTakeovers = new Set<number>();
  const attempt = async (payable: Payable, from: 'owed' | 'sending') => {
    if (from === 'owed' && failedTakeovers.has(payable.id)) return;
    try {
      if (await payOne(ctx, stripe, payable, from, now)) released++;
    } catch (error) {
      // One transfer Stripe refuses (the repairer's account restricted, the balance short) must
      // not hold up every repairer paid after it: it is tried again next run.
      if (from === 'sending') failedTakeovers.add(payable.id);
      if (failures++ === 0) firstFailure = error;
      const failure = stripeFailure(error);
      ctx.log.warn({ payoutId: payable.id, ...(failure ? { detail: failure.detail } : {}), err: failure ?? error }, 'a due payout could not be paid: it is tried again on the next run');
    }
  };
  const idOf = (row: Payable) => row.id;
  for await (const page of pagesAfterId((afterId, limit) => abandonedSends(ctx.db, now, afterId, limit), pageSize, idOf)) {
    for (const stuck of page) await attempt(stuck, 'sending');
  }
  for await (const page of pagesAfterId((afterId, limit) => duePayouts(ctx.db, now, afterId, limit), pageSize, idOf)) {
    for (const due of page) await attempt(due, 'owed');
  }
  if (failures > 0) {
    const first = firstFailure instanceof Error ? firstFailure.message : String(firstFailure);
    throw new Error(`${failures} due payout(s) could not be paid (${released} released); the first: ${first}`, { cause: firstFailure });
  }
  return released;
}

/** A released payout that a reported reversal leaves short at Stripe: what the webhook puts back on hold. */
export interface ReversalToHold {
  payoutId: number;
  appointmentId: number;
  transferId: string;
  /** What Stripe no longer holds of the share: its amount less what still stands of its transfers. */
  shortPence: number;
}

/**
 * Stripe reported a transfer reversed (`transfer.reversed`, in whole or part): what that asks of
 * the payout it paid, worked out before the webhook's transaction, since it asks Stripe. Only a
 * payout recorded as released that Stripe now holds less than its share of is put back on hold:
 * the share is summed from all its transfers as the release does (transferFor), so an event that
 * arrives after an admin made the reversal good (a late or repeated report of it) holds nothing.
 * A payout being sent right now (`sending`) is answered 503, so Stripe delivers the event again
 * later: its sender may have got the transfer before it was reversed and be about to record it
 * released, and by the next delivery it has, or a run that took it over found the reversal. A
 * payout owed or held is the release's to settle: it asks Stripe for what stands when it sends.
 */
export async function reversalToHold(
  db: Db,
  stripe: Stripe,
  log: { info(obj: object, msg: string): void; warn(obj: object, msg: string): void },
  transfer: Pick<Stripe.Transfer, 'id' | 'metadata' | 'transfer_group'>,
): Promise<ReversalToHold | null> {
  const payoutId = Number(transfer.metadata?.payout_id);
  if (!Number.isSafeInteger(payoutId) || payoutId <= 0) {
    log.info({ transferId: transfer.id }, 'Stripe reported a reversed transfer that pays no payout');
    return null;
  }
  const row = await payoutWithAppointment(db, payoutId);
  if (!row || transfer.transfer_group !== transferGroupOf(row.appointmentId)) {
    log.warn({ transferId: transfer.id, payoutId }, "Stripe reported a reversed transfer naming a payout that is not this site's: nothing changed");
    return null;
  }
  if (row.status === 'sending') {
    log.info({ transferId: transfer.id, payoutId }, 'Stripe reported a reversed transfer of a payout being sent: Stripe is asked to deliver it again later');
    throw new DomainError(503, 'payout_sending', completionMessages.reversalWhileSending);
  }
  if (row.status !== 'released') {
    log.info({ transferId: transfer.id, payoutId, status: row.status }, 'Stripe reported a reversed transfer of a payout not released: the release asks Stripe what stands when it sends it');
    return null;
  }
  const { standingPence } = await standingAtStripe(stripe, transferGroupOf(row.appointmentId), payoutId);
  const shortPence = row.amountPence - standingPence;
  if (shortPence <= 0) {
    log.info({ transferId: transfer.id, payoutId }, "Stripe reported a reversed transfer of a payout it still holds in full (made good since): nothing changed");
    return null;
  }
  return { payoutId, appointmentId: row.appointmentId!, transferId: transfer.id, shortPence };
}

/**
 * Puts a released payout that a reported reversal left short back on hold (`reverse`, released →
 * held) with an audit line naming the transfer and what is short, in the webhook's transaction,
 * for an admin to look at and release (which sends only what is short). Answers whether it did:
 * not when it is no longer released (another delivery got there first).
 */
export async function holdAfterReversalReported(tx: Db, log: { warn(obj: object, msg: string): void }, found: ReversalToHold): Promise<boolean> {
  const { payoutId, appointmentId, transferId, shortPence } = found;
  try {
    await transition(tx, 'payout', 'reverse', payoutId, { set: { releasedAt: null, providerRef: null }, where: eq(payouts.status, 'released') });
  } catch (error) {
    if (isConflict(error)) return false;
    throw error;
  }
  await recordAudit(tx, systemActor, 'payout_withheld', { kind: 'payout', id: payoutId }, { reason: 'transfer_reversed_after_release', transferIds: [transferId], shortPence, appointmentId });
  log.warn({ payoutId, appointmentId, transferId }, `a released payout's transfer ${transferId} was reversed at Stripe: the payout is on hold until an admin releases it`);
  return true;
}

/**
 * An admin releases a payout held after a reported problem, once the team has looked at it
 * (held → sending → released, the same steps as the release job). 404 for no such payout, 409
 * with a sentence unless it is held; with Stripe, 409 while the repairer has no account, 502 with
 * Stripe's reason when Stripe refuses the transfer (the payout is held again), and 503 when Stripe
 * does not answer (the payout stays `sending` and the release job finishes it).
 */
export async function releaseHeldPayout(ctx: PayoutContext, payoutId: number, now: Date): Promise<void> {
  const row = await payableWithStatus(ctx.db, payoutId);
  if (!row) throw notFound(completionMessages.payoutNotFound);
  if (row.status === 'sending') throw conflict(completionMessages.payoutSending);
  if (row.status !== 'held' || row.repairerId === null) throw conflict(completionMessages.payoutNotHeld);
  const stripe = stripeOf(ctx);
  if (stripe && !row.stripeAccountId) throw conflict(completionMessages.payoutNoStripeAccount);
  const paid = await payOne(ctx, stripe, row, 'held', now).catch((error: unknown) => {
    const failure = stripeFailure(error);
    if (!failure) throw error;
    if (refusedOutright(error)) {
      ctx.log.warn({ payoutId: row.id, detail: failure.detail, err: failure }, "Stripe did not make a held repairer's transfer: it stays held");
      throw new DomainError(502, 'payout_failed', completionMessages.payoutTransferFailed((error as Error).message));
    }
    ctx.log.warn({ payoutId: row.id, detail: failure.detail, err: failure }, "Stripe did not say whether it made a held repairer's transfer: the payout stays sending and the release job asks Stripe");
    throw new DomainError(503, 'payout_unconfirmed', completionMessages.payoutUnconfirmed);
  });
  if (!paid) {
    // Another admin's release got there first.
    const current = await payoutStatus(ctx.db, payoutId);
    throw conflict(current === 'sending' ? completionMessages.payoutSending : completionMessages.payoutNotHeld);
  }
}
