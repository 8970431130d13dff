// Paying a payout through Stripe without holding the database while Stripe is asked, and without
// ever paying it twice (D14; docs/decisions/0013-completion-and-payouts.md): the share is claimed
// (`sending`, with a stamp) in one committed statement, Stripe is asked with no transaction
// open, and what Stripe answered is recorded afterwards (payouts.ts). A claim whose sender died,
// or got no answer, is taken over by a later run, which asks Stripe what it already did first.
import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import type { Db } from '../../../db/database';
import { payouts } from '../../../db/schema';
import { transition, TransitionConflictError } from '../../../db/transition';
import { problemReportedAtOf } from '../appointments.repo';
import { runStep } from '../process/run-step';
import { abandonedClaim, letGoOfClaim, type Payable } from './payouts.repo';

export type ClaimFrom = 'owed' | 'held' | 'sending';

export const isConflict = (error: unknown) => error instanceof TransitionConflictError;

/**
 * Stripe said no and did nothing (a 4xx that is not about the idempotency key or a request
 * already running under it): no transfer was made, and the share can be given back. Anything
 * else — no answer, a time-out, a 5xx, a 409 — leaves it unknown whether the transfer was made.
 */
export function refusedOutright(error: unknown): boolean {
  if (!(error instanceof Stripe.errors.StripeError) || error instanceof Stripe.errors.StripeIdempotencyError) return false;
  const status = error.statusCode;
  return status !== undefined && status >= 400 && status < 500 && status !== 409;
}

/**
 * Claims the payout for this sender and answers the claim's stamp (its token), or null when it
 * is not `from` any more: another run claimed or released it, a problem was reported, or (for a
 * takeover) another run took it over first. One statement, committed before Stripe is asked.
 */
export async function claimPayout(db: Db, id: number, from: ClaimFrom, now: Date): Promise<Date | null> {
  // Wall-clock time, not the run's `now`: a long run must not stamp claims that look old already.
  const stamp = new Date();
  try {
    await runStep({ db }, 'claim-payout', async (step) => {
      if (from === 'sending') await transition(step.tx, 'payout', 'resume', id, { set: { sendingAt: stamp }, where: abandonedClaim(now) });
      else await transition(step.tx, 'payout', 'send', id, { set: { sendingAt: stamp, sendingSince: stamp }, where: eq(payouts.status, from) });
    });
    return stamp;
  } catch (error) {
    if (isConflict(error)) return null;
    throw error;
  }
}

/**
 * What Stripe has for a payout: transfers that pay it in full (found, or made now), or transfers
 * reversed in whole or part that leave `shortPence` of it unpaid.
 */
export type TransferFound =
  /** `topUpPence`: this transfer made good what a reversal took back (only that much was sent now); null for the share itself. */
  | { kind: 'paid'; id: string; earlier: boolean; topUpPence: number | null }
  | { kind: 'reversed'; reversedIds: string[]; shortPence: number };

/** Taken back at Stripe, in whole (`reversed`) or in part (`amount_reversed`). */
const wasReversed = (transfer: Stripe.Transfer) => transfer.reversed || transfer.amount_reversed > 0;

/** The Stripe transfer group of an appointment's transfers: every transfer for its payout is made, and looked for, under it. */
export const transferGroupOf = (appointmentId: number | null) => `appointment-${appointmentId}`;

/** What Stripe holds for a payout: its transfers' amounts less what was reversed, the reversed ones, and the newest not wholly reversed. */
export interface StandingAtStripe {
  standingPence: number;
  reversedIds: string[];
  newestStanding: string | undefined;
}

