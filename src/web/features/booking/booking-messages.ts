// SPEC section 8's toasts for booking, word for word.
export const bookingToasts = {
  failed: 'Booking Failed',
  quoteNotFound: 'Quote Not Found',
  quoteNotFoundText: "The quote you're trying to book could not be found.",
  booked: 'Appointment Booked!',
  bookedText: 'Your repair appointment has been successfully scheduled.',
  appointmentNotFound: 'Appointment Not Found',
} as const;

/** The 14-day right to cancel (Consumer Contracts Regulations 2013), D14: checkout's and the reschedule panel's box. */
export { CANCELLATION_PERIOD_DAYS } from '../../../shared/api/payments';
export const consentLabel = 'I ask for the repair to start within the 14-day cancellation period.';
/** Checkout's refusal and hint; the reschedule panel's are the server's (RESCHEDULE_START_WITHIN in src/shared/api/payments.ts). */
export const consentRequired =
  'Your appointment is within 14 days: please tick the box to ask for the repair to start within the cancellation period, or choose a later date.';
export const consentHint = 'Your appointment is within 14 days, so we need your request to start it then.';
