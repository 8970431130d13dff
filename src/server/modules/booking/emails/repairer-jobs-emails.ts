// The customer is told who is coming once a technician accepts their booking (issue 12), and
// when the team has taken the job back from that technician to find another.
import { slotInSentence } from '../../../../shared/calendar';
import { formatLondonDate } from '../../../../shared/london-time';
import { customerFooter, type CustomerEmail } from '../../email';
import type { TechnicianProfileView } from '../../../../shared/api/appointments';
import type { BookingEmailFacts } from './booking-emails';
import { technicianLines } from './technician-lines';

/** A customer's e-mail about who does their repair: its lines, then the link to their booking. */
function aboutTheTechnician(kind: string, facts: BookingEmailFacts, subject: string, lines: string[]): CustomerEmail {
  return {
    kind,
    toAddress: facts.customerEmail,
    assessmentId: facts.assessmentId,
    subject,
    textBody: [`Hello ${facts.customerName},`, '', ...lines, '', 'See or change your booking:', facts.appointmentUrl, '', ...customerFooter(facts.company, facts.publicUrl)].join('\n'),
  };
}

/** `profile`: who is coming (issue 37 item 3), as the appointment page shows them. */
export function technicianAssignedEmail(facts: BookingEmailFacts, technician: { businessName: string }, profile: TechnicianProfileView | null = null): CustomerEmail {
  return aboutTheTechnician('technician-assigned', facts, `Your technician for ${formatLondonDate(facts.date)} – reference ${facts.reference}`, [
    `${technician.businessName} will carry out your repair on ${formatLondonDate(facts.date)}, ${slotInSentence(facts.slot)}.`,
    'They arrive within your window. The day before, we send you a reminder by e-mail (and by text, if you asked for texts when booking).',
    ...(profile ? ['', ...technicianLines(profile)] : []),
  ]);
}

/** The technician who accepted the booking cannot come: the booking stands, another technician is being found. */
export function technicianChangingEmail(facts: BookingEmailFacts, technician: { businessName: string }): CustomerEmail {
  return aboutTheTechnician('technician-changing', facts, `We are finding you another technician – reference ${facts.reference}`, [
    `${technician.businessName} can no longer carry out your repair on ${formatLondonDate(facts.date)}, ${slotInSentence(facts.slot)}.`,
    'Your booking and payment are unchanged: we are finding another technician for the same time, and will e-mail you as soon as one has accepted.',
  ]);
}
