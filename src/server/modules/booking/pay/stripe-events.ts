// What Stripe's signed events do (issue 11; docs/decisions/0009-payments.md, 0013), out of the
// webhook route's closure (stripe-webhook.ts verifies the signature): each event id is applied
// once (its record commits with its effects, so a failure lets Stripe retry); events older than
// the last one applied to a payment, or a failure after a success, change nothing; only
// payment_intent.succeeded confirms a booking. transfer.reversed puts a released payout that
// Stripe now holds less than its share of on hold for an admin. Each event is one step of the
// booking process (run-step.ts), which sends its e-mails and starts the booking's dispatch once
// it commits.
import type { FastifyBaseLogger } from 'fastify';
import type Stripe from 'stripe';
import { z } from 'zod';
import type { StepName } from '../../../../shared/lifecycles/booking-process';
import { holdAfterReversalReported, reversalToHold, type ReversalToHold } from '../payout/payouts';
import { runStep } from '../process/run-step';
import { findPaymentByProviderRef, recordStripeEvent, updatePayment } from './payments.repo';
import { recordPaymentFailed, settleSucceededPayment, type PaymentsContext } from './payments.service';

export const webhookEventMessage = 'The webhook event is not one Stripe sends: it was not applied.';

/**
 * What this route reads of an event, checked before anything is written: a signature proves who
 * sent the bytes, not that they hold an event (issue 33: a signed event with no `data` answered
 * 500). The objects it acts on must carry the fields it reads; the rest of Stripe's is kept.
 */
const StripeObjectSchema = z.looseObject({ id: z.string().min(1), metadata: z.record(z.string(), z.string()).nullish() });
const EventSchema = z.looseObject({
  id: z.string().min(1),
  type: z.string().min(1),
  created: z.number().int().nonnegative(),
  data: z.looseObject({ object: StripeObjectSchema }),
});
const IntentSchema = StripeObjectSchema.extend({
  amount_received: z.number().int().nonnegative(),
  last_payment_error: z.looseObject({ message: z.string().nullish() }).nullish(),
});
const readsIntent = new Set(['payment_intent.succeeded', 'payment_intent.payment_failed']);

export function isReadableEvent(event: unknown): boolean {
  const envelope = EventSchema.safeParse(event);
  if (!envelope.success) return false;
  return !readsIntent.has(envelope.data.type) || IntentSchema.safeParse(envelope.data.data.object).success;
}

/** The step each event is. */
function stepOf(type: string): StepName {
  if (type === 'payment_intent.succeeded') return 'settle-payment';
  if (type === 'payment_intent.payment_failed') return 'payment-failed';
  if (type === 'transfer.reversed') return 'transfer-reversed';
  return 'record-stripe-event';
}

/** Applies a signed, readable event (isReadableEvent) once. */
export async function applyStripeEvent(ctx: PaymentsContext & { stripe: Stripe }, event: Stripe.Event, log: FastifyBaseLogger): Promise<void> {
  // A reversal is weighed against what Stripe holds for its payout before the transaction: no
  // transaction stays open while Stripe is asked (a payout being sent answers 503: Stripe retries).
  const reversal: ReversalToHold | null = event.type === 'transfer.reversed' ? await reversalToHold(ctx.db, ctx.stripe, log, event.data.object) : null;
  await runStep(ctx, stepOf(event.type), async (step): Promise<void> => {
    const { tx } = step;
    if (!(await recordStripeEvent(tx, event.id, event.type))) {
      log.info({ eventId: event.id }, 'Stripe event already applied');
      return;
    }
    if (event.type === 'transfer.reversed') {
      if (reversal) await holdAfterReversalReported(tx, log, reversal);
      return;
    }
    if (event.type !== 'payment_intent.succeeded' && event.type !== 'payment_intent.payment_failed') return;
    const intent = event.data.object;
    const payment = await findPaymentByProviderRef(tx, 'stripe', intent.id);
    if (!payment) {
      // One this site created (its metadata names our booking) whose record has gone (its
      // enquiry was deleted while the customer's checkout was still open): money taken for no
      // booking goes straight back. Inside the transaction, so a refusal leaves the event
      // unrecorded and Stripe's next delivery tries again; the key makes that refund once.
      if (event.type === 'payment_intent.succeeded' && intent.metadata?.appointment_id && intent.amount_received > 0) {
        const refund = await ctx.provider.refund({ intentId: intent.id, amountPence: intent.amount_received, idempotencyKey: `orphan-${intent.id}-refund` });
        log.error({ eventId: event.id, intentId: intent.id, refundId: refund.id, amountPence: intent.amount_received }, 'Stripe took a payment for a booking this site no longer holds; refunded it in full');
        return;
      }
      log.warn({ eventId: event.id, intentId: intent.id }, 'Stripe event for a payment intent this site did not create');
      return;
    }
    const eventAt = new Date(event.created * 1000);
    if (event.type === 'payment_intent.payment_failed') {
      const message = intent.last_payment_error?.message ?? 'Your payment did not go through.';
      const result = await recordPaymentFailed(tx, payment.id, { message, eventAt });
      if (result === 'ignored') log.info({ eventId: event.id, paymentId: payment.id }, 'ignored a payment failure reported out of order');
      return;
    }
    if (intent.amount_received !== payment.amountPence) {
      // What Stripe took is the truth: our record lags when checkout changed the intent's
      // amount at Stripe and then failed to write it down. Settlement then books it only if
      // it is the quote's total, and refunds exactly what was taken otherwise.
      log.error({ eventId: event.id, paymentId: payment.id, received: intent.amount_received, expected: payment.amountPence }, 'Stripe took a different amount from the one recorded');
      await updatePayment(tx, payment.id, { amountPence: intent.amount_received });
    }
    const { outcome, emails, bookedQuoteId } = await settleSucceededPayment(tx, { ...ctx, log }, payment.id, { eventAt });
    step.send(emails);
    if (bookedQuoteId) step.booked(bookedQuoteId);
    log.info({ eventId: event.id, paymentId: payment.id, outcome }, 'Stripe payment settled');
  });
}
