// SPEC section 9 and D12: the pricing rules behind every draft quote. STYLE habit 7: the server
// recomputes every amount with these functions before charging; integer pence only (D5).

/** The standard rate, charged only when the company is VAT registered (issue 37: see vatRatePercentFor). */
export const VAT_RATE_PERCENT = 20;
export const PLATFORM_FEE_PERCENT = 20;
export const REPAIRER_SHARE_PERCENT = 80;
/** D16: repairers within this straight-line distance of the customer's postcode are offered the job. */
export const NEARBY_RADIUS_MILES = 30;
/**
 * The least a customer can be charged: Stripe's minimum charge in pounds sterling (£0.30). A quote
 * totalling less cannot be paid at checkout, so it is never approved or kept approved (D13).
 */
export const MIN_CHARGE_PENCE = 30;
/** SPEC section 9: a working day is 8 hours for the days estimate. */
export const WORKING_HOURS_PER_DAY = 8;

export interface PriceQuoteInput {
  laborPence: number;
  partsPence: number;
  materialsPence?: number;
  /** Explicit amounts (an admin's adjustments) win over the defaults. */
  feePence?: number;
  vatPence?: number;
  repairerPaymentPence?: number;
  /**
   * Issue 37: the VAT rate charged, 20 when the company is VAT registered and 0 when it is not
   * (company-details.ts vatRatePercentFor). Absent: the standard rate.
   */
  vatRatePercent?: number;
}

export interface PriceBreakdown {
  laborPence: number;
  partsPence: number;
  materialsPence: number;
  feePence: number;
  vatPence: number;
  repairerPaymentPence: number;
  /** What the customer pays: labour + parts + materials + fee + VAT. */
  totalPence: number;
}

function assertAmount(name: string, pence: number): void {
  if (!Number.isSafeInteger(pence) || pence < 0) {
    throw new RangeError(`${name} must be a whole, non-negative number of pence, got ${pence}`);
  }
}

/** `percent`% of `pence`, rounded to the nearest penny with halves rounded up, in integer arithmetic. */
export function percentOfPence(pence: number, percent: number): number {
  assertAmount('Amount', pence);
  assertAmount('Percentage', percent);
  const scaled = pence * percent + 50;
  return (scaled - (scaled % 100)) / 100;
}

export function priceQuote(input: PriceQuoteInput): PriceBreakdown {
  const { laborPence, partsPence, materialsPence = 0 } = input;
  assertAmount('laborPence', laborPence);
  assertAmount('partsPence', partsPence);
  assertAmount('materialsPence', materialsPence);
  const basePence = laborPence + partsPence + materialsPence;

  const feePence = input.feePence ?? percentOfPence(basePence, PLATFORM_FEE_PERCENT);
  assertAmount('feePence', feePence);
  const vatPence = input.vatPence ?? percentOfPence(basePence + feePence, input.vatRatePercent ?? VAT_RATE_PERCENT);
  assertAmount('vatPence', vatPence);
  const repairerPaymentPence = input.repairerPaymentPence ?? percentOfPence(basePence, REPAIRER_SHARE_PERCENT);
  assertAmount('repairerPaymentPence', repairerPaymentPence);

  const totalPence = basePence + feePence + vatPence;
  assertAmount('totalPence', totalPence);
  return { laborPence, partsPence, materialsPence, feePence, vatPence, repairerPaymentPence, totalPence };
}

/** SPEC section 9's fallback: estimated hours divided by 8, rounded up, and never less than one day. */
export function estimatedDaysFromHours(hours: number): number {
  if (!Number.isFinite(hours) || hours < 0) throw new RangeError(`Expected a number of hours, got ${hours}`);
  return Math.max(1, Math.ceil(hours / WORKING_HOURS_PER_DAY));
}
