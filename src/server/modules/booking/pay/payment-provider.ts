// One adapter for taking card payments (ARCHITECTURE: outside services): Stripe when its keys
// are set, the test-mode provider otherwise. The server owns the money (D13): every amount
// passed here was computed from the quote. Every call carries an idempotency key, so a retry
// after a lost answer never charges or refunds twice.
import type { PaymentProviderName } from '../../../../shared/api/payments';

export interface ProviderIntent {
  /** The provider's id for the intent (Stripe's pi_…). */
  id: string;
  clientSecret: string;
  amountPence: number;
}

export interface CreateIntentInput {
  appointmentId: number;
  quoteId: number;
  amountPence: number;
  /** Shown on the customer's statement and in Stripe's dashboard. */
  description: string;
  idempotencyKey: string;
}

export interface RefundInput {
  /** The intent to refund (providerRef of the payment). */
  intentId: string;
  amountPence: number;
  idempotencyKey: string;
}

export interface PaymentProvider {
  readonly name: PaymentProviderName;
  createIntent(input: CreateIntentInput): Promise<ProviderIntent>;
  /** The quote's total changed while the intent was still unpaid (an admin revised it). */
  updateAmount(intentId: string, amountPence: number, idempotencyKey: string): Promise<void>;
  refund(input: RefundInput): Promise<{ id: string }>;
}

/** A card the provider refused, with the provider's code and the sentence to show (SPEC: 'Payment Failed'). */
export class CardError extends Error {
  constructor(
    /** Stripe's decline_code when it has one (insufficient_funds), else its code (card_declined, expired_card). */
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'CardError';
  }
}

/** The provider itself failed or refused (kernel/stripe.ts, where Stripe's SDK errors become it). */
export { PaymentProviderError } from '../../../kernel/stripe';
