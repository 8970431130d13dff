// The introduction a repairer gets (issue 13, D19): who we are and where (the company's identity
// and postal address from the site configuration, D1), what joining means, a personal link to
// join, why they got it, and a one-click unsubscribe (RFC 8058 headers and a link in the text),
// whose pieces the admin's invitation carries too (repairer-accounts-emails.ts).
import { formatLondonDate } from '../../../shared/london-time';
import { companyRegistration, registeredOfficeLine, type CompanyDetails } from '../../../shared/company';
import { site } from '../../../shared/site';
import type { NewOutboxEmail } from '../email';
import { unsubscribeHeaders, unsubscribeLine, type UnsubscribeLinks } from '../repairers';

export const INTRO_EMAIL_KIND = 'repairer-intro';

export interface IntroFacts {
  to: string;
  name: string;
  businessName: string;
  city: string;
  /** The page the address was found on, when collected from the business's website (D18). */
  sourceUrl: string | null;
  joinLink: string;
  joinExpiresAt: Date;
  unsubscribe: UnsubscribeLinks;
  sendAfter: Date;
  /** The company's details from the settings (issue 14): its identity and postal address close the e-mail. */
  company: CompanyDetails;
}

export function introEmail(facts: IntroFacts): NewOutboxEmail {
  const whyYou = facts.sourceUrl
    ? `We are writing to the business address published on ${facts.sourceUrl}.`
    : `We are writing to the business address we hold for ${facts.businessName}.`;
  return {
    kind: INTRO_EMAIL_KIND,
    toAddress: facts.to,
    subject: `Repair jobs near ${facts.city} for ${facts.businessName}`,
    textBody: [
      `Hello ${facts.name},`,
      '',
      `We are ${site.brand} (${site.tagline.toLowerCase()}): customers across the UK ask us for mobile repairs of scratches, scuffs, dents, paintwork and alloy wheels, and we pass each booked and paid job to an independent technician near them.`,
      '',
      `We would like to offer ${facts.businessName} jobs near ${facts.city}. You see the photos, the area and what you earn before you accept; the customer has paid before you travel, and you are paid once the job is done.`,
      '',
      `Join with this personal link (it works until ${formatLondonDate(facts.joinExpiresAt)}; reply to this e-mail for a new one):`,
      facts.joinLink,
      '',
      whyYou,
      unsubscribeLine(facts.unsubscribe),
      '',
      `${facts.company.name}, ${registeredOfficeLine(facts.company)}`,
      `${facts.company.supportEmail} · ${facts.company.supportPhone}`,
      companyRegistration(facts.company),
    ].join('\n'),
    headers: unsubscribeHeaders(facts.unsubscribe, facts.company),
    sendAfter: facts.sendAfter,
  };
}
