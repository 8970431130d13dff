// The repairer's jobs (issue 12; SPEC: Repairer dashboard; sections 3 Repairer job notification,
// 5 declining, 7 the repairer calls; D11, D16). One view for the repairer audience: before they
// accept, nothing that identifies the customer (D11): the vehicle, the damage and its photos,
// the price and the area (town and postcode district). Once they accept, the customer's name,
// phone, e-mail and full address too.
import { z } from 'zod';
import { RecordIdSchema } from './ids';
import { AssessmentViewSchema } from './assessments';
import { QuoteViewSchema } from './quotes';
import { jobNotificationLifecycle } from '../lifecycles/job-notification';
import { appointmentLifecycle } from '../lifecycles/appointment';
import { payoutLifecycle } from '../lifecycles/payout';
import { hasNoControlCharacters } from '../text-rules';

export const DECLINE_REASON_MAX = 500;

export const repairerJobMessages = {
  notFound: 'We could not find that job.',
  notYours: 'You can only see your own jobs.',
  taken: 'This job has already been taken',
  expired: 'This job offer has expired.',
  timePassed: "This job's time has passed, so it can no longer be accepted.",
  cancelled: 'This booking was cancelled, so the offer was withdrawn.',
  notVerified: 'Your account is awaiting verification: you can accept jobs once our team has verified it.',
  stripeOnboarding: 'Finish setting up your Stripe payouts (on your profile) before accepting paid jobs.',
  clash: (when: string) => `You already have a job on ${when}. Decline this one, or ask our team to move the other.`,
  /** Accept consults the availability rule (issue 35; docs/decisions/0029): working that half, not on time off, a free place. */
  full: (when: string, jobs: number) => `You already have ${jobs} jobs on ${when}, as many as you take in one slot. Decline this one, or raise your jobs per slot on your availability first.`,
  notWorking: (when: string) => `You do not work ${when}: your availability says so. Decline this one, or change your availability first if you can take it.`,
  timeOff: (day: string) => `You are on time off on ${day}. Decline this one, or change your time off first if you can take it.`,
  declineReason: 'Please provide a reason for declining',
  declineReasonLong: `Please keep the reason under ${DECLINE_REASON_MAX} characters`,
  declineReasonControl: 'The reason contains characters we cannot accept',
} as const;

/** POST /api/repairer/notifications/{id}/decline (SPEC section 5: a non-empty trimmed reason). */
export const DeclineBodySchema = z.object({
  reason: z
    .string({ error: repairerJobMessages.declineReason })
    .trim()
    .min(1, repairerJobMessages.declineReason)
    .max(DECLINE_REASON_MAX, repairerJobMessages.declineReasonLong)
    .refine((value) => hasNoControlCharacters(value, { multiline: true }), repairerJobMessages.declineReasonControl),
});
export type DeclineBody = z.infer<typeof DeclineBodySchema>;

export const RepairerIdParamsSchema = z.object({ repairerId: RecordIdSchema });

/** The customer as the repairer sees them: the area before accepting (D11), everything after. */
export const JobCustomerSchema = z.object({
  city: z.string(),
  /** SPEC's "state": the county (D9). */
  state: z.string(),
  /** The postcode district (outward code), e.g. 'SW1A'. */
  district: z.string(),
  name: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  address: z.string().nullable(),
  postcode: z.string().nullable(),
  /** SPEC's "zipCode" (D9): the postcode once they have accepted, the district before (D11). */
  zipCode: z.string(),
});
export type JobCustomer = z.infer<typeof JobCustomerSchema>;

/**
 * The enquiry inside a job's quote, where SPEC's repairer dashboard reads it (a Quote's
 * `assessment`): the vehicle, the damage and its photos, and the customer as `customer` shows
 * them; the name, e-mail, phone and address only once the repairer has accepted (D11).
 */
export const JobEnquirySchema = AssessmentViewSchema.pick({
  id: true,
  reference: true,
  vehicleYear: true,
  vehicleMake: true,
  vehicleModel: true,
  damageType: true,
  damageLocations: true,
  damageLocation: true,
  damageDescription: true,
  images: true,
}).extend({
  name: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  address: z.string().nullable(),
  customer: JobCustomerSchema,
});

/**
 * What the repairer is paid for a job and where that stands (docs/lifecycles.md, payout):
 * owed until the customer confirms or 72 hours pass without a problem, held after a reported
 * problem, sending while the transfer is made, released once paid, void if the booking was
 * cancelled. The amount is in pounds, as the quote's.
 */
export const JobPayoutSchema = z.object({
  status: z.enum(payoutLifecycle.statuses),
  amount: z.string(),
  /** When it is released if the customer neither confirms nor reports a problem. */
  releaseAfterAt: z.string().nullable(),
  releasedAt: z.string().nullable(),
});

export const RepairerJobSchema = z.object({
  /** The job notification's id (SPEC section 3). */
  id: z.number(),
  status: z.enum(jobNotificationLifecycle.statuses),
  sentAt: z.string(),
  expiresAt: z.string(),
  respondedAt: z.string().nullable(),
  /** True once the offer's deadline has passed, even before the sweep marks it expired. */
  isExpired: z.boolean(),
  declineReason: z.string().nullable(),
  /**
   * SPEC section 3's Quote, as the customer's quote read has it (totalCost is what the customer
   * pays, repairerPayment what the repairer earns; each item's cost in pounds, a number), with its
   * enquiry as `assessment`, which repeats the job's own vehicle, damage, photos and customer.
   */
  quote: QuoteViewSchema.extend({ assessment: JobEnquirySchema }),
  appointment: z
    .object({
      id: z.number(),
      appointmentDate: z.string(),
      timeSlot: z.string(),
      status: z.enum(appointmentLifecycle.statuses),
      /** Whether the customer left notes for the technician: said before accepting, without their words. */
      hasNotes: z.boolean(),
      /**
       * The customer's notes for the technician ("Parked on the driveway, white gate"), to the
       * repairer who accepted the job and holds it only: free text may hold a name, a phone or an
       * address (D11), so before accepting the field is absent, not empty.
       */
      notes: z.string().optional(),
      completedAt: z.string().nullable(),
      /** When the customer confirmed the repair was done (D14), or null. */
      confirmedAt: z.string().nullable(),
      /** When the customer reported a problem with the repair, or null. */
      problemReportedAt: z.string().nullable(),
      /**
       * Issue 38: the arrival time ('HH:MM', London) the technician told the customer, null before,
       * and how many more times they may give one; to the repairer who holds the job only.
       */
      onMyWay: z.object({ arrivingAround: z.string().nullable(), updatesLeft: z.number().int() }).optional(),
      /** The repairer's share of the payment (D14), to the repairer who accepted the job only; null before the booking is paid. */
      payout: JobPayoutSchema.nullable(),
    })
    .nullable(),
  /** Text, as in the assessment (SPEC section 3). */
  vehicleYear: z.string(),
  vehicleMake: z.string(),
  vehicleModel: z.string(),
  damageType: z.string(),
  damageLocations: z.array(z.string()),
  damageDescription: z.string(),
  /** The damage photos' ids, for GET /api/images/{id}. */
  images: z.array(z.number()),
  customer: JobCustomerSchema,
});
export type RepairerJob = z.infer<typeof RepairerJobSchema>;
export const RepairerJobsSchema = z.array(RepairerJobSchema);
