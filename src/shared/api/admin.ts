// The admin's quote desk (SPEC: Admin dashboard, Quote Management; section 7's admin quote
// calls; issue 10). Every route here is admin only, checked before the body is parsed.
import { z } from 'zod';
import { formatPence } from '../money';
import { PriceListEntrySchema, PriceListSchema } from '../price-list';
import { MIN_CHARGE_PENCE } from '../pricing';
import { AssessmentViewSchema } from './assessments';
import { ModificationRequestViewSchema, QuoteViewSchema } from './quotes';
import { isQuoteExpired } from '../lifecycles/quote';

/** GET /api/admin/stats: SPEC's four stat cards, from the database. */
export const AdminStatsSchema = z.object({
  totalEnquiries: z.number().int(),
  pendingQuotes: z.number().int(),
  /**
   * Issue 37: the platform's whole take on paid bookings, pounds as a decimal string ('0.00' until
   * payments exist): fees + margin − refunds.
   */
  revenue: z.string(),
  revenueBreakdown: z.object({
    /** The service fees customers paid. */
    fees: z.string(),
    /** Labour, parts and materials less the repairers' shares. */
    margin: z.string(),
    /** The take given back with refunds (a positive amount, taken off). */
    refunds: z.string(),
  }),
  /** Verified repairers. */
  repairers: z.number().int(),
});
export type AdminStats = z.infer<typeof AdminStatsSchema>;

/** A pending quote card: the quote with its enquiry (photos as image ids) and open modification requests. */
export const AdminQuoteCardSchema = z.object({
  quote: QuoteViewSchema,
  assessment: AssessmentViewSchema,
  modificationRequests: z.array(ModificationRequestViewSchema),
  /** Issue 37 item 7: a revision of this approved quote saved but not sent (the team's only). */
  revisionDraft: z.object({ savedAt: z.string(), quote: QuoteViewSchema }).nullable(),
});
export type AdminQuoteCard = z.infer<typeof AdminQuoteCardSchema>;

/**
 * GET /api/admin/quotes?status=pending|approved|booked|needs-attention&page=&pageSize=.
 * needs-attention = pending, or approved with an unanswered modification request.
 */
