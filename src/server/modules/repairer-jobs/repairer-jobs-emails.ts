// The customer is told who is coming once a technician accepts their booking (issue 12), and
// when the team has taken the job back from that technician to find another.
import { slotInSentence } from '../../../shared/calendar';
import { formatLondonDate } from '../../../shared/london-time';
import { customerFooter } from '../email/company-footer';
import type { CustomerEmail } from '../email/email.repo';
import type { BookingEmailFacts } from '../payments/booking-emails';

export function technicianAssignedEmail(facts: BookingEmailFacts, technician: { businessName: string; phone: string | null }): CustomerEmail {
  return {
    kind: 'technician-assigned',
    toAddress: facts.customerEmail,
    assessmentId: facts.assessmentId,
    subject: `Your technician for ${formatLondonDate(facts.date)} – reference ${facts.reference}`,
    textBody: [
      `Hello ${facts.customerName},`,
      '',
      `${technician.businessName} will carry out your repair on ${formatLondonDate(facts.date)}, ${slotInSentence(facts.slot)}.`,
      'They will call you the day before to confirm, and arrive within your window.',
      '',
      'See or change your booking:',
      facts.appointmentUrl,
      '',
      ...customerFooter(facts.company),
    ].join('\n'),
  };
}

/** The technician who accepted the booking cannot come: the booking stands, another technician is being found. */
export function technicianChangingEmail(facts: BookingEmailFacts, technician: { businessName: string }): CustomerEmail {
  return {
    kind: 'technician-changing',
    toAddress: facts.customerEmail,
    assessmentId: facts.assessmentId,
    subject: `We are finding you another technician – reference ${facts.reference}`,
    textBody: [
      `Hello ${facts.customerName},`,
      '',
      `${technician.businessName} can no longer carry out your repair on ${formatLondonDate(facts.date)}, ${slotInSentence(facts.slot)}.`,
      'Your booking and payment are unchanged: we are finding another technician for the same time, and will e-mail you as soon as one has accepted.',
      '',
      'See or change your booking:',
      facts.appointmentUrl,
      '',
      ...customerFooter(facts.company),
    ].join('\n'),
  };
}
