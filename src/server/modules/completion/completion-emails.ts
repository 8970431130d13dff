// After the technician marks a repair as done (issue 12, D14): the customer is asked to confirm
// it or report a problem; a reported problem reaches the team.
import { formatLondonDate } from '../../../shared/london-time';
import { customerFooter } from '../email/company-footer';
import type { NewOutboxEmail } from '../email/email.repo';
import type { BookingEmailFacts } from '../payments/booking-emails';
import { RELEASE_AFTER_HOURS } from './payouts';

/** `warranty`: the quote's months (12 or more: an admin may lengthen it) and the day it runs until. */
export function repairDoneEmail(facts: BookingEmailFacts, technician: string, warranty: { months: number; endsDate: string }): NewOutboxEmail {
  return {
    kind: 'repair-done',
    toAddress: facts.customerEmail,
    subject: `Your repair is done – please confirm (reference ${facts.reference})`,
    textBody: [
      `Hello ${facts.customerName},`,
      '',
      `${technician} has marked your repair as done.`,
      `Please check it and confirm, or tell us if something is not right, within ${RELEASE_AFTER_HOURS} hours:`,
      facts.appointmentUrl,
      '',
      `We hold your payment until you confirm (or ${RELEASE_AFTER_HOURS} hours pass without a problem reported).`,
      `Your ${warranty.months}-month warranty on the workmanship runs until ${formatLondonDate(warranty.endsDate)}.`,
      '',
      ...customerFooter(facts.company),
    ].join('\n'),
  };
}

export function problemReportedEmail(facts: Pick<BookingEmailFacts, 'reference' | 'customerName' | 'customerEmail' | 'date'>, message: string, teamEmail: string, publicUrl: string): NewOutboxEmail {
  return {
    kind: 'repair-problem-team',
    toAddress: teamEmail,
    subject: `Problem reported after a repair: ${facts.reference}`,
    textBody: [
      `${facts.customerName} (${facts.customerEmail}) reported a problem with the repair of ${formatLondonDate(facts.date)}:`,
      '',
      message,
      '',
      "The technician's payment is on hold until it is resolved.",
      `${publicUrl}/admin`,
    ].join('\n'),
  };
}
