// GET /api/admin/enquiries/{id} (issue 33): one enquiry as the team reads it, on its own admin
// page (/admin/enquiries/{id}) instead of the customer's quote page. The id is the assessment's
// (an enquiry is an assessment), as on the customer's /quote/{id}. Admin only (D10).
import { z } from 'zod';
import { paymentLifecycle } from '../lifecycles/payment';
import { payoutLifecycle } from '../lifecycles/payout';
import { outboxEmailLifecycle } from '../lifecycles/outbox-email';
import { AdminQuoteCardSchema, BOOKING_STAGES } from './admin';
import { AppointmentViewSchema } from './appointments';
import { AssessmentViewSchema } from './assessments';
import { QuoteNotificationSchema } from './dispatch';
import { AuditEntrySchema } from './privacy';
import { ModificationRequestViewSchema } from './quotes';

/** The payment taken (or being taken) for one booking: amounts in pounds, decimal strings (D5). */
export const EnquiryPaymentSchema = z.object({
  id: z.number().int(),
  provider: z.enum(['stripe', 'test']),
  status: z.enum(paymentLifecycle.statuses),
  amount: z.string(),
  refunded: z.string(),
  /** The provider's sentence for the last refused card. */
  failureMessage: z.string().nullable(),
  createdAt: z.string(),
  /** When it succeeded (the provider's moment); null until paid. */
  paidAt: z.string().nullable(),
});
export type EnquiryPayment = z.infer<typeof EnquiryPaymentSchema>;

/** The technician's share of that payment (D14). */
export const EnquiryPayoutSchema = z.object({
  id: z.number().int(),
  status: z.enum(payoutLifecycle.statuses),
  amount: z.string(),
  technician: z.string().nullable(),
  /** When it is due to be released (72 hours after the repair, D14); null while not set. */
  releaseAfterAt: z.string().nullable(),
  releasedAt: z.string().nullable(),
});
export type EnquiryPayout = z.infer<typeof EnquiryPayoutSchema>;

/** One booking of the enquiry (a customer who cancelled and booked again has several), as the team reads it. */
export const EnquiryBookingSchema = z.object({
  appointment: AppointmentViewSchema,
  /** Where it stands in the admin's tables' words (bookingStage); null for a lapsed hold. */
  stage: z.enum(BOOKING_STAGES).nullable(),
  cancelledAt: z.string().nullable(),
  reminderSentAt: z.string().nullable(),
  /** What the customer wrote when they reported a problem with the repair. */
  problemReport: z.string().nullable(),
  payment: EnquiryPaymentSchema.nullable(),
  payout: EnquiryPayoutSchema.nullable(),
});
export type EnquiryBooking = z.infer<typeof EnquiryBookingSchema>;

/** An e-mail sent (or to be sent) to the customer about this enquiry: what and when, not its body (the E-mails page has that). */
export const EnquiryEmailSchema = z.object({
  id: z.number().int(),
  kind: z.string(),
  subject: z.string(),
  status: z.enum(outboxEmailLifecycle.statuses),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
});
export type EnquiryEmail = z.infer<typeof EnquiryEmailSchema>;

export const AdminEnquirySchema = z.object({
  /** The admin's view: customer, vehicle, damage, photos and the quote (any status). */
  assessment: AssessmentViewSchema,
  vehicleRegistration: z.string().nullable(),
  /** When the customer's personal details and photos were erased (issue 14); null while kept. */
  erasedAt: z.string().nullable(),
  /** Every modification request of the quote, answered or not, oldest first (D21). */
  modificationRequests: z.array(ModificationRequestViewSchema),
  /** A revision of the approved quote saved but not sent (issue 37 item 7). */
  revisionDraft: AdminQuoteCardSchema.shape.revisionDraft,
  /** Every booking of the quote, newest first. */
  bookings: z.array(EnquiryBookingSchema),
  /** Every job offer of the quote (D16), across its bookings, newest first. */
  offers: z.array(QuoteNotificationSchema),
  /** The e-mails to the customer about it, newest first. */
  emails: z.array(EnquiryEmailSchema),
  /** The audit lines of the enquiry, its quote, bookings, payments and payouts, newest first. */
  audit: z.array(AuditEntrySchema),
});
export type AdminEnquiry = z.infer<typeof AdminEnquirySchema>;

export const adminEnquiryMessages = {
  notFound: 'We could not find that enquiry. It may have been deleted.',
} as const;
