// SPEC section 8's checkout toasts, word for word, and D14's cancellation wording.
export const checkoutToasts = {
  invalidQuote: 'Invalid Quote',
  invalidQuoteText: 'No quote found. Please start from the beginning.',
  setupError: 'Setup Error',
  setupErrorText: 'Failed to set up payment. Please try again.',
  paymentFailed: 'Payment Failed',
  paymentError: 'Payment Error',
  paymentErrorText: 'An unexpected error occurred. Please try again.',
} as const;

/** A quote that has been booked and paid (the browser's Back from the confirmation leads here). */
export const alreadyPaidText = 'This booking has already been paid for: there is nothing more to pay. Your confirmation e-mail has the link to your appointment.';

export const heldPaymentNote = 'Your payment is held until the repair is completed to your satisfaction.';

/** The 14-day right to cancel (Consumer Contracts Regulations 2013), D14. */
export { CANCELLATION_PERIOD_DAYS } from '../../../shared/api/payments';
export const consentLabel = 'I ask for the repair to start within the 14-day cancellation period.';
export const consentRequired =
  'Your appointment is within 14 days: please tick the box to ask for the repair to start within the cancellation period, or choose a later date.';
