// SPEC section 3's Quote as the API returns it: money as decimal strings (D5). The customer,
// the assigned repairer and admins read the same shape today; which quotes each may see is
// decided on the server (CUSTOMER_VISIBLE_QUOTE_STATUSES).
import { z } from 'zod';

export const QuoteWorkItemSchema = z.object({ item: z.string(), /** Pounds, e.g. 120.5 */ cost: z.number() });
export type QuoteWorkItem = z.infer<typeof QuoteWorkItemSchema>;

export const QuoteViewSchema = z.object({
  id: z.number().int(),
  assessmentId: z.number().int(),
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
  workDescription: z.array(QuoteWorkItemSchema),
  /** YYYY-MM-DD, a London calendar day. */
  validUntil: z.string(),
  warrantyMonths: z.number(),
  status: z.string(),
  assignmentStatus: z.string(),
  createdAt: z.string(),
});
export type QuoteView = z.infer<typeof QuoteViewSchema>;
