import type { StripeError } from '@stripe/stripe-js';
import { ALREADY_PAID } from '../../../shared/api/payments';
import { isApiError } from '../../lib/api';

/** What a payment attempt came to, from either provider. */
export type PayOutcome =
  | { kind: 'succeeded'; appointmentId: number }
  /** The provider refused the card: its message is shown as SPEC's 'Payment Failed'. */
  | { kind: 'failed'; message: string }
  /** The server would not take this payment as it stands (409: the hold ran out, the price changed): its sentence says what to do. */
  | { kind: 'refused'; message: string }
  /** Paid already, in another tab or before Back: checkout shows 'Already paid', never an error. */
  | { kind: 'already-paid' }
  /** Anything else: SPEC's 'Payment Error'. */
  | { kind: 'error' };

/** The server's 409 for a booking that is paid already (ALREADY_PAID), from either checkout call. */
export function isAlreadyPaid(error: unknown): boolean {
  if (!isApiError(error) || error.status !== 409) return false;
  try {
    return (JSON.parse(error.body) as { error?: unknown }).error === ALREADY_PAID.error;
  } catch {
    return false;
  }
}

/** What a refusal of the test-mode card form (POST /api/test-payments/confirm) comes to. */
export function refusalOutcome(error: unknown): PayOutcome {
  if (!isApiError(error)) return { kind: 'error' };
  if (error.status === 402 && error.userMessage) return { kind: 'failed', message: error.userMessage };
  if (isAlreadyPaid(error)) return { kind: 'already-paid' };
  if (error.status === 409 && error.userMessage) return { kind: 'refused', message: error.userMessage };
  return { kind: 'error' };
}

/**
 * What Stripe.js's confirmPayment error comes to. Paid already (in another tab): Stripe refuses to
 * confirm an intent that has succeeded, and says so in the intent it returns.
 */
export function stripeErrorOutcome(error: Pick<StripeError, 'type' | 'message' | 'payment_intent'>): PayOutcome {
  if (error.payment_intent?.status === 'succeeded') return { kind: 'already-paid' };
  if (error.type === 'card_error' || error.type === 'validation_error') return { kind: 'failed', message: error.message ?? 'Your card was declined.' };
  return { kind: 'error' };
}