/** Lists the payout's transfers in its appointment's transfer group (the newest first) and sums what still stands of them. */
export async function standingAtStripe(stripe: Stripe, transferGroup: string, payoutId: number): Promise<StandingAtStripe> {
  const reversedIds: string[] = [];
  let standingPence = 0;
  let newestStanding: string | undefined;
  for await (const transfer of stripe.transfers.list({ transfer_group: transferGroup, limit: 100 })) {
    if (transfer.metadata?.payout_id !== String(payoutId)) continue;
    standingPence += transfer.amount - transfer.amount_reversed;
    if (wasReversed(transfer)) reversedIds.push(transfer.id);
    // Stripe lists the newest first.
    if (!transfer.reversed) newestStanding ??= transfer.id;
  }
  return { standingPence, reversedIds, newestStanding };
}

/**
 * The transfer for this payout: the ones Stripe already has (a sender before this one got that
 * far, perhaps more than the idempotency key's 24 hours ago), or a new one under the key.
 * What pays the payout is what still stands of its transfers: each one's amount less what was
 * reversed. While that is the whole share it is paid (the newest transfer not wholly reversed is
 * its reference). Short of it, someone took money back at Stripe on purpose, and the release job
 * does not pay it again on its own: unless `payAgain` (an admin releasing it after looking),
 * Stripe is asked for nothing more and the reversed ones are answered. An admin's release sends
 * only what is short, so a partial reversal is made good and never paid twice. A transfer after
 * reversals has a key of its own, naming the count of reversed transfers and the amount: Stripe
 * would answer the reversed one again for the old key within 24 hours. Two senders that overlap
 * still see the same reversals, so they still share one key and make one transfer.
 */
export async function transferFor(stripe: Stripe, due: Payable, { payAgain }: { payAgain: boolean }): Promise<TransferFound> {
  const transferGroup = transferGroupOf(due.appointmentId);
  const { standingPence, reversedIds, newestStanding } = await standingAtStripe(stripe, transferGroup, due.id);
  const shortPence = due.amountPence - standingPence;
  if (shortPence <= 0 && newestStanding) return { kind: 'paid', id: newestStanding, earlier: true, topUpPence: null };
  if (reversedIds.length > 0 && !payAgain) return { kind: 'reversed', reversedIds, shortPence };
  const transfer = await stripe.transfers.create(
    { amount: shortPence, currency: 'gbp', destination: due.stripeAccountId!, transfer_group: transferGroup, metadata: { payout_id: String(due.id) } },
    { idempotencyKey: reversedIds.length === 0 ? `payout-${due.id}` : `payout-${due.id}-r${reversedIds.length}-${shortPence}` },
  );
  return { kind: 'paid', id: transfer.id, earlier: false, topUpPence: reversedIds.length > 0 ? shortPence : null };
}

/**
 * After Stripe made no transfer or did not say: a refusal gives the share back (held if it came
 * from held or a problem was reported meanwhile, else owed, for the next run); otherwise the
 * claim is let go, still `sending`, so the next run asks Stripe at once. Only this claim's holder
 * does either. A failure here is logged, not thrown: the lease hands the share on anyway.
 */
export async function afterNoTransfer(
  db: Db,
  log: { warn(obj: object, msg: string): void },
  due: Payable,
  from: ClaimFrom,
  stamp: Date,
  error: unknown,
): Promise<void> {
  const mine = eq(payouts.sendingAt, stamp);
  try {
    if (refusedOutright(error)) {
      // Part of the step release-payout: a share Stripe refused goes back.
      await runStep({ db }, 'release-payout', async ({ tx }) => {
        try {
          await transition(tx, 'payout', 'unsend', due.id, { set: { sendingAt: null }, where: mine });
        } catch (conflictError) {
          if (isConflict(conflictError)) return; // taken over by another run meanwhile: it is theirs now
          throw conflictError;
        }
        const problemReportedAt = due.appointmentId === null ? null : await problemReportedAtOf(tx, due.appointmentId);
        if (from === 'held' || problemReportedAt) await transition(tx, 'payout', 'hold', due.id);
      });
    } else {
      await letGoOfClaim(db, due.id, stamp);
    }
  } catch (recordError) {
    log.warn({ payoutId: due.id, err: recordError }, 'a payout Stripe did not pay could not be given back: the next run after the lease takes it over and asks Stripe');
  }
}
