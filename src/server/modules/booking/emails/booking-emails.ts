// What the customer is told about their booking (issue 11): confirmation with a calendar
// attachment, the reminder 24 hours before, cancellation, refund and reschedule. Every link
// carries a fresh access grant (D10); test-mode bookings say no real money was taken.
import { createEvent } from 'ics';
import { CANCELLATION_PERIOD_DAYS, TEST_MODE_NOTICE } from '../../../../shared/api/payments';
import { slotEndsAt, slotInSentence, slotStartsAt, type TimeSlot } from '../../../../shared/calendar';
import { formatLondonDate } from '../../../../shared/london-time';
import { formatPence } from '../../../../shared/money';
import type { CompanyDetails } from '../../../../shared/company';
import { site } from '../../../../shared/site';
import type { EmailAttachment } from '../../../db/schema/email';
import { customerFooter, type CustomerEmail } from '../../email';
import type { TechnicianProfileView } from '../../../../shared/api/appointments';
import { technicianLines } from './technician-lines';

export interface BookingEmailFacts {
  appointmentId: number;
  /** The enquiry the booking is for: every e-mail to the customer names it (outbox_emails.assessment_id). */
  assessmentId: number;
  reference: string;
  customerName: string;
  customerEmail: string;
  /** Issue 38: the UK mobile (E.164) the customer agreed to be texted on at booking; null: no texts. */
  textTo: string | null;
  date: string;
  slot: TimeSlot;
  totalPence: number;
  /** The appointment page, behind an access link. */
  appointmentUrl: string;
  /** The quote page, behind the same access link. */
  quoteUrl: string;
  testMode: boolean;
  /** The company's details from the settings (issue 14), for the footer. */
  company: CompanyDetails;
  /** The site's address, for the footer's My repairs line (issue 38). */
  publicUrl: string;
}

const when = (facts: Pick<BookingEmailFacts, 'date' | 'slot'>) => `${formatLondonDate(facts.date)}, ${slotInSentence(facts.slot)}`;
const testLine = (facts: BookingEmailFacts) => (facts.testMode ? [`${TEST_MODE_NOTICE}.`, ''] : []);

/** A booking e-mail to its customer: greeting, the test-mode line, `lines`, the do-not-forward line and the footer. */
export function bookingEmail(kind: string, facts: BookingEmailFacts, subject: string, lines: string[], attachments: EmailAttachment[] = []): CustomerEmail {
  return {
    kind,
    toAddress: facts.customerEmail,
    assessmentId: facts.assessmentId,
    subject: facts.testMode ? `[Test mode] ${subject}` : subject,
    textBody: [
      `Hello ${facts.customerName},`,
      '',
      ...testLine(facts),
      ...lines,
      '',
      'Please do not forward this e-mail: the link opens your booking and details.',
      '',
      ...customerFooter(facts.company, facts.publicUrl),
    ].join('\n'),
    htmlBody: null,
    headers: {},
    attachments,
  };
}

/**
 * The booking as an iCalendar event (RFC 5545) in UTC instants, so every calendar shows the
 * slot at its London wall-clock time whatever the server's time zone. `sequence` grows when the
 * booking moves or is cancelled, so calendars replace the earlier copy (same UID).
 */
export function bookingCalendar(facts: Pick<BookingEmailFacts, 'appointmentId' | 'reference' | 'date' | 'slot' | 'appointmentUrl' | 'company'>, options: { sequence: number; cancelled?: boolean }): EmailAttachment {
  const { error, value } = createEvent({
    productId: 'autorevive/booking',
    method: options.cancelled ? 'CANCEL' : 'PUBLISH',
    uid: `appointment-${facts.appointmentId}@autorevive.co.uk`,
    sequence: options.sequence,
    start: slotStartsAt(facts.date, facts.slot).getTime(),
    end: slotEndsAt(facts.date, facts.slot).getTime(),
    startInputType: 'utc',
    startOutputType: 'utc',
    endInputType: 'utc',
    endOutputType: 'utc',
    title: `${site.brand} repair (${facts.reference})`,
    description: `Your mobile repair, reference ${facts.reference}. The technician arrives within the window. Details: ${facts.appointmentUrl}`,
    status: options.cancelled ? 'CANCELLED' : 'CONFIRMED',
    organizer: { name: site.brand, email: facts.company.supportEmail },
  });
  if (error || !value) throw new Error(`Could not build the calendar event: ${error?.message ?? 'no value'}`);
  return { filename: 'autorevive-booking.ics', contentType: 'text/calendar; charset=utf-8', content: value };
}

/**
 * D14 on a durable medium (Consumer Contracts Regulations 2013): the right to cancel, and, where
 * the customer ticked checkout's box, the record of their request to start inside the period.
 */
