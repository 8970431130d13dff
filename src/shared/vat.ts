// Issue 37: whether the company charges VAT, and how a price says so. Apart from the company's
// details (company-details.ts), so only the screens that show a price carry these: every page
// loads the details, and a helper there would be in every page's script.
import type { CompanyDetails } from './company-details';
import { VAT_RATE_PERCENT } from './pricing';

/**
 * The sentence shown wherever a price would say "incl. VAT" when no VAT is charged. The quote page
 * and checkout write it out themselves (quote-breakdown.tsx, order-summary.tsx: a shared module
 * would cost every customer screen a chunk; quote-breakdown.test.tsx holds the copies equal).
 */
export const noVatSentence = 'No VAT: AutoRevive is not VAT registered';


/** Whether the company charges VAT: only when it can issue a VAT invoice, so only with a VAT number. */
export function isVatRegistered(company: Pick<CompanyDetails, 'vatNumber'>): boolean {
  return company.vatNumber !== null && company.vatNumber !== '';
}

/** The VAT rate new prices are worked out with: the standard 20%, or 0 when the company is not VAT registered. */
export function vatRatePercentFor(company: Pick<CompanyDetails, 'vatNumber'>): number {
  return isVatRegistered(company) ? VAT_RATE_PERCENT : 0;
}

/**
 * How a price's VAT is described: 'incl. VAT' when the quote charged some (a quote keeps the VAT it
 * was priced with), or, for a quote priced without VAT, the one sentence saying none is charged.
 */
export function chargesVat(vatPence: number, company: Pick<CompanyDetails, 'vatNumber'>): boolean {
  return vatPence > 0 || isVatRegistered(company);
}

/** 'incl. VAT' after a price that charged VAT, or the one sentence saying no VAT is charged. */
export function vatNote(vatPence: number, company: Pick<CompanyDetails, 'vatNumber'>): string {
  return chargesVat(vatPence, company) ? 'incl. VAT' : noVatSentence;
}
