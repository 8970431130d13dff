// SPEC section 3's Quote as the API returns it: money as decimal strings (D5). The customer,
// the assigned repairer and admins read the same shape today; which quotes each may see is
// decided on the server (CUSTOMER_VISIBLE_QUOTE_STATUSES).
import { z } from 'zod';
import { RecordIdSchema, recordId } from './ids';
import { quoteLifecycle } from '../lifecycles/quote';
import { QUOTE_ASSIGNMENT_STATUSES } from '../lifecycles/quote-assignment';

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
  status: z.enum(quoteLifecycle.statuses),
  assignmentStatus: z.enum(QUOTE_ASSIGNMENT_STATUSES),
  createdAt: z.string(),
  /** The enquiry's reference, e.g. 'AR-7K3Q-9XPM' (PDF name, e-mails). */
  reference: z.string(),
  /** Past its valid-until day in London (isQuoteExpired): cannot be accepted. */
  expired: z.boolean(),
  approvedAt: z.string().nullable(),
});
export type QuoteView = z.infer<typeof QuoteViewSchema>;

/** GET /api/quotes/assessment/{assessmentId} and GET /api/quotes/{id} answer a QuoteView. */
export const AssessmentIdParamsSchema = z.object({ assessmentId: RecordIdSchema });

// --- The customer's modification request (D21) ---------------------------------------------
export const MODIFICATION_MESSAGE_MIN = 10;
export const MODIFICATION_MESSAGE_MAX = 1000;
/** POST /api/quotes/{id}/modification-requests, by the grant holder of an approved quote. */
export const ModificationRequestBodySchema = z.object({
  message: z
    .string({ error: 'Please tell us what you would like changed' })
    .trim()
    .min(MODIFICATION_MESSAGE_MIN, `Please tell us what you would like changed in at least ${MODIFICATION_MESSAGE_MIN} characters`)
    .max(MODIFICATION_MESSAGE_MAX, `Please keep your message to ${MODIFICATION_MESSAGE_MAX} characters or fewer`),
});
export const ModificationRequestViewSchema = z.object({
  id: z.number().int(),
  quoteId: z.number().int(),
  message: z.string(),
  createdAt: z.string(),
  /** When an admin revised and re-approved the quote after this request; null while open. */
  answeredAt: z.string().nullable(),
});
export type ModificationRequestView = z.infer<typeof ModificationRequestViewSchema>;

/** GET /api/quotes/{id}/modification-requests: the requests not yet answered, oldest first (the grant holder and admins). */
export const OpenModificationRequestsSchema = z.object({ open: z.array(ModificationRequestViewSchema) });
export type OpenModificationRequests = z.infer<typeof OpenModificationRequestsSchema>;

// --- SPEC's sample-quote call, admin only (D12: the customer's browser never creates a quote) ---
/** POST /api/quotes: creates or replaces the pending draft for an assessment from these figures. */
export const CreateQuoteBodySchema = z.object({
  assessmentId: recordId(),
  laborCost: z.union([z.string(), z.number()]),
  partsCost: z.union([z.string(), z.number()]),
  totalCost: z.union([z.string(), z.number()]).optional(),
  estimatedDays: z.union([z.string(), z.number()]),
  workDescription: z.array(z.object({ item: z.string(), cost: z.union([z.string(), z.number()]) })).optional(),
  validUntil: z.string().optional(),
  warrantyMonths: z.number().int().optional(),
});

/**
 * GET /api/quotes and GET /api/assessments keep SPEC's array body, with the total in
 * X-Total-Count. SPEC section 7 reads them as "all quotes" and "all assessments": asked with
 * neither `page` nor `pageSize`, they answer every one; with either, that page (50 by default).
 */
export const PageQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).optional(),
  pageSize: z.coerce.number().int().min(1).max(100).optional(),
});
export const DEFAULT_PAGE_SIZE = 50;
/** The rows a PageQuerySchema asks for: `pageSize` null is every row. */
export function pageAsked(query: { page?: number; pageSize?: number }): { page: number; pageSize: number | null } {
  if (query.page === undefined && query.pageSize === undefined) return { page: 1, pageSize: null };
  return { page: query.page ?? 1, pageSize: query.pageSize ?? DEFAULT_PAGE_SIZE };
}

