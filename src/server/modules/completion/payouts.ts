// D14: the repairer's share is released once the job is done and the customer confirms it, or
// 72 hours after completion without a reported problem — exactly once, however often or on how
// many instances the release runs. Claim, then pay: each payout is released by the guarded
// `release` transition (owed → released), so two runs cannot both release it; with Stripe the
// Connect transfer is made first under the idempotency key `payout-{id}`, so a second run, or a
// retry after a crash between the transfer and the update, gets Stripe's same transfer back and
// never a second one. Without Stripe the released row is itself the ledger entry.
import { and, eq, isNotNull, isNull, lte, or, sql } from 'drizzle-orm';
import type Stripe from 'stripe';
import type { AppConfig } from '../../config/config';
import type { Db } from '../../db/database';
import { appointments, payments, payouts, repairers } from '../../db/schema';
import { TransitionConflictError, transition } from '../../db/transition';
import { createStripeClient } from '../payments/stripe-provider';
import { completionMessages } from '../../../shared/api/appointments';
import { conflict, notFound } from '../../plugins/errors';

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

let sharedStripe: Stripe | undefined;
function stripeOf(ctx: PayoutContext): Stripe | undefined {
  if (ctx.stripe) return ctx.stripe;
  if (!ctx.config.stripe) return undefined;
  sharedStripe ??= createStripeClient(ctx.config.stripe);
  return sharedStripe;
}

interface Payable {
  id: number;
  amountPence: number;
  repairerId: number | null;
  appointmentId: number | null;
  stripeAccountId: string | null;
}

/**
 * Pays one payout and marks it released, if it is still `from`: the transfer first (idempotent by
 * `payout-{id}`), then the guarded transition. Answers whether this call released it; false when
 * another run did first, or when, with Stripe, the repairer has no connected account yet.
 */
async function payOne(ctx: PayoutContext, stripe: Stripe | undefined, due: Payable, from: 'owed' | 'held', now: Date): Promise<boolean> {
  let providerRef = `ledger:${due.id}`;
  if (stripe) {
    if (!due.stripeAccountId) {
      ctx.log.warn({ payoutId: due.id, repairerId: due.repairerId }, 'a payout is due but its repairer has no Stripe account yet: it waits');
      return false;
    }
    const transfer = await stripe.transfers.create(
      { amount: due.amountPence, currency: 'gbp', destination: due.stripeAccountId, transfer_group: `appointment-${due.appointmentId}`, metadata: { payout_id: String(due.id) } },
      { idempotencyKey: `payout-${due.id}` },
    );
    providerRef = transfer.id;
  }
  try {
    await transition(ctx.db, 'payout', 'release', due.id, { set: { releasedAt: now, providerRef }, where: sql`${payouts.status} = ${from}` });
    ctx.log.info({ payoutId: due.id, providerRef }, "a repairer's share was released");
    return true;
  } catch (error) {
    if (!(error instanceof TransitionConflictError)) throw error; // another run released it first
    return false;
  }
}

/** Releases every payout that is due; answers how many this run released. */
export async function releaseDuePayouts(ctx: PayoutContext, now: Date): Promise<number> {
  const stripe = stripeOf(ctx);
  let released = 0;
  for (const due of await duePayouts(ctx.db, now)) {
    if (await payOne(ctx, stripe, due, 'owed', now)) released++;
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
  if (!(await payOne(ctx, stripe, row, 'held', now))) throw conflict(completionMessages.payoutNotHeld);
}
