// What the team and the customer are told of a paid booking nobody has taken (issue 35 item 4,
// docs/decisions/0027). The team: at once, with who could still take it. The customer: once, 24
// hours before the slot, with a choice (another slot, or a full refund), never a silent wait.
import { slotInSentence } from '../../../../shared/calendar';
import { allDamageTypeLabels, isAnyDamageType } from '../../../../shared/damage';
import { formatLondonDate } from '../../../../shared/london-time';
import { formatPence } from '../../../../shared/money';
import type { CustomerEmail, NewOutboxEmail } from '../../email';
import { bookingEmail, type BookingEmailFacts } from '../emails/booking-emails';

const whenOf = (date: string, slot: string) => `${formatLondonDate(date)}, ${slot === 'morning' || slot === 'afternoon' ? slotInSentence(slot) : slot}`;

export interface TeamUnassignedFacts {
  reference: string;
  appointmentDate: string;
  timeSlot: string;
  damageType: string;
  city: string;
  postcode: string;
  offersMade: number;
  declined: number;
  technicians: { businessName: string; phone: string | null; distance: number }[];
}

export function teamUnassignedEmail(facts: TeamUnassignedFacts, teamEmail: string, publicUrl: string): NewOutboxEmail {
  const damage = isAnyDamageType(facts.damageType) ? allDamageTypeLabels[facts.damageType] : facts.damageType;
  const what =
    facts.offersMade === 0
      ? 'Dispatch found no technician to offer it to.'
      : `It was offered ${facts.offersMade === 1 ? 'once' : `${facts.offersMade} times`}${facts.declined > 0 ? ` (${facts.declined} declined)` : ''}, and nobody accepted before the deadline.`;
  return {
    kind: 'booking-unassigned-team',
    toAddress: teamEmail,
    subject: `No technician yet: ${facts.reference}, ${whenOf(facts.appointmentDate, facts.timeSlot)}`,
    textBody: [
      `The paid booking ${facts.reference} (${damage}, ${facts.city} ${facts.postcode}) for ${whenOf(facts.appointmentDate, facts.timeSlot)} has no technician.`,
      what,
      '',
      ...(facts.technicians.length === 0
        ? ['No technician who could still take it: cancel and refund it, or ask the customer to move it.']
        : ['Technicians who could still take it:', ...facts.technicians.map((t) => `- ${t.businessName}, ${t.distance.toFixed(1)} miles${t.phone ? `, ${t.phone}` : ''}`)]),
      '',
      'If it still has no technician 24 hours before the slot, the customer is offered another slot or a full refund.',
      '',
      `Offer it to one of them under Bookings without a technician: ${publicUrl}/admin`,
    ].join('\n'),
    htmlBody: null,
    headers: {},
  };
}

export function customerUnassignedEmail(facts: BookingEmailFacts): CustomerEmail {
  return bookingEmail('booking-unassigned-customer', facts, `We have not found a technician for your repair yet – reference ${facts.reference}`, [
    `We are sorry: no technician has yet taken your repair booked for ${whenOf(facts.date, facts.slot)}, so nobody will come unless one does and we tell you.`,
    '',
    'Please choose on your booking page:',
    '- another slot, or',
    `- a full refund of ${formatPence(facts.totalPence)}.`,
    '',
    facts.appointmentUrl,
  ]);
}
