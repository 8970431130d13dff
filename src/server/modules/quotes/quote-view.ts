// SPEC section 3's Quote as the API returns it: money as decimal strings (D5).
import { z } from 'zod';
import { penceToDecimalString } from '../../../shared/money';
import type { QuoteItemRow, QuoteRow } from '../assessments/assessments.repo';

export const QuoteViewSchema = z.object({
  id: z.number(),
  assessmentId: z.number(),
  laborCost: z.string(),
  partsCost: z.string(),
  materialsCost: z.string(),
  autoReviveFee: z.string(),
  vatAmount: z.string(),
  totalCost: z.string(),
  totalPrice: z.string(),
  repairerPayment: z.string(),
  estimatedDays: z.number(),
  estimatedHours: z.number().nullable(),
  workDescription: z.array(z.object({ item: z.string(), cost: z.number() })),
  validUntil: z.string(),
  warrantyMonths: z.number(),
  status: z.string(),
  assignmentStatus: z.string(),
  createdAt: z.string(),
});
export type QuoteView = z.infer<typeof QuoteViewSchema>;

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