function cancellationRightLines(startWithinCancellationPeriod: boolean, askedWhen = 'at checkout'): string[] {
  const period = `${CANCELLATION_PERIOD_DAYS}-day cancellation period`;
  return startWithinCancellationPeriod
    ? [
        `Your right to cancel: ${askedWhen} you asked for the repair to start within the ${period}, and it will. You can still cancel within ${CANCELLATION_PERIOD_DAYS} days of paying, but you may have to pay for work already done, and once the repair is complete the right to cancel ends. Cancelling more than 24 hours before your appointment is always free and refunded in full.`,
      ]
    : [
        `Your right to cancel: you may cancel within ${CANCELLATION_PERIOD_DAYS} days of paying, without giving a reason, for a full refund. Cancelling more than 24 hours before your appointment is always free and refunded in full.`,
      ];
}

/**
 * A text to the customer about their booking (issue 38; docs/decisions/0037), kept in the outbox
 * beside the e-mails with the same guarantees. Null when they gave no consent or no UK mobile:
 * then nothing is queued. Short (one or two SMS segments), without the access link: a text can
 * be read by anyone holding the phone, the link is in the e-mail.
 */
export function bookingText(kind: string, facts: Pick<BookingEmailFacts, 'textTo' | 'assessmentId' | 'reference'>, message: string): CustomerEmail | null {
  if (!facts.textTo) return null;
  return {
    kind,
    channel: 'sms',
    toAddress: facts.textTo,
    assessmentId: facts.assessmentId,
    subject: '',
    textBody: `${site.brand}: ${message} Ref ${facts.reference}.`,
    htmlBody: null,
    headers: {},
    attachments: [],
  };
}

export const confirmationText = (facts: BookingEmailFacts) =>
  bookingText('text-booking-confirmed', facts, `your repair is booked for ${when(facts)}. Details are in your e-mail.`);

export const reminderText = (facts: BookingEmailFacts) =>
  bookingText('text-booking-reminder', facts, `a reminder that your repair is tomorrow, ${when(facts)}. Please be there 15 minutes before the window starts.`);

export const repairDoneText = (facts: BookingEmailFacts, technician: string) =>
  bookingText('text-repair-done', facts, `${technician} has marked your repair as done. Please confirm it, or tell us if something is not right, from the link in your e-mail.`);

/** `invoice`: the VAT invoice (issue 37), or the receipt when the company is not VAT registered, attached. */
export function confirmationEmail(facts: BookingEmailFacts, payment: { startWithinCancellationPeriod: boolean }, invoice: { number: string; attachment: EmailAttachment; receipt?: boolean } | null = null): CustomerEmail {
  return bookingEmail(
    'booking-confirmed',
    facts,
    `Booking confirmed – ${formatLondonDate(facts.date)} – reference ${facts.reference}`,
    [
      `Your repair is booked for ${when(facts)}.`,
      `Appointment number: ${facts.appointmentId}`,
      `Paid: ${formatPence(facts.totalPence)}. We hold your payment until the repair is completed to your satisfaction.`,
      '',
      'What happens next:',
      '- The day before your appointment we send you a reminder by e-mail (and by text, if you asked for texts when booking).',
      '- Please be there 15 minutes before the window starts, with the car somewhere the technician can work.',
      '- The calendar file attached adds the appointment to your calendar.',
      ...(invoice ? [`- Your ${invoice.receipt ? 'receipt' : 'VAT invoice'} ${invoice.number} is attached, and on your appointment page.`] : []),
      '',
      ...cancellationRightLines(payment.startWithinCancellationPeriod),
      '',
      'See, cancel or reschedule your appointment (free up to 24 hours before):',
      facts.appointmentUrl,
    ],
    [bookingCalendar(facts, { sequence: 0 }), ...(invoice ? [invoice.attachment] : [])],
  );
}

/** `technician`: who is coming (issue 37 item 3); a reminder goes only to a booking a technician has accepted. */
export function reminderEmail(facts: BookingEmailFacts, technician: TechnicianProfileView | null = null): CustomerEmail {
  return bookingEmail('booking-reminder', facts, `Reminder: your repair is tomorrow – reference ${facts.reference}`, [
    `This is a reminder that your repair is booked for ${when(facts)}.`,
    'Please be there 15 minutes before the window starts.',
    '',
    ...(technician ? [...technicianLines(technician), ''] : []),
    'Your booking details:',
    facts.appointmentUrl,
    '',
    `Changes are no longer possible online within 24 hours of the appointment: please call us on ${facts.company.supportPhone}.`,
  ]);
}

