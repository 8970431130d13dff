// The booking feature's public face: what routes and other features may use.
export { AppointmentForCustomer } from './appointment-page';
export { BookingForQuote } from './booking-page';
export { ConfirmationForAppointment } from './confirmation-page';
export { RecordNotFound } from './record-not-found';
export { QuoteNotice } from './quote-notice';
export { BookingSkeleton } from './booking-skeleton';
export { useAppointment } from './api/appointments';
export { useQuote } from './api/get-quote';
export { useHeldAppointment } from './api/get-held-appointment';
export { appointmentKey, quoteKey } from './api/booking-query-keys';
export { bookingToasts, consentLabel, consentRequired } from './booking-messages';
export { asksForStartRequest, CancellationConsent, useConsentBox } from './cancellation-consent';
export { appointmentStatusLabel, isBooked, isRepairSettled } from './appointment-format';
export { HoldCountdown, HoldLapsed } from './hold-countdown';
