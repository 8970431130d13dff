// What a repairer is told when a job is offered to them (D16). D11: nothing that identifies the
// customer before they accept — the damage, the vehicle, the area (town and postcode district),
// the date and what they earn; the link opens their dashboard, behind their sign-in, or, for a
// business without an account, creates its account first (with an unsubscribe link, D19).
import { isTimeSlot, slotInSentence, slotLabelOf } from '../../../../shared/calendar';
import { allDamageTypeLabels, isAnyDamageType } from '../../../../shared/damage';
import { formatLondonDate, formatLondonDateTime } from '../../../../shared/london-time';
import { formatPence } from '../../../../shared/money';
import { commissionInWords, commissionLabel, type MoneySplit } from '../../../../shared/money-split';
import { answerByLabel } from '../../../../shared/offer-deadline';
import { postcodeDistrict } from '../../../../shared/postcode';
import { noVatSentence, type CompanyDetails } from '../../../../shared/company';
import { signature, type NewOutboxEmail } from '../../email';
import { unsubscribeHeaders, unsubscribeLine, type UnsubscribeLinks } from '../../repairers';

export interface JobOfferFacts {
  repairer: { email: string; contactName: string | null; businessName: string };
  damageType: string;
  vehicle: string;
  city: string;
  postcode: string;
  appointmentDate: string;
  timeSlot: string;
  /** Issue 37: the whole split of the customer's money (src/shared/money-split.ts). */
  split: MoneySplit;
  expiresAt: Date;
  dashboardUrl: string;
  company: CompanyDetails;
  /**
   * A business without an account (verified, imported or added by the team): its join link, to
   * create the account the offer is accepted from, and the unsubscribe links every e-mail we send
   * a business unasked carries (D19).
   */
  join?: { link: string; expiresAt: Date; unsubscribe: UnsubscribeLinks } | undefined;
}

/** How a repairer's e-mail opens: their contact's name, else the business's. */
export const repairerGreeting = (repairer: JobOfferFacts['repairer']) => `Hello ${repairer.contactName ?? repairer.businessName},`;

/** A booking's day and slot inside a sentence: 'Monday 2 March 2026, morning, 8:00–12:00'. */
export const whenInSentence = (date: string, timeSlot: string) => `${formatLondonDate(date)}, ${isTimeSlot(timeSlot) ? slotInSentence(timeSlot) : timeSlot}`;


/** A job as a repairer's e-mails name it (D11: the area, not the address): the repair, the area, and when, in words. */
export function jobInWords(facts: Pick<JobOfferFacts, 'damageType' | 'city' | 'postcode' | 'timeSlot'>) {
  return {
    damage: isAnyDamageType(facts.damageType) ? allDamageTypeLabels[facts.damageType] : facts.damageType,
    slot: slotLabelOf(facts.timeSlot),
    area: `${facts.city} ${postcodeDistrict(facts.postcode) ?? ''}`.trim(),
  };
}

/** The close of a repairer's account e-mail: their dashboard, then the company's signature. */
export function dashboardClose(dashboardUrl: string, company: CompanyDetails): string[] {
  return ['Your jobs and earnings are on your dashboard (sign in first):', dashboardUrl, '', ...signature(company)];
}

