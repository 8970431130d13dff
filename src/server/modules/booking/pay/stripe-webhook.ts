// POST /api/stripe/webhook (issue 11): Stripe's reports, trusted only when signed. The signature
// is verified on the raw body with a 300-second tolerance; each event id is applied once (its
// record commits with its effects, so a failure lets Stripe retry); events older than the last
// one applied to a payment, or a failure after a success, change nothing; only
// payment_intent.succeeded confirms a booking. transfer.reversed puts a released payout that
// Stripe now holds less than its share of on hold for an admin (docs/decisions/0013).
// What each event does is stripe-events.ts's; this file is the route: the raw body, the signature.
import type { FastifyInstance } from 'fastify';
import type Stripe from 'stripe';
import { z } from 'zod';
import type { Enqueue } from '../../../kernel/jobs';
import { DomainError } from '../../../kernel/errors';
import type { PaymentsContext } from './payments.service';
import { applyStripeEvent, isReadableEvent, webhookEventMessage } from './stripe-events';

export { webhookEventMessage };

export const WEBHOOK_TOLERANCE_SECONDS = 300;

export const WebhookAnswerSchema = z.object({ received: z.literal(true) });

export interface WebhookContext extends PaymentsContext {
  stripe: Stripe;
  webhookSecret: string;
  jobs: Enqueue;
}

const refused = () => new DomainError(400, 'invalid_signature', 'The webhook signature could not be verified.');

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
      await applyStripeEvent(ctx, event, request.log);
      return reply.status(200).send({ received: true });
    });
  });
}
