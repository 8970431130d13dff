// After the technician marks a repair as done (issue 12, D14): the customer is asked to confirm
// it or report a problem; a reported problem reaches the team; the repairer is told when paid.
import type { CompanyDetails } from '../../../../shared/company';
import { formatLondonDate } from '../../../../shared/london-time';
import { formatPence } from '../../../../shared/money';
import { customerFooter, type CustomerEmail, type NewOutboxEmail } from '../../email';
import { slotLabelOf } from '../../../../shared/calendar';
import { dashboardClose, jobInWords, repairerGreeting } from './dispatch-emails';
import type { BookingEmailFacts } from './booking-emails';
import { AUTO_RELEASE_HOURS as RELEASE_AFTER_HOURS } from '../../../../shared/aftercare';

/** `warranty`: the quote's months (12 or more: an admin may lengthen it) and the day it runs until. */
export function repairDoneEmail(facts: BookingEmailFacts, technician: string, warranty: { months: number; endsDate: string }): CustomerEmail {
  return {
    kind: 'repair-done',
    toAddress: facts.customerEmail,
    assessmentId: facts.assessmentId,
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
      ...customerFooter(facts.company, facts.publicUrl),
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

export interface RepairerPaidFacts {
  repairer: { email: string; contactName: string | null; businessName: string };
  damageType: string;
  city: string;
  postcode: string;
  appointmentDate: string;
  timeSlot: string;
  amountPence: number;
  /** The Stripe transfer's id (tr_…), or `ledger:{id}` without Stripe. */
  providerRef: string;
  /** This transfer made good what a reversal took back: only this much was sent now. */
  topUpPence?: number | null;
  dashboardUrl: string;
  company: CompanyDetails;
}

/** A repairer's share was released (D14): how much, for which job, and where the money went. */
export function repairerPaidEmail(facts: RepairerPaidFacts): NewOutboxEmail {
  const { damage, slot, area } = jobInWords(facts);
  const amount = formatPence(facts.amountPence);
  const topUp = facts.topUpPence ? formatPence(facts.topUpPence) : null;
  const where = facts.providerRef.startsWith('ledger:')
    ? ['Test mode: no real money is moved. The payment is recorded against your account only.']
    : [`It has been sent to your Stripe account (transfer ${facts.providerRef}). Stripe pays it into your bank account on your usual payout schedule.`];
  return {
    kind: 'repairer-paid',
    toAddress: facts.repairer.email,
    subject: topUp
      ? `You have been paid the ${topUp} missing from your payment for the repair on ${formatLondonDate(facts.appointmentDate)}`
      : `You have been paid ${amount} for the repair on ${formatLondonDate(facts.appointmentDate)}`,
    textBody: [
      repairerGreeting(facts.repairer),
      '',
      topUp ? `We have sent the ${topUp} that was taken back from your payment of ${amount} for this job, so you now hold all of it:` : `We have released your payment of ${amount} for this job:`,
      '',
      `Repair: ${damage}`,
      `Area: ${area}`,
      `When: ${formatLondonDate(facts.appointmentDate)}, ${slot}`,
      '',
      ...where,
      '',
      ...dashboardClose(facts.dashboardUrl, facts.company),
    ].join('\n'),
  };
}

/** After a reported problem the team refunded the customer: the technician's held share is cancelled. */
export function repairerShareCancelledEmail(facts: { repairer: RepairerPaidFacts['repairer']; appointmentDate: string; timeSlot: string; dashboardUrl: string; company: CompanyDetails }): NewOutboxEmail {
  const slot = slotLabelOf(facts.timeSlot);
  return {
    kind: 'repairer-share-cancelled',
    toAddress: facts.repairer.email,
    subject: `No payment for the repair on ${formatLondonDate(facts.appointmentDate)}: the customer was refunded`,
    textBody: [
      repairerGreeting(facts.repairer),
      '',
      `The customer reported a problem with the repair on ${formatLondonDate(facts.appointmentDate)}, ${slot}, and our team has refunded them in full, so there is no payment for this job.`,
      `If you think this is wrong, please reply to this e-mail or call us on ${facts.company.supportPhone}.`,
      '',
      ...dashboardClose(facts.dashboardUrl, facts.company),
    ].join('\n'),
  };
}
