import { QUOTE_TO_BOOK_NOT_FOUND } from '../../../shared/api/appointments';
import { CHECKOUT_START_WITHIN } from '../../../shared/api/payments';

// SPEC section 8's toasts for booking, word for word.
export const bookingToasts = {
  failed: 'Booking Failed',
  quoteNotFound: 'Quote Not Found',
  quoteNotFoundText: QUOTE_TO_BOOK_NOT_FOUND,
  booked: 'Appointment Booked!',
  bookedText: 'Your repair appointment has been successfully scheduled.',
  appointmentNotFound: 'Appointment Not Found',
} as const;

/** The 14-day right to cancel (Consumer Contracts Regulations 2013), D14: checkout's and the reschedule panel's box. */
export { CANCELLATION_PERIOD_DAYS } from '../../../shared/api/payments';
export const consentLabel = 'I ask for the repair to start within the 14-day cancellation period.';
/** Checkout's refusal and hint, the server's words (CHECKOUT_START_WITHIN; the reschedule panel's are RESCHEDULE_START_WITHIN). */
export const consentRequired = CHECKOUT_START_WITHIN.refusal;
export const consentHint = CHECKOUT_START_WITHIN.hint;
