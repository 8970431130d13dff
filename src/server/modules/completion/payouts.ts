// D14: the repairer's share is released once the job is done and the customer confirms it, or
// 72 hours after completion without a reported problem — exactly once, however often or on how
// many instances the release runs. Each payout is paid inside one transaction that locks its row,
// checks it is still owed (or held, for an admin's release), makes the Connect transfer under the
// idempotency key `payout-{id}` and records the release: two runs take turns and the second finds
// it released; a problem reported meanwhile waits and finds it released, and one reported first
// stops the transfer; a retry after a crash between the transfer and the commit gets Stripe's same
// transfer back and never a second one. Without Stripe the released row is itself the ledger entry.
import { and, eq, isNotNull, isNull, lte, or, sql } from 'drizzle-orm';
import type Stripe from 'stripe';
import type { AppConfig } from '../../config/config';
import type { Db } from '../../db/database';
import { appointments, payments, payouts, repairers } from '../../db/schema';
import { transition } from '../../db/transition';
import { stripeClientFor, stripeFailure } from '../payments/stripe-provider';
import { completionMessages } from '../../../shared/api/appointments';
import { conflict, DomainError, notFound } from '../../plugins/errors';

export const RELEASE_AFTER_HOURS = 72;

export interface PayoutContext {
  db: Db;
  config: AppConfig;
  log: { info(obj: object, msg: string): void; warn(obj: object, msg: string): void };
  /** Tests pass the SDK pointed at their stand-in; otherwise one is made from the config. */
  stripe?: Stripe;
}

/** Payouts due now: owed, with a repairer, the job completed, and confirmed or 72 hours on, with no problem reported. */
async function duePayouts(db: Db, now: Date) {
  return db
    .select({ id: payouts.id, amountPence: payouts.amountPence, repairerId: payouts.repairerId, appointmentId: appointments.id, stripeAccountId: repairers.stripeAccountId })
    .from(payouts)
    .innerJoin(payments, eq(payments.id, payouts.paymentId))
    .innerJoin(appointments, eq(appointments.id, payments.appointmentId))
    .innerJoin(repairers, eq(repairers.id, payouts.repairerId))
    .where(
      and(
        eq(payouts.status, 'owed'),
        isNotNull(payouts.repairerId),
        eq(appointments.status, 'completed'),
        isNull(appointments.problemReportedAt),
        or(isNotNull(appointments.customerConfirmedAt), lte(payouts.releaseAfterAt, now)),
      ),
    )
    .orderBy(payouts.id)
    .limit(200);
}

function stripeOf(ctx: PayoutContext): Stripe | undefined {
  return ctx.stripe ?? (ctx.config.stripe ? stripeClientFor(ctx.config.stripe) : undefined);
}

interface Payable {
  id: number;
  amountPence: number;
  repairerId: number | null;
  appointmentId: number | null;
  stripeAccountId: string | null;
}

/**
 * Pays one payout and marks it released, if it is still `from`: the row is locked, its status
 * checked, the transfer made (idempotent by `payout-{id}`) and the release recorded, all in one
 * transaction. A customer reporting a problem meanwhile (owed → held) waits for it and finds the
 * share released; a release that finds the share held or void makes no transfer. Answers whether
 * this call released it; false when another run did first, when it is no longer `from`, or when,
 * with Stripe, the repairer has no connected account yet. On PGlite the transaction holds the one
 * connection for the length of the transfer: payouts are few, and money must not move for a share
 * the records call held.
 */
