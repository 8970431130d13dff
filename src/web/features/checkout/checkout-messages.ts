import { NO_QUOTE_MESSAGE } from '../../../shared/api/payments';

// SPEC section 8's checkout toasts, word for word, and D14's cancellation wording.
export const checkoutToasts = {
  invalidQuote: 'Invalid Quote',
  invalidQuoteText: NO_QUOTE_MESSAGE,
  setupError: 'Setup Error',
  setupErrorText: 'Failed to set up payment. Please try again.',
  paymentFailed: 'Payment Failed',
  paymentError: 'Payment Error',
  paymentErrorText: 'An unexpected error occurred. Please try again.',
} as const;

/** A quote that has been booked and paid (the browser's Back from the confirmation leads here). */
export const alreadyPaidText = 'This booking has already been paid for: there is nothing more to pay. Your confirmation e-mail has the link to your appointment.';

export const heldPaymentNote = 'Your payment is held until the repair is completed to your satisfaction.';
