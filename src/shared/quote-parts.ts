// Issue 33: SPEC's 2–3 working days of parts ordering belong only to a repair with parts to
// order. Pure and free of zod, for the quote page's bundle and the quote PDF alike.
import { decimalStringToPence } from './money';
import type { QuoteView } from './api/quotes';

/** A line item that is a part to order ("Replacement wing mirror part", "Parts: door trim"). */
const PARTS_ITEM = /\bparts?\b/i;

/**
 * Whether the repair has parts to order (issue 33): a parts cost, or a line item naming parts. Only
 * then do the quote page's timeline and the PDF count SPEC's 2–3 working days of parts ordering.
 */
export function needsPartsOrdering(partsPence: number, itemNames: readonly string[]): boolean {
  return partsPence > 0 || itemNames.some((name) => PARTS_ITEM.test(name));
}

export function quoteNeedsParts(quote: Pick<QuoteView, 'partsCost' | 'workDescription'>): boolean {
  return needsPartsOrdering(decimalStringToPence(quote.partsCost) ?? 0, quote.workDescription.map((line) => line.item));
}
