// Issue 35 item 5: the e-mails of a technician's way in. An application reaches the team (and
// the applicant hears it arrived); insurance that is ending warns both 30 days before, and on
// the day after it ends both are told what it changed (docs/decisions/0025-vetting-and-insurance.md).
import { formatLondonDate } from '../../../shared/london-time';
import type { CompanyDetails } from '../../../shared/company';
import { site } from '../../../shared/site';
import { signature, type NewOutboxEmail } from '../email';

interface Business {
  businessName: string;
  contactName: string | null;
  email: string | null;
  postcode: string;
}

const hello = (business: Business) => `Hello ${business.contactName ?? business.businessName},`;

export function applicationReceivedEmail(business: Business & { email: string }, company: CompanyDetails): NewOutboxEmail {
  return {
    kind: 'technician-application',
    toAddress: business.email,
    subject: `Your application to ${site.brand}`,
    textBody: [
      hello(business),
      '',
      `Thank you for applying to join ${site.brand} as ${business.businessName}. Before we offer anyone jobs, our team checks their public liability insurance, their identity and their skills.`,
      'We will be in touch to arrange the checks, usually within 5 working days. Once they are done, we e-mail you a link to create your account.',
      '',
      ...signature(company),
    ].join('\n'),
  };
}

export function applicationTeamEmail(business: Business, yearsExperience: number, teamEmail: string, publicUrl: string): NewOutboxEmail {
  return {
    kind: 'technician-application-team',
    toAddress: teamEmail,
    subject: `New technician application: ${business.businessName}, ${business.postcode}`,
    textBody: [
      `${business.businessName} (${business.contactName ?? 'no contact name'}, ${business.email ?? 'no e-mail'}) applied to join the network from ${business.postcode}, with ${yearsExperience} years of experience.`,
      '',
      `Work through their vetting checklist on the Repairer Network tab of ${publicUrl}/admin`,
    ].join('\n'),
  };
}

export function insuranceEndingEmail(business: Business & { email: string }, expiryDate: string, company: CompanyDetails): NewOutboxEmail {
  return {
    kind: 'insurance-ending',
    toAddress: business.email,
    subject: `Your public liability insurance ends on ${formatLondonDate(expiryDate)}`,
    textBody: [
      hello(business),
      '',
      `Our records show the public liability insurance of ${business.businessName} ends on ${formatLondonDate(expiryDate)}.`,
      `Please send us your renewed policy (the insurer, policy number and end date) before then. If we have not seen a policy in date by the day after it ends, we have to stop offering you jobs until we do.`,
      '',
      ...signature(company),
    ].join('\n'),
  };
}

export function insuranceEndingTeamEmail(business: Business, expiryDate: string, teamEmail: string, publicUrl: string): NewOutboxEmail {
  return {
    kind: 'insurance-ending-team',
    toAddress: teamEmail,
    subject: `Insurance ending on ${formatLondonDate(expiryDate)}: ${business.businessName}`,
    textBody: [
      `The public liability insurance of ${business.businessName} (${business.postcode}) ends on ${formatLondonDate(expiryDate)}.`,
      `${business.email ? `We have e-mailed them at ${business.email} to send their renewal.` : 'They have no e-mail address: please phone them.'} Record the renewed policy on their vetting checklist (the Repairer Network tab of ${publicUrl}/admin).`,
      'If no policy in date is recorded by the day after it ends, they are unverified and their open offers withdrawn.',
    ].join('\n'),
  };
}

export function insuranceLapsedEmail(business: Business & { email: string }, expiryDate: string, company: CompanyDetails): NewOutboxEmail {
  return {
    kind: 'insurance-lapsed',
    toAddress: business.email,
    subject: `We have paused your jobs: your insurance ended on ${formatLondonDate(expiryDate)}`,
    textBody: [
      hello(business),
      '',
      `The public liability insurance we hold for ${business.businessName} ended on ${formatLondonDate(expiryDate)}, and we have not seen a renewal.`,
      'We only offer jobs to technicians whose insurance is in date, so we have paused your verification and withdrawn any offers you had not yet answered. Jobs you have already accepted are not affected.',
      'Send us your renewed policy and we will restore your verification once we have seen it.',
      '',
      ...signature(company),
    ].join('\n'),
  };
}

export function insuranceLapsedTeamEmail(business: Business, expiryDate: string, wasVerified: boolean, teamEmail: string, publicUrl: string): NewOutboxEmail {
  return {
    kind: 'insurance-lapsed-team',
    toAddress: teamEmail,
    subject: `Insurance ended: ${business.businessName}${wasVerified ? ' is no longer verified' : ''}`,
    textBody: [
      `The public liability insurance of ${business.businessName} (${business.postcode}) ended on ${formatLondonDate(expiryDate)} and no renewal was recorded.`,
      wasVerified
        ? 'They are now Pending Verification and their unanswered offers were withdrawn; jobs they had accepted stay theirs.'
        : 'They were not verified; their insurance check is cleared.',
      `Record a renewed policy on their vetting checklist, then verify them again (the Repairer Network tab of ${publicUrl}/admin).`,
    ].join('\n'),
  };
}
