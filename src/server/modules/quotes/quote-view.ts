// SPEC section 3's Quote as the API returns it (src/shared/api/quotes.ts): money as decimal
// strings (D5).
import { penceToDecimalString } from '../../../shared/money';
import type { QuoteView } from '../../../shared/api/quotes';
import type { QuoteItemRow, QuoteRow } from './quotes.repo';

// Which statuses the customer may see is part of the quote's lifecycle (src/shared/lifecycles).
export { CUSTOMER_VISIBLE_QUOTE_STATUSES } from '../../../shared/lifecycles/quote';

export function toQuoteView(quote: QuoteRow, items: QuoteItemRow[]): QuoteView {
  const money = penceToDecimalString;
  return {
    id: quote.id,
    assessmentId: quote.assessmentId,
    laborCost: money(quote.laborPence),
    partsCost: money(quote.partsPence),
    materialsCost: money(quote.materialsPence),
    autoReviveFee: money(quote.feePence),
    vatAmount: money(quote.vatPence),
    totalCost: money(quote.totalPence),
    totalPrice: money(quote.totalPence),
    repairerPayment: money(quote.repairerPaymentPence),
    estimatedDays: quote.estimatedDays,
    estimatedHours: quote.estimatedHours,
    workDescription: items.map((item) => ({ item: item.description, cost: item.costPence / 100 })),
    validUntil: quote.validUntilDate,
    warrantyMonths: quote.warrantyMonths,
    status: quote.status,
    assignmentStatus: quote.assignmentStatus,
    createdAt: quote.createdAt.toISOString(),
  };
}