export const AdminQuoteListQuerySchema = z.object({
  status: z.enum(['needs-attention', 'pending', 'approved', 'booked']).default('needs-attention'),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(50).default(20),
});
export const AdminQuoteListSchema = z.object({
  items: z.array(AdminQuoteCardSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type AdminQuoteList = z.infer<typeof AdminQuoteListSchema>;

/** GET /api/admin/enquiries?search=&page=&pageSize=: search by reference, name, e-mail or postcode, newest first. */
export const EnquirySearchQuerySchema = z.object({
  search: z.string().trim().max(100, 'Please search with 100 characters or fewer').optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
/**
 * Where an enquiry's booking stands, for the admin's tables (past the quote's status, which stops
 * at booked): its live booking, else its latest. `lapsed` holds count as none.
 */
export const BOOKING_STAGES = ['held', 'confirmed', 'assigned', 'completed', 'problem', 'paid-out', 'refunded', 'cancelled'] as const;
export type BookingStage = (typeof BOOKING_STAGES)[number];
export const bookingStageLabels: Record<BookingStage, string> = {
  held: 'Slot held, not paid',
  confirmed: 'Paid, no technician yet',
  assigned: 'Technician booked',
  completed: 'Repair done',
  problem: 'Problem reported',
  'paid-out': 'Technician paid',
  refunded: 'Refunded',
  cancelled: 'Cancelled',
};

export interface BookingStageFacts {
  status: string;
  paymentStatus: string | null;
  payoutStatus: string | null;
  problemReported: boolean;
}

/** The stage from the booking's and its payment's statuses; null for a lapsed hold (no booking stands). */
export function bookingStage(booking: BookingStageFacts): BookingStage | null {
  if (booking.status === 'lapsed') return null;
  if (booking.status === 'cancelled') return 'cancelled';
  if (booking.status === 'held' || booking.status === 'confirmed' || booking.status === 'assigned') return booking.status;
  if (booking.paymentStatus === 'refunded') return 'refunded';
  if (booking.payoutStatus === 'released') return 'paid-out';
  return booking.problemReported ? 'problem' : 'completed';
}

export const EnquiryRowSchema = z.object({
  assessmentId: z.number().int(),
  reference: z.string(),
  name: z.string(),
  email: z.string(),
  postcode: z.string(),
  vehicle: z.string(),
  damageType: z.string(),
  createdAt: z.string(),
  quoteId: z.number().int().nullable(),
  quoteStatus: QuoteViewSchema.shape.status.nullable(),
  /** An approved quote past its valid-until day: the customer sees it as Expired, and so does the team (a browser review). */
  quoteExpired: z.boolean(),
  totalCost: z.string().nullable(),
  /** Its booking's stage and day; null before one is made (or when only a lapsed hold was). */
  booking: z.object({ stage: z.enum(BOOKING_STAGES), date: z.string(), appointmentId: z.number().int() }).nullable(),
});
export type EnquiryRow = z.infer<typeof EnquiryRowSchema>;

/** An enquiry row's booking from what its read found of it: the stage and the day, or null. */
/** Whether an enquiry's quote reads as Expired: approved (not yet booked) and past its valid-until day in London. */
export function enquiryQuoteExpired(status: string | null, validUntil: string | null, now: Date): boolean {
  return status === 'approved' && validUntil !== null && isQuoteExpired(validUntil, now);
}

export function enquiryBooking(booking: (BookingStageFacts & { appointmentId: number; date: string }) | null | undefined): EnquiryRow['booking'] {
  const stage = booking ? bookingStage(booking) : null;
  return booking && stage ? { stage, date: booking.date, appointmentId: booking.appointmentId } : null;
}
export const EnquiryListSchema = z.object({
  items: z.array(EnquiryRowSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type EnquiryList = z.infer<typeof EnquiryListSchema>;

/**
 * POST /api/admin/quotes/{id}/update-full-quote: QuoteAdjustmentSchema from
 * src/shared/quote-adjustment.ts (SPEC's six fields, optional materialsCost, workDescription,
 * validUntil, warrantyMonths). Answers the updated AdminQuoteCard.
 */

/** POST /api/admin/quotes/{id}/approve. adjustedAmount is the total the admin saw, in pounds; the body is optional (a POST without one is read as {}, app.ts). */
export const ApproveQuoteBodySchema = z.object({ adjustedAmount: z.union([z.string(), z.number()]).optional() });
export const staleQuoteMessage = (total: string) => `This quote changed while you were looking at it: the total is now ${total}`;

/** POST /api/admin/quotes/{id}/reset-to-price-list: redraft the figures from today's price list (pending or approved, not booked). Answers the AdminQuoteCard. */

/** DELETE /api/admin/quotes/{id}: removes the whole enquiry, its photos (files too) and grants. Answers 204. */

/** GET /api/admin/price-list answers the list; PUT /api/admin/price-list replaces it (validated as a whole). */
export const AdminPriceListSchema = PriceListSchema;
export const AdminPriceListEntrySchema = PriceListEntrySchema;
export const priceListMessages = {
  saved: 'Price List Saved',
  savedDescription: 'New enquiries get their draft quotes from these figures.',
} as const;

export const adminQuoteMessages = {
  notFound: 'We could not find that quote. It may have been deleted.',
  approved: 'Quote Approved',
  deleted: 'Quote Deleted',
  updated: 'Quote Updated',
  draftSaved: 'Revision Saved as Draft',
  revisionSent: 'Revised Quote Sent',
  /** Drafts are for approved quotes: a pending one is the team's own until approval, a booked one is final. */
  draftNotApproved: 'Only an approved quote is revised as a draft. A pending quote is saved as it is; a booked one cannot be changed.',
  noDraft: 'There is no saved revision of this quote to send. Save the changes as a draft first.',
  beingPaid: 'The customer is paying for this quote right now, at its current price. You can change it once they have paid or their 30-minute hold has ended.',
  beingPaidDelete: 'The customer is paying for this quote right now. You can delete the enquiry once their 30-minute hold has ended, if they have not paid.',
  erased: 'This customer’s details were erased at their request, so this quote can no longer be approved or changed. You can delete the enquiry.',
  /** The total as formatted (e.g. '£0.00'): below the least a card can be charged (MIN_CHARGE_PENCE). */
  belowMinimumCharge: (total: string) =>
    `This quote totals ${total}, less than the ${formatPence(MIN_CHARGE_PENCE)} a card can be charged, so the customer could not pay it. Please price the repair first.`,
} as const;
