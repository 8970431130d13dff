// Issue 35 item 5: a technician's way in. The page's copy, the split and the form's sentences,
// free of zod so the public page /technicians can use them (its script budget loads no zod:
// tests/e2e/screen-budgets.test.ts); shared/api/technician-applications.ts builds the schema on them.
import { AUTO_RELEASE_HOURS } from './aftercare';
import { formatPence } from './money';
import { commissionInWords, moneySplit } from './money-split';
import { NEARBY_RADIUS_MILES, PLATFORM_FEE_PERCENT, REPAIRER_SHARE_PERCENT, percentOfPence, priceQuote } from './pricing';
import { site } from './site';

/** Insurance notices (docs/decisions/0025-vetting-and-insurance.md): the warning this many days before expiry. */
export const INSURANCE_WARNING_DAYS = 30;
/** Applications one address may send an hour (a business applies once; a typo and a retry fit). */
export const APPLICATIONS_PER_HOUR = 5;
export const YEARS_EXPERIENCE_MAX = 80;

/**
 * The technician's share of a repair priced at `repairPence` (labour, parts and materials), by the
 * same rule the payout uses (shared/pricing.ts priceQuote): never a number typed into the page.
 */
export function technicianSplit(repairPence: number) {
  return {
    repairPence,
    technicianPence: percentOfPence(repairPence, REPAIRER_SHARE_PERCENT),
    sharePercent: REPAIRER_SHARE_PERCENT,
    feePercent: PLATFORM_FEE_PERCENT,
  };
}

/**
 * The page's worked example: a £200 repair, priced by the quote's own rules and split as every
 * job card, panel and offer e-mail splits it (issue 37: shared/money-split.ts).
 */
export function splitExample(vatRatePercent: number) {
  const split = technicianSplit(20_000);
  const whole = moneySplit(priceQuote({ laborPence: split.repairPence, partsPence: 0, vatRatePercent }));
  return {
    repair: formatPence(split.repairPence),
    technician: formatPence(split.technicianPence),
    sharePercent: split.sharePercent,
    feePercent: split.feePercent,
    customerPays: formatPence(whole.customerPaysPence),
    vat: formatPence(whole.vatPence),
    commission: formatPence(whole.commissionPence),
    commissionInWords: commissionInWords(whole),
    youEarn: formatPence(whole.repairerEarnsPence),
  };
}

export const technicianTerms = {
  releaseHours: AUTO_RELEASE_HOURS,
  warrantyMonths: site.warrantyMonths,
  radiusMiles: NEARBY_RADIUS_MILES,
} as const;

export const applicationMessages = {
  businessName: 'Please enter your business name',
  contactName: 'Please enter your name',
  city: 'Please enter the town or city you work from',
  radius: 'Please choose a service radius from 1 to 100 miles',
  services: 'Please choose at least one kind of repair you do',
  years: `Please enter your years of experience, from 0 to ${YEARS_EXPERIENCE_MAX}`,
  insurer: 'Please enter your public liability insurer',
  policyNumber: 'Please enter your policy number',
  expiryDate: 'Please enter the date your insurance ends, as a date',
  expired: 'Your public liability insurance must still be in date. Please enter the end date of your current policy.',
  website: 'Please enter your website’s address, starting https:// or http://',
  received: 'Thank you: your application has reached our team. We check your insurance, identity and skills, then e-mail you to set up your account, usually within 5 working days.',
  emailHeld: 'An application or a business with this e-mail address is already with us. Our team will be in touch; if you have questions, contact us.',
  businessHeld: (name: string, postcode: string) => `${name} in ${postcode} is already with us. Our team will be in touch; if you have questions, contact us.`,
  tooMany: 'You have sent several applications in a short time. Please wait an hour, or contact us.',
} as const;

/** The vetting checklist's checks, in the order the team works through them (D6). */
export const vettingChecks = ['insurance', 'identity', 'skills'] as const;
export type VettingCheck = (typeof vettingChecks)[number];
export const vettingCheckLabels: Record<VettingCheck, string> = {
  insurance: 'Insurance seen and in date',
  identity: 'Identity checked',
  skills: 'Skills assessed',
};

export const vettingMessages = {
  notVetted: (missing: string[]) => `This technician cannot be verified or invited until every vetting check is recorded. Still to do: ${missing.join(', ')}.`,
  insuranceExpired: 'The insurance must be in date: its end date has passed. Record the current policy.',
  skillsNote: 'Please write a note of how their skills were assessed',
  insurer: 'Please enter the insurer',
  policyNumber: 'Please enter the policy number',
  expiryDate: 'Please enter the date the insurance ends, as a date',
  note: 'Please keep the note under 1,000 characters',
} as const;
