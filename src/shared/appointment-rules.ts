// Booking's rules, limits and messages (D13–D15, D21; issues 11, 12, 33) that the customer's
// screens show, free of zod: src/shared/api/appointments.ts re-exports them beside its schemas,
// so the server reads them from there, and a screen that only shows a message or a limit takes no
// schemas with it (issue 36).
import type { TimeSlot, UnbookableReason } from './calendar';
import { addDays } from './calendar-date';
import { formatLondonDate } from './london-time';

/** SPEC section 8's 'Quote Not Found' text on the booking page: the browser's toast and the server's 404 alike. */
export const QUOTE_TO_BOOK_NOT_FOUND = "The quote you're trying to book could not be found.";

/** The longest notes for the technician the customer may leave. */
export const NOTES_MAX = 1000;

/** How long a slot is held for payment (D13). */
export const HOLD_MINUTES = 30;
/** Free cancellation and rescheduling up to this many hours before the slot starts (D14). */
export const FREE_CHANGE_HOURS = 24;

/**
 * The last London day the customer may change their notes online: two days before the
 * appointment, so that from the day before (when the reminder goes and the technician gets ready) the notes the
 * technician read are the notes that stand.
 */
export const notesLastChangeDate = (appointmentDate: string) => addDays(appointmentDate, -2);

export const appointmentNotesMessages = {
  tooLate: (lastDate: string, supportPhone: string) =>
    `It is too late to change your notes online: they could be changed until the end of ${formatLondonDate(lastDate)}. Please ring us on ${supportPhone} and we will pass the change to your technician.`,
} as const;

export const completionMessages = {
  notYetDone: 'The technician has not marked this repair as done yet.',
  alreadyConfirmed: 'You have already confirmed this repair.',
  alreadyReported: 'You have already reported a problem with this repair: our team will be in touch.',
  tooEarly: 'You can mark this job done on the day of the appointment.',
  alreadyReviewed: 'You have already reviewed this repair. Thank you!',
  problemShort: 'Please tell us what is wrong in at least 10 characters',
  problemLong: 'Please keep your message under 1,000 characters',
  rating: 'Please choose a rating from 1 to 5 stars',
  commentLong: 'Please keep your comment under 1,000 characters',
  payoutNotFound: 'Payout not found',
  payoutNotHeld: 'Only a payout on hold, after a reported problem or a reversed transfer, can be released here.',
  payoutNoStripeAccount: 'This technician has not connected a Stripe account yet, so the payout cannot be sent.',
  payoutTransferFailed: (reason: string) => `Stripe did not make the transfer, so the payout is still held. ${reason}`,
  payoutSending: 'This payout is already being sent to the technician through Stripe.',
  payoutUnconfirmed:
    'Stripe did not answer, so we cannot tell yet whether the transfer was made. The payout is marked as being sent: the release job checks with Stripe and finishes it within 15 minutes, and it cannot be paid twice.',
  refundNotAfterProblem: 'Only a finished repair whose customer reported a problem can be refunded here.',
  refundPayoutNotHeld: "The technician's payment for this repair is no longer on hold (it has been released), so the customer cannot be refunded here. Refund them from the payment provider's dashboard.",
  refundAlreadyDone: "This customer's payment has already been refunded.",
  refundPayoutTransferred:
    "The technician has already been sent money for this repair through Stripe (a transfer later reversed, in part or whole), so the customer cannot be refunded here: settle it in Stripe's dashboard.",
  refundReasonShort: 'Please say in at least 10 characters why the customer is refunded',
  refundReasonLong: 'Please keep the reason under 500 characters',
  /** To Stripe, not a person: a reversal reported while its payout is being sent is delivered again later. */
  reversalWhileSending: 'The payout this transfer pays is being sent right now. Please deliver this event again later.',
} as const;

/** POST /api/admin/appointments/{id}/cancel: the team cancels a paid booking and refunds it in full. */
export const teamCancelMessages = {
  notFound: 'We could not find that booking.',
  notPaid: 'This booking has not been paid for: its 30-minute hold ends by itself.',
  finished: 'This repair is finished. If the customer reported a problem, refund them from Problems reported.',
  reasonShort: 'Please tell the customer in at least 10 characters why their booking is cancelled',
  reasonLong: 'Please keep the reason under 500 characters',
} as const;

/** What the admin's screen shows on a day or slot that cannot be booked (D15), in place of its controls. */
export const unbookableLabels: Record<UnbookableReason, string> = {
  past: 'Passed',
  weekend: 'Weekend',
  bankHoliday: 'Bank holiday',
  tooSoon: 'Less than 24 hours away',
};

/**
 * The PUT's 400 for a day (or one slot of it) that can never be booked: a change there would
 * have no effect and only mislead, so nothing is changed.
 */
export function unbookableAvailabilityMessage(date: string, reason: UnbookableReason, slot?: TimeSlot): string {
  const day = formatLondonDate(date);
  const why: Record<UnbookableReason, string> = {
    past: 'has passed',
    weekend: 'is a weekend day',
    bankHoliday: 'is a bank holiday',
    tooSoon: slot ? 'starts in less than 24 hours' : 'is less than 24 hours away',
  };
  return slot
    ? `The ${slot} of ${day} ${why[reason]}, so it cannot be booked and its capacity cannot be changed.`
    : `${day} ${why[reason]}, so it cannot be booked and its availability cannot be changed.`;
}
