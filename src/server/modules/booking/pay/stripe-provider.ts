// Stripe through its official SDK (stripe 23.1.0). D14: separate charges and transfers, so the
// charge goes to the platform's own account; the repairer's share is transferred later
// (issue 12). STRIPE_API_BASE points the SDK at a local stand-in in tests.
import Stripe from 'stripe';
import { stripeFailure } from '../../../kernel/stripe';
import { CardError, type PaymentProvider } from './payment-provider';

export { stripeFailure };


function mapStripeError(error: unknown): never {
  if (error instanceof Stripe.errors.StripeCardError) {
    throw new CardError(error.decline_code ?? error.code ?? 'card_declined', error.message);
  }
  throw stripeFailure(error) ?? error;
}

export function createStripeProvider(stripe: Stripe): PaymentProvider {
  return {
    name: 'stripe',
    async createIntent(input) {
      const intent = await stripe.paymentIntents
        .create(
          {
            amount: input.amountPence,
            currency: 'gbp',
            description: input.description,
            automatic_payment_methods: { enabled: true },
            metadata: { appointment_id: String(input.appointmentId), quote_id: String(input.quoteId) },
          },
          { idempotencyKey: input.idempotencyKey },
        )
        .catch(mapStripeError);
      if (!intent.client_secret) throw new Error(`Stripe answered payment intent ${intent.id} without a client secret`);
      return { id: intent.id, clientSecret: intent.client_secret, amountPence: intent.amount };
    },
    async updateAmount(intentId, amountPence, idempotencyKey) {
      await stripe.paymentIntents.update(intentId, { amount: amountPence }, { idempotencyKey }).catch(mapStripeError);
    },
    async refund(input) {
      const refund = await stripe.refunds
        .create({ payment_intent: input.intentId, amount: input.amountPence, reason: 'requested_by_customer' }, { idempotencyKey: input.idempotencyKey })
        .catch(mapStripeError);
      return { id: refund.id };
    },
  };
}