async function payOne(ctx: PayoutContext, stripe: Stripe | undefined, due: Payable, from: 'owed' | 'held', now: Date): Promise<boolean> {
  if (stripe && !due.stripeAccountId) {
    ctx.log.warn({ payoutId: due.id, repairerId: due.repairerId }, 'a payout is due but its repairer has no Stripe account yet: it waits');
    return false;
  }
  const providerRef = await ctx.db.transaction(async (tx) => {
    const [row] = await tx.select({ status: payouts.status }).from(payouts).where(eq(payouts.id, due.id)).for('update');
    if (row?.status !== from) return null; // released by another run, or held or void meanwhile
    let ref = `ledger:${due.id}`;
    if (stripe) {
      const transfer = await stripe.transfers.create(
        { amount: due.amountPence, currency: 'gbp', destination: due.stripeAccountId!, transfer_group: `appointment-${due.appointmentId}`, metadata: { payout_id: String(due.id) } },
        { idempotencyKey: `payout-${due.id}` },
      );
      ref = transfer.id;
    }
    await transition(tx, 'payout', 'release', due.id, { set: { releasedAt: now, providerRef: ref }, where: sql`${payouts.status} = ${from}` });
    return ref;
  });
  if (providerRef === null) return false;
  ctx.log.info({ payoutId: due.id, providerRef }, "a repairer's share was released");
  return true;
}

/**
 * Releases every payout that is due; answers how many this run released. One that cannot be paid
 * (Stripe refuses its transfer, or does not answer) is logged and the others are still paid; the
 * run then fails, so the job is retried on its policy and counted among the failed jobs.
 */
export async function releaseDuePayouts(ctx: PayoutContext, now: Date): Promise<number> {
  const stripe = stripeOf(ctx);
  let released = 0;
  const failures: unknown[] = [];
  for (const due of await duePayouts(ctx.db, now)) {
    try {
      if (await payOne(ctx, stripe, due, 'owed', now)) released++;
    } catch (error) {
      // One transfer Stripe refuses (the repairer's account restricted, the balance short) must
      // not hold up every repairer paid after it: it stays owed and is tried again next run.
      failures.push(error);
      const failure = stripeFailure(error);
      ctx.log.warn({ payoutId: due.id, ...(failure ? { detail: failure.detail } : {}), err: failure ?? error }, 'a due payout could not be paid: it is tried again on the next run');
    }
  }
  if (failures.length > 0) {
    const first = failures[0] instanceof Error ? failures[0].message : String(failures[0]);
    throw new Error(`${failures.length} due payout(s) could not be paid (${released} released); the first: ${first}`, { cause: failures[0] });
  }
  return released;
}

/**
 * An admin releases a payout held after a reported problem, once the team has looked at it
 * (held → released, the same transfer and idempotency key as the release job). 404 for no such
 * payout, 409 with a sentence unless it is held; with Stripe, 409 while the repairer has no account.
 */
export async function releaseHeldPayout(ctx: PayoutContext, payoutId: number, now: Date): Promise<void> {
  const [row] = await ctx.db
    .select({ id: payouts.id, status: payouts.status, amountPence: payouts.amountPence, repairerId: payouts.repairerId, appointmentId: payments.appointmentId, stripeAccountId: repairers.stripeAccountId })
    .from(payouts)
    .innerJoin(payments, eq(payments.id, payouts.paymentId))
    .leftJoin(repairers, eq(repairers.id, payouts.repairerId))
    .where(eq(payouts.id, payoutId));
  if (!row) throw notFound(completionMessages.payoutNotFound);
  if (row.status !== 'held' || row.repairerId === null) throw conflict(completionMessages.payoutNotHeld);
  const stripe = stripeOf(ctx);
  if (stripe && !row.stripeAccountId) throw conflict(completionMessages.payoutNoStripeAccount);
  const paid = await payOne(ctx, stripe, row, 'held', now).catch((error: unknown) => {
    const failure = stripeFailure(error);
    if (!failure) throw error;
    ctx.log.warn({ payoutId: row.id, detail: failure.detail, err: failure }, "Stripe did not make a held repairer's transfer: it stays held");
    throw new DomainError(502, 'payout_failed', completionMessages.payoutTransferFailed((error as Error).message));
  });
  if (!paid) throw conflict(completionMessages.payoutNotHeld);
}
