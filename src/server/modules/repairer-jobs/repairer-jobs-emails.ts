// The customer is told who is coming once a technician accepts their booking (issue 12).
import { slotInSentence } from '../../../shared/calendar';
import { formatLondonDate } from '../../../shared/london-time';
import { customerFooter } from '../email/company-footer';
import type { NewOutboxEmail } from '../email/email.repo';
import type { BookingEmailFacts } from '../payments/booking-emails';

export function technicianAssignedEmail(facts: BookingEmailFacts, technician: { businessName: string; phone: string | null }): NewOutboxEmail {
  return {
    kind: 'technician-assigned',
    toAddress: facts.customerEmail,
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