export function jobOfferEmail(facts: JobOfferFacts): NewOutboxEmail {
  const { damage, slot, area } = jobInWords(facts);
  return {
    kind: 'job-offer',
    toAddress: facts.repairer.email,
    subject: `New job near you: ${damage} in ${area}, ${formatLondonDate(facts.appointmentDate)}`,
    textBody: [
      repairerGreeting(facts.repairer),
      '',
      'A customer near you has booked and paid for a repair. It is yours if you accept it first.',
      '',
      `Repair: ${damage} on a ${facts.vehicle}`,
      `Area: ${area}`,
      `When: ${formatLondonDate(facts.appointmentDate)}, ${slot}`,
      `Customer pays${facts.split.vatPence > 0 ? ' (incl. VAT)' : ''}: ${formatPence(facts.split.customerPaysPence)}`,
      `${commissionLabel}: ${formatPence(facts.split.commissionPence)} (${commissionInWords(facts.split)})`,
      `You earn: ${formatPence(facts.split.repairerEarnsPence)}`,
      // Issue 37: a quote priced while the company was not VAT registered charged none.
      facts.split.vatPence > 0 ? `(VAT of ${formatPence(facts.split.vatPence)} goes to HMRC.)` : `(${noVatSentence}.)`,
      `${answerByLabel(facts.expiresAt)} (the time to answer counts your working hours only).`,
      '',
      ...(facts.join
        ? [
            // An operator's review: a business with no account was told to sign in, and could not.
            `You do not have an account with us yet. Create one with this link (it works once, until ${formatLondonDateTime(facts.join.expiresAt)}), then see the photos and accept or decline on your dashboard:`,
            facts.join.link,
          ]
        : ['See the photos and accept or decline on your dashboard (sign in first):', facts.dashboardUrl]),
      '',
      "The customer's name, phone and address are shown once you accept.",
      '',
      ...(facts.join ? [unsubscribeLine(facts.join.unsubscribe), ''] : []),
      ...signature(facts.company),
    ].join('\n'),
    ...(facts.join ? { headers: unsubscribeHeaders(facts.join.unsubscribe, facts.company) } : {}),
  };
}

/** A booking this repairer had accepted was cancelled (by the customer, or by the team with a refund). */
export function jobCancelledEmail(facts: { repairer: JobOfferFacts['repairer']; appointmentDate: string; timeSlot: string; company: CompanyDetails }): NewOutboxEmail {
  const when = whenInSentence(facts.appointmentDate, facts.timeSlot);
  return {
    kind: 'job-cancelled',
    toAddress: facts.repairer.email,
    subject: `Job cancelled: ${when}`,
    textBody: [
      repairerGreeting(facts.repairer),
      '',
      `The repair you accepted for ${when} has been cancelled. You do not need to attend, and that time is free again.`,
      '',
      ...signature(facts.company),
    ].join('\n'),
  };
}

/** The customer moved a booking this repairer had accepted: the job is still theirs, at the new time. */
export function jobMovedEmail(facts: {
  repairer: JobOfferFacts['repairer'];
  from: { date: string; slot: string };
  to: { date: string; slot: string };
  dashboardUrl: string;
  company: CompanyDetails;
}): NewOutboxEmail {
  const when = ({ date, slot }: { date: string; slot: string }) => whenInSentence(date, slot);
  return {
    kind: 'job-moved',
    toAddress: facts.repairer.email,
    subject: `Job moved to ${when(facts.to)}`,
    textBody: [
      repairerGreeting(facts.repairer),
      '',
      `The customer has moved the repair you accepted from ${when(facts.from)} to ${when(facts.to)}. The job is still yours; you do not need to attend at the old time.`,
      '',
      'The job, with the new time, is on your dashboard (sign in first):',
      facts.dashboardUrl,
      '',
      `If you cannot do the new time, please reply to this e-mail or call us on ${facts.company.supportPhone} as soon as you can.`,
      '',
      ...signature(facts.company),
    ].join('\n'),
  };
}

/** The team took back a job this repairer had accepted (they cannot come, or the team moved it): the reason is the admin's. */
export function jobTakenBackEmail(facts: { repairer: JobOfferFacts['repairer']; appointmentDate: string; timeSlot: string; reason: string; company: CompanyDetails }): NewOutboxEmail {
  const when = whenInSentence(facts.appointmentDate, facts.timeSlot);
  return {
    kind: 'job-taken-back',
    toAddress: facts.repairer.email,
    subject: `Job taken back: ${when}`,
    textBody: [
      repairerGreeting(facts.repairer),
      '',
      `Our team has taken back the repair you accepted for ${when}, and will find another technician for it. You do not need to attend, and that time is free again.`,
      '',
      'The reason our team gave:',
      facts.reason,
      '',
      `If this is a mistake, please reply to this e-mail or call us on ${facts.company.supportPhone}.`,
      '',
      ...signature(facts.company),
    ].join('\n'),
  };
}
