// What the technician who holds a job is told about it (issue 33): on accepting, the job with the
// customer's details and their notes for the technician; later, the notes the customer changed.
// D11: both go only to the repairer who accepted the job and still holds it; the offer e-mail,
// sent before anyone accepts, carries neither (dispatch-emails.ts).
import { allDamageTypeLabels, isAnyDamageType } from '../../../../shared/damage';
import { formatUkPhone } from '../../../../shared/phone';
import type { CompanyDetails } from '../../../../shared/company';
import type { NewOutboxEmail } from '../../email';
import { dashboardClose, repairerGreeting, whenInSentence, type JobOfferFacts } from './dispatch-emails';

export interface AcceptedJobFacts {
  repairer: JobOfferFacts['repairer'];
  reference: string;
  damageType: string;
  vehicle: string;
  appointmentDate: string;
  timeSlot: string;
  customer: { name: string; phone: string; address: string; city: string; postcode: string };
  /** The customer's notes for the technician, '' when they left none. */
  notes: string;
  dashboardUrl: string;
  company: CompanyDetails;
}

/** The customer's notes as an e-mail shows them: their own lines, or a sentence saying there are none. */
function notesLines(notes: string): string[] {
  return notes.trim() === '' ? ['The customer left no notes for you.'] : ['The customer’s notes for you:', ...notes.trim().split(/\r?\n/)];
}

function phoneInWords(phone: string): string {
  return phone.startsWith('+44') ? formatUkPhone(phone) : phone;
}

/** To the technician who has just accepted a job: it is theirs, with who, where and the customer's notes. */
export function jobAcceptedEmail(facts: AcceptedJobFacts): NewOutboxEmail {
  const when = whenInSentence(facts.appointmentDate, facts.timeSlot);
  const damage = isAnyDamageType(facts.damageType) ? allDamageTypeLabels[facts.damageType] : facts.damageType;
  const c = facts.customer;
  return {
    kind: 'job-accepted',
    toAddress: facts.repairer.email,
    subject: `Job confirmed: ${when} – reference ${facts.reference}`,
    textBody: [
      repairerGreeting(facts.repairer),
      '',
      `The job is yours: ${damage} on a ${facts.vehicle}, ${when}.`,
      'Please call the customer the day before to confirm, and arrive within the window.',
      '',
      `Customer: ${c.name}`,
      `Phone: ${phoneInWords(c.phone)}`,
      `Address: ${[c.address, c.city, c.postcode].filter(Boolean).join(', ')}`,
      '',
      ...notesLines(facts.notes),
      '',
      ...dashboardClose(facts.dashboardUrl, facts.company),
    ].join('\n'),
  };
}

/** To the technician who holds the job: the customer changed their notes for them. */
export function jobNotesChangedEmail(facts: Pick<AcceptedJobFacts, 'repairer' | 'reference' | 'appointmentDate' | 'timeSlot' | 'notes' | 'dashboardUrl' | 'company'>): NewOutboxEmail {
  const when = whenInSentence(facts.appointmentDate, facts.timeSlot);
  return {
    kind: 'job-notes-changed',
    toAddress: facts.repairer.email,
    subject: `New notes from the customer: ${when} – reference ${facts.reference}`,
    textBody: [
      repairerGreeting(facts.repairer),
      '',
      `The customer has changed their notes for the repair you accepted for ${when}.`,
      '',
      ...(facts.notes.trim() === '' ? ['They removed their notes: there are none now.'] : notesLines(facts.notes)),
      '',
      ...dashboardClose(facts.dashboardUrl, facts.company),
    ].join('\n'),
  };
}
