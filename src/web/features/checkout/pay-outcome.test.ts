import type { PaymentIntent } from '@stripe/stripe-js';
import { describe, expect, it } from 'vitest';
import { stripeErrorOutcome } from './pay-outcome';

const intent = (status: PaymentIntent['status']) => ({ status }) as PaymentIntent;

describe('what a Stripe.js confirmPayment error comes to', () => {
  it('is "Already paid" when the intent has succeeded (paid in another tab)', () => {
    const error = { type: 'invalid_request_error', message: 'You cannot confirm this PaymentIntent because it has already succeeded.', payment_intent: intent('succeeded') } as const;
    expect(stripeErrorOutcome(error)).toEqual({ kind: 'already-paid' });
  });

  it('is a refused card, with Stripe’s sentence, for a card or validation error', () => {
    expect(stripeErrorOutcome({ type: 'card_error', message: 'Your card has insufficient funds.', payment_intent: intent('requires_payment_method') })).toEqual({
      kind: 'failed',
      message: 'Your card has insufficient funds.',
    });
    expect(stripeErrorOutcome({ type: 'validation_error', message: 'Your card number is incomplete.' })).toEqual({ kind: 'failed', message: 'Your card number is incomplete.' });
  });

  it('is the general payment error for anything else', () => {
    expect(stripeErrorOutcome({ type: 'api_error', message: 'Something went wrong.' })).toEqual({ kind: 'error' });
    expect(stripeErrorOutcome({ type: 'invalid_request_error', message: 'No such payment_intent.', payment_intent: intent('canceled') })).toEqual({ kind: 'error' });
  });
});
