// Issue 37 item 4: where the customer's money goes, the same on every screen and e-mail. The
// customer pays labour + parts + materials + fee + VAT (SPEC section 9); the repairer earns their
// share of labour, parts and materials; AutoRevive's commission is the fee plus the part of
// labour, parts and materials it keeps; VAT goes to HMRC. Integer pence (D5): the three parts
// and the VAT add up to what the customer pays, exactly, by construction.
import { formatPence } from './money';
import type { PriceBreakdown } from './pricing';

/** A quote's amounts (its total is worked out again here, from its parts). */
export type SplitInput = Omit<PriceBreakdown, 'totalPence'>;

export interface MoneySplit {
  /** What the customer pays, VAT included (the quote's total). */
  customerPaysPence: number;
  vatPence: number;
  /** AutoRevive's whole take: the service fee plus the margin. */
  commissionPence: number;
  /** The service fee the customer pays on top of the repair (SPEC: 20% of labour and parts). */
  feePence: number;
  /** The part of labour, parts and materials AutoRevive keeps (negative if an admin pays the repairer more than them). */
  marginPence: number;
  /** What the repairer earns. */
  repairerEarnsPence: number;
}

export function moneySplit(quote: SplitInput): MoneySplit {
  for (const name of ['laborPence', 'partsPence', 'materialsPence', 'feePence', 'vatPence', 'repairerPaymentPence'] as const) {
    if (!Number.isSafeInteger(quote[name])) throw new RangeError(`${name} must be a whole number of pence, got ${quote[name]}`);
  }
  const workPence = quote.laborPence + quote.partsPence + quote.materialsPence;
  const marginPence = workPence - quote.repairerPaymentPence;
  const commissionPence = quote.feePence + marginPence;
  return {
    customerPaysPence: workPence + quote.feePence + quote.vatPence,
    vatPence: quote.vatPence,
    commissionPence,
    feePence: quote.feePence,
    marginPence,
    repairerEarnsPence: quote.repairerPaymentPence,
  };
}

/** The commission's label, the same on the repairer's screens, e-mails and the /technicians page. */
export const commissionLabel = "AutoRevive's commission";

/** 'service fee £37.20 + £37.20 of labour and parts' (or '− £x' when the repairer is paid more than the work). */
export function commissionInWords(split: Pick<MoneySplit, 'feePence' | 'marginPence'>): string {
  const margin = split.marginPence >= 0 ? `+ ${formatPence(split.marginPence)}` : `− ${formatPence(-split.marginPence)}`;
  return `service fee ${formatPence(split.feePence)} ${margin} of labour and parts`;
}