/** `teamReason`: the team cancelled it (they tell the customer why); absent, the customer did. */
export function cancellationEmail(facts: BookingEmailFacts, sequence: number, teamReason?: string): CustomerEmail {
  return bookingEmail(
    'booking-cancelled',
    facts,
    `Booking cancelled – reference ${facts.reference}`,
    // The quote page books again (Accept Quote & Book Appointment); the cancelled appointment's page only offers a new assessment.
    [
      ...(teamReason === undefined
        ? [`Your repair booked for ${when(facts)} has been cancelled.`]
        : [`We have had to cancel your repair booked for ${when(facts)}, and we are sorry.`, `Why: ${teamReason}`, '']),
      'You can book another slot for the same quote while it is valid:',
      facts.quoteUrl,
    ],
    [bookingCalendar(facts, { sequence, cancelled: true })],
  );
}

export type RefundReason = 'cancelled' | 'slot-gone' | 'slot-started' | 'early-start-not-requested' | 'price-changed' | 'problem-reported';

/** Why the money went back, and where the customer goes next. */
function refundLines(facts: BookingEmailFacts, reason: RefundReason): string[] {
  const refunded = `We have refunded ${formatPence(facts.totalPence)} in full to the card you paid with.`;
  switch (reason) {
    case 'cancelled':
      return [refunded, '', 'Your booking, as it stands now:', facts.appointmentUrl];
    case 'slot-gone':
      return [
        `Your payment reached us after the 30-minute hold on ${when(facts)} had ended, and that slot has since been taken.`,
        `${refunded} Please choose another slot for your quote:`,
        facts.quoteUrl,
      ];
    case 'slot-started':
      return [
        `Your payment reached us after the 30-minute hold on ${when(facts)} had ended, and by then that appointment had already begun, so we could not book it.`,
        `${refunded} Please choose another slot for your quote:`,
        facts.quoteUrl,
      ];
    case 'early-start-not-requested':
      // D14: booking it would start the repair inside the cancellation period, which the customer never asked for.
      return [
        `Your payment reached us after the 30-minute hold on ${when(facts)} had ended. By then the appointment was less than ${CANCELLATION_PERIOD_DAYS} days away, within your ${CANCELLATION_PERIOD_DAYS}-day cancellation period, and you had not asked us to start the repair within it, so we have not booked it.`,
        `${refunded} Please book again from your quote: choose a later date, or tick the box to ask us to start the repair within the ${CANCELLATION_PERIOD_DAYS} days:`,
        facts.quoteUrl,
      ];
    case 'problem-reported':
      return [
        `After the problem you reported with your repair on ${formatLondonDate(facts.date)}, ${refunded.charAt(0).toLowerCase()}${refunded.slice(1)} We are sorry it was not right.`,
        '',
        'Your booking, as it stands now:',
        facts.appointmentUrl,
      ];
    case 'price-changed':
      return [
        `The price of your quote changed while you were paying, so we have not booked ${when(facts)} at the old price.`,
        `${refunded} Please look at your updated quote, and book again if you would like to go ahead:`,
        facts.quoteUrl,
      ];
  }
}

/** `creditNote`: the credit note for the refunded VAT invoice (issue 37), attached; none when the booking had no invoice. */
export function refundEmail(facts: BookingEmailFacts, reason: RefundReason, creditNote: { number: string; attachment: EmailAttachment } | null = null): CustomerEmail {
  return bookingEmail(
    'booking-refunded',
    facts,
    `Refund of ${formatPence(facts.totalPence)} – reference ${facts.reference}`,
    [
      ...refundLines(facts, reason),
      'Refunds usually reach your account within 5–10 working days.',
      ...(creditNote ? ['', `Your credit note ${creditNote.number}, which cancels your VAT invoice, is attached and on your appointment page.`] : []),
    ],
    creditNote ? [creditNote.attachment] : [],
  );
}

/** `startRequested`: the customer asked, in moving it, for the repair to start within the 14-day period (D14); confirmed here in writing. */
export function rescheduleEmail(
  facts: BookingEmailFacts,
  from: { date: string; slot: TimeSlot },
  sequence: number,
  options: { startRequested: boolean } = { startRequested: false },
): CustomerEmail {
  return bookingEmail(
    'booking-rescheduled',
    facts,
    `Booking moved to ${formatLondonDate(facts.date)} – reference ${facts.reference}`,
    [
      `Your repair has moved from ${when(from)} to ${when(facts)}.`,
      'The calendar file attached replaces the earlier one.',
      '',
      ...(options.startRequested ? [...cancellationRightLines(true, 'when you moved your booking'), ''] : []),
      'See or change your appointment (free up to 24 hours before):',
      facts.appointmentUrl,
    ],
    [bookingCalendar(facts, { sequence })],
  );
}
