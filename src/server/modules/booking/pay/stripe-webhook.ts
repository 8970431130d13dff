// POST /api/stripe/webhook (issue 11): Stripe's reports, trusted only when signed. The signature
// is verified on the raw body with a 300-second tolerance; each event id is applied once (its
// record commits with its effects, so a failure lets Stripe retry); events older than the last
// one applied to a payment, or a failure after a success, change nothing; only
// payment_intent.succeeded confirms a booking. transfer.reversed puts a released payout that
// Stripe now holds less than its share of on hold for an admin (docs/decisions/0013).
import { afterBookingPaid } from '../offer/dispatch.service';
import { holdAfterReversalReported, reversalToHold, type ReversalToHold } from '../payout/payouts';
import type { FastifyInstance } from 'fastify';
import type Stripe from 'stripe';
import { z } from 'zod';
import type { Enqueue } from '../../../kernel/jobs';
import { DomainError } from '../../../kernel/errors';
import { dispatchEmails, type OutboxEmail } from '../../email';
import { findPaymentByProviderRef, recordStripeEvent, updatePayment } from './payments.repo';
import { recordPaymentFailed, settleSucceededPayment, type PaymentsContext } from './payments.service';

export const WEBHOOK_TOLERANCE_SECONDS = 300;

export const WebhookAnswerSchema = z.object({ received: z.literal(true) });

export interface WebhookContext extends PaymentsContext {
  stripe: Stripe;
  webhookSecret: string;
  jobs: Enqueue;
}

const refused = () => new DomainError(400, 'invalid_signature', 'The webhook signature could not be verified.');

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

function isReadableEvent(event: unknown): boolean {
  const envelope = EventSchema.safeParse(event);
  if (!envelope.success) return false;
  return !readsIntent.has(envelope.data.type) || IntentSchema.safeParse(envelope.data.data.object).success;
}

export async function registerStripeWebhook(app: FastifyInstance, ctx: WebhookContext): Promise<void> {
  await app.register(async (scope) => {
    // The signature covers the exact bytes Stripe sent: keep them, parse nothing.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 512 * 1024 }, (_request, body, done) => done(null, body));

    scope.post('/api/stripe/webhook', { schema: { response: { 200: WebhookAnswerSchema } } }, async (request, reply) => {
      const signature = request.headers['stripe-signature'];
      if (typeof signature !== 'string' || !Buffer.isBuffer(request.body)) throw refused();
      let event: Stripe.Event;
      try {
        event = ctx.stripe.webhooks.constructEvent(request.body, signature, ctx.webhookSecret, WEBHOOK_TOLERANCE_SECONDS);
      } catch (error) {
        request.log.warn({ err: error }, 'refused a Stripe webhook whose signature did not verify');
        throw refused();
      }
      if (!isReadableEvent(event)) {
        request.log.warn({ eventId: (event as { id?: unknown }).id, type: (event as { type?: unknown }).type }, 'refused a signed Stripe webhook that holds no event this route can read');
        throw new DomainError(400, 'invalid_event', webhookEventMessage);
      }
      // A reversal is weighed against what Stripe holds for its payout before the transaction: no
      // transaction stays open while Stripe is asked (a payout being sent answers 503: Stripe retries).
      const reversal: ReversalToHold | null = event.type === 'transfer.reversed' ? await reversalToHold(ctx.db, ctx.stripe, request.log, event.data.object) : null;
      let bookedQuoteId: number | undefined;
      const emails = await ctx.db.transaction(async (tx): Promise<OutboxEmail[]> => {
        if (!(await recordStripeEvent(tx, event.id, event.type))) {
          request.log.info({ eventId: event.id }, 'Stripe event already applied');
          return [];
        }
        if (event.type === 'transfer.reversed') {
          if (reversal) await holdAfterReversalReported(tx, request.log, reversal);
          return [];
        }
        if (event.type !== 'payment_intent.succeeded' && event.type !== 'payment_intent.payment_failed') return [];
        const intent = event.data.object;
        const payment = await findPaymentByProviderRef(tx, 'stripe', intent.id);
        if (!payment) {
          // One this site created (its metadata names our booking) whose record has gone (its
          // enquiry was deleted while the customer's checkout was still open): money taken for no
          // booking goes straight back. Inside the transaction, so a refusal leaves the event
          // unrecorded and Stripe's next delivery tries again; the key makes that refund once.
          if (event.type === 'payment_intent.succeeded' && intent.metadata?.appointment_id && intent.amount_received > 0) {
            const refund = await ctx.provider.refund({ intentId: intent.id, amountPence: intent.amount_received, idempotencyKey: `orphan-${intent.id}-refund` });
            request.log.error({ eventId: event.id, intentId: intent.id, refundId: refund.id, amountPence: intent.amount_received }, 'Stripe took a payment for a booking this site no longer holds; refunded it in full');
            return [];
          }
          request.log.warn({ eventId: event.id, intentId: intent.id }, 'Stripe event for a payment intent this site did not create');
          return [];
        }
        const eventAt = new Date(event.created * 1000);
        if (event.type === 'payment_intent.payment_failed') {
          const message = intent.last_payment_error?.message ?? 'Your payment did not go through.';
          const result = await recordPaymentFailed(tx, payment.id, { message, eventAt });
          if (result === 'ignored') request.log.info({ eventId: event.id, paymentId: payment.id }, 'ignored a payment failure reported out of order');
          return [];
        }
        if (intent.amount_received !== payment.amountPence) {
          // What Stripe took is the truth: our record lags when checkout changed the intent's
          // amount at Stripe and then failed to write it down. Settlement then books it only if
          // it is the quote's total, and refunds exactly what was taken otherwise.
          request.log.error({ eventId: event.id, paymentId: payment.id, received: intent.amount_received, expected: payment.amountPence }, 'Stripe took a different amount from the one recorded');
          await updatePayment(tx, payment.id, { amountPence: intent.amount_received });
        }
        const { outcome, emails: queued, bookedQuoteId: booked } = await settleSucceededPayment(tx, { ...ctx, log: request.log }, payment.id, { eventAt });
        bookedQuoteId = booked;
        request.log.info({ eventId: event.id, paymentId: payment.id, outcome }, 'Stripe payment settled');
        return queued;
      });
      await dispatchEmails(ctx.jobs, emails);
      if (bookedQuoteId) await afterBookingPaid(ctx.jobs, ctx.config, bookedQuoteId);
      return reply.status(200).send({ received: true });
    });
  });
}
