// SPEC section 3's Quote as the API returns it (src/shared/api/quotes.ts): money as decimal
// strings (D5).
import { penceToDecimalString } from '../../../shared/money';
import { isQuoteExpired } from '../../../shared/lifecycles/quote';
import type { ModificationRequestView, QuoteView } from '../../../shared/api/quotes';
import type { ModificationRequestRow, QuoteItemRow, QuoteRow } from './quotes.repo';

// Which statuses the customer may see is part of the quote's lifecycle (src/shared/lifecycles).
export { CUSTOMER_VISIBLE_QUOTE_STATUSES } from '../../../shared/lifecycles/quote';

/** What toQuoteView reads of a quote row (the one-statement reads build no more than this). */
export type QuoteViewRow = Pick<
  QuoteRow,
  | 'id'
  | 'assessmentId'
  | 'laborPence'
  | 'partsPence'
  | 'materialsPence'
  | 'feePence'
  | 'vatPence'
  | 'totalPence'
  | 'repairerPaymentPence'
  | 'estimatedDays'
  | 'estimatedHours'
  | 'validUntilDate'
  | 'warrantyMonths'
  | 'status'
  | 'assignmentStatus'
  | 'assignedRepairerId'
  | 'createdAt'
  | 'approvedAt'
>;

/** `reference` is the enquiry's; `now` decides `expired` (isQuoteExpired, London days). */
export function toQuoteView(quote: QuoteViewRow, items: Pick<QuoteItemRow, 'description' | 'costPence'>[], reference: string, now: Date = new Date()): QuoteView {
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
    reference,
    expired: isQuoteExpired(quote.validUntilDate, now),
    approvedAt: quote.approvedAt ? quote.approvedAt.toISOString() : null,
  };
}

export function toModificationRequestView(row: ModificationRequestRow): ModificationRequestView {
  return {
    id: row.id,
    quoteId: row.quoteId,
    message: row.message,
    createdAt: row.createdAt.toISOString(),
    answeredAt: row.answeredAt ? row.answeredAt.toISOString() : null,
  };
}
