// Checkout (SPEC: Checkout; section 7's create-payment-intent; DECISIONS D13, D14; issue 11).
// The server owns the money: every amount comes from the quote in integer pence.
import { z } from 'zod';
import { recordId } from './ids';

/** SPEC section 8's 'Invalid Quote' text: checkout without a quote it can read, in the browser and from the server. */
export const NO_QUOTE_MESSAGE = 'No quote found. Please start from the beginning.';

export const paymentProviders = ['stripe', 'test'] as const;
export type PaymentProviderName = (typeof paymentProviders)[number];

/** GET /api/payments/config: which provider checkout uses. Public; no secrets. */
export const PaymentConfigSchema = z.object({
  provider: z.enum(paymentProviders),
  /** Stripe's publishable key when provider is 'stripe'; null in test mode. */
  publishableKey: z.string().nullable(),
  /** True for the test-mode provider: checkout and e-mails say "Test mode: no real money is taken". */
  testMode: z.boolean(),
});
export type PaymentConfig = z.infer<typeof PaymentConfigSchema>;

export const TEST_MODE_NOTICE = 'Test mode: no real money is taken';

/**
 * The 409 ErrorBody for paying a booking that is already paid (in another tab, or after Back): its
 * own code, so checkout shows 'Already paid' instead of an error, whichever call met it.
 */
export const ALREADY_PAID = {
  error: 'already_paid',
  message: 'This booking has already been paid for. Your confirmation is on its way by e-mail.',
} as const;

/** D14: the Consumer Contracts Regulations' cancellation period. */
export const CANCELLATION_PERIOD_DAYS = 14;

/**
 * D14 at checkout: a slot inside the 14 days from payment without the customer's request.
 * `refusal` is the server's 400 (and its field error) and the checkout page's error on the box,
 * one sentence whichever refuses; `hint` stands under the box.
 */
export const CHECKOUT_START_WITHIN = {
  refusal: `Your appointment is within ${CANCELLATION_PERIOD_DAYS} days: please tick the box to ask for the repair to start within the cancellation period, or choose a later date.`,
  hint: `Your appointment is within ${CANCELLATION_PERIOD_DAYS} days, so we need your request to start it then.`,
} as const;

/**
 * D14 on rescheduling: a paid booking moved to a slot inside the 14 days from its payment without
 * the customer's request. `refusal` is the server's 400 (and its field error) and the reschedule
 * panel's error on the box, one sentence whichever of them refuses; `hint` stands under the box.
 */
export const RESCHEDULE_START_WITHIN = {
  refusal: `Your new date is within ${CANCELLATION_PERIOD_DAYS} days of your payment, the cancellation period: please tick the box to ask for the repair to start within it, or choose a later date.`,
  hint: `Your new date is within ${CANCELLATION_PERIOD_DAYS} days of your payment, so we need your request to start the repair then.`,
} as const;

/**
 * D14: does a slot starting at `startsAt` need the customer's request to start inside the 14-day
 * cancellation period? The period runs from payment, and checkout can pay until the hold ends, so
 * it is measured from then (`payableUntil`: the hold's end, or now without one). Measured from the
 * moment checkout opened instead, a slot just over 14 days away could be paid inside them with
 * nobody asked.
 */
export function needsEarlyStartRequest(startsAt: Date, payableUntil: Date): boolean {
  return startsAt.getTime() - payableUntil.getTime() < CANCELLATION_PERIOD_DAYS * 24 * 60 * 60 * 1000;
}

/**
 * POST /api/create-payment-intent (SPEC section 7), by the quote's grant holder with a live hold.
 * `amount` is what SPEC's client sends; it is ignored (and logged when it differs).
 */
export const CreatePaymentIntentBodySchema = z.object({
  quoteId: recordId(NO_QUOTE_MESSAGE),
  amount: z.number().optional(),
  /** D14: the customer asks that the repair may start within the 14-day cancellation period. Needed for a slot inside 14 days. */
  startWithinCancellationPeriod: z.boolean().optional(),
});
export type CreatePaymentIntentBody = z.infer<typeof CreatePaymentIntentBodySchema>;

export const PaymentIntentViewSchema = z.object({
  clientSecret: z.string(),
  /** Integer pence, from the quote's total. */
  amount: z.number().int(),
  currency: z.literal('gbp'),
  appointmentId: z.number().int(),
  provider: z.enum(paymentProviders),
});
export type PaymentIntentView = z.infer<typeof PaymentIntentViewSchema>;

/** POST /api/test-payments/confirm: the test-mode provider's card form (absent when Stripe is configured). */
export const TestPaymentConfirmBodySchema = z.object({
  clientSecret: z.string({ error: 'Payment is not set up. Please try again.' }).min(1).max(200),
  cardNumber: z.string({ error: 'Please enter your card number' }).trim().min(1, 'Please enter your card number').max(40),
  /** MM/YY */
  expiry: z.string({ error: 'Please enter the expiry date' }).trim().min(1, 'Please enter the expiry date').max(10),
  cvc: z.string({ error: 'Please enter the security code' }).trim().min(1, 'Please enter the security code').max(10),
});
export type TestPaymentConfirmBody = z.infer<typeof TestPaymentConfirmBodySchema>;

/** A successful test-mode confirmation; a refused card answers 402 with ErrorBody { error: 'card_declined' | 'insufficient_funds' | ..., message }. */
export const TestPaymentResultSchema = z.object({
  status: z.literal('succeeded'),
  appointmentId: z.number().int(),
});
export type TestPaymentResult = z.infer<typeof TestPaymentResultSchema>;

/** The card numbers the test-mode provider knows, as Stripe's test cards behave. */
export const TEST_CARDS = {
  success: '4242424242424242',
  declined: '4000000000000002',
  insufficientFunds: '4000000000009995',
} as const;
