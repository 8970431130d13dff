// Issue 33: SPEC's 2–3 working days of parts ordering belong only to a repair with parts to
// order. Pure and free of zod, for the quote page's bundle and the quote PDF alike.
import { decimalStringToPence, poundsToPence } from './money';
import type { QuoteView } from './api/quotes';

/** A line item that is a part to order ("Replacement wing mirror part", "Parts: door trim"). */
const PARTS_ITEM = /\bparts?\b/i;
/**
 * A line item of materials the technician brings ("Paint, lacquer and consumables"): since
 * migration 0020 a quote's parts cost holds them too (SPEC section 9), but nothing is ordered.
 */
const MATERIALS_ITEM = /\bconsumables\b/i;

export interface PricedItem {
  name: string;
  pence: number;
}

/**
 * Whether the repair has parts to order (issue 33): a line item naming parts, or a parts cost
 * beyond the materials the technician brings. Only then do the quote page's timeline and the PDF
 * count SPEC's 2–3 working days of parts ordering.
 */
export function needsPartsOrdering(partsPence: number, items: readonly PricedItem[]): boolean {
  if (items.some((item) => PARTS_ITEM.test(item.name))) return true;
  const materialsPence = items.filter((item) => MATERIALS_ITEM.test(item.name)).reduce((sum, item) => sum + item.pence, 0);
  return partsPence > materialsPence;
}

export function quoteNeedsParts(quote: Pick<QuoteView, 'partsCost' | 'workDescription'>): boolean {
  return needsPartsOrdering(
    decimalStringToPence(quote.partsCost) ?? 0,
    quote.workDescription.map((line) => ({ name: line.item, pence: poundsToPence(line.cost) })),
  );
}
