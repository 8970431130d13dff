// Dispatch (issue 12; SPEC: Admin Quote Management — find nearby repairers, send to one or to
// all, repairer responses; sections 3 Repairer and Quote notification, 7 the dispatch calls;
// D16). A job is a quote whose customer has a paid booking; each repairer it is sent to gets a
// job notification that expires after 4 of their working hours, never past 24 hours before the
// slot (src/shared/offer-deadline.ts); the first to accept gets the job.
import { z } from 'zod';
import { recordId } from './ids';
import { jobNotificationLifecycle } from '../lifecycles/job-notification';
import { specialisations } from '../damage';
import { controlCharacterCheck, controlCharactersMessage } from '../text-rules';
import { UkPostcodeSchema } from '../customer-details';

/** D16: repairers are offered jobs within this straight-line distance of the customer. */
export const NEARBY_RADIUS_MILES = 30;

export const dispatchMessages = {
  notFound: 'We could not find that quote.',
  noPaidBooking: 'Repairers are offered a job once the customer has booked and paid.',
  alreadyAssigned: 'This job already has a technician: it cannot be sent again.',
  repairerNotFound: 'We could not find that repairer.',
  repairerNotVerified: 'Only verified repairers can be offered jobs. Verify this repairer first.',
  repairerCannotDoIt: "This repairer's specialisations do not cover this damage.",
  alreadyOffered: 'This repairer already has an open offer for this job.',
  noneNearby: 'No repairers found within 30-mile radius',
  timePassed: "This booking's time has passed, so no technician can be found for it now. Cancel and refund it, or ask the customer to move it.",
} as const;

/** SPEC section 3, Repairer: what the admin sees of one (the API's field names are SPEC's). */
export const RepairerViewSchema = z.object({
  id: z.number(),
  businessName: z.string(),
  contactName: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  city: z.string(),
  county: z.string().nullable(),
  postcode: z.string(),
  specializations: z.array(z.enum(specialisations)),
  /** Miles. */
  serviceRadius: z.number(),
  /** Out of 5, one decimal; null before any review. */
  rating: z.number().nullable(),
  isVerified: z.boolean(),
  emailSource: z.string().nullable(),
});
export type RepairerView = z.infer<typeof RepairerViewSchema>;

/** A nearby repairer: SPEC's Repairer with `distance` in miles (one decimal). */
export const NearbyRepairerSchema = RepairerViewSchema.extend({ distance: z.number() });
export type NearbyRepairer = z.infer<typeof NearbyRepairerSchema>;

/** POST /api/admin/quotes/{id}/nearby-repairers: SPEC's body (the customer's address). */
export const NearbyRepairersBodySchema = z.object({
  address: z.string().refine(...controlCharacterCheck(controlCharactersMessage('Address'))).trim().max(200).optional().default(''),
  city: z.string().refine(...controlCharacterCheck(controlCharactersMessage('City'))).trim().max(100).optional().default(''),
  postcode: UkPostcodeSchema,
});
export const NearbyRepairersSchema = z.array(NearbyRepairerSchema);

/** POST /api/admin/quotes/{id}/send-to-repairer. */
export const SendToRepairerBodySchema = z.object({
  repairerId: recordId('Please choose a repairer'),
});

/** SPEC section 3, Quote notification (admin view), with the decline reason and expiry. */
export const QuoteNotificationSchema = z.object({
  id: z.number(),
  repairerId: z.number(),
  repairerName: z.string(),
  status: z.enum(jobNotificationLifecycle.statuses),
  sentAt: z.string(),
  expiresAt: z.string(),
  respondedAt: z.string().nullable(),
  declineReason: z.string().nullable(),
});
export type QuoteNotification = z.infer<typeof QuoteNotificationSchema>;
export const QuoteNotificationsSchema = z.array(QuoteNotificationSchema);

export const SendToRepairerResultSchema = z.object({ notification: QuoteNotificationSchema });
/**
 * SPEC section 3, Send-to-repairers result. Past SPEC (docs/decisions/0029), only when someone was:
 * `leftOut`, how many nearby technicians covering the damage were not offered it because they
 * cannot take that booking's slot, by why (the availability rule, booking/slots/eligibility.repo.ts).
 */
export const LeftOutSchema = z.object({ notWorking: z.number(), timeOff: z.number(), full: z.number() });
export type LeftOut = z.infer<typeof LeftOutSchema>;
export const SendToRepairersResultSchema = z.object({ repairersNotified: z.number(), leftOut: LeftOutSchema.optional() });

/** The sentence the team reads about those left out, e.g. "2 nearby left out: 1 not working that slot, 1 on time off." */
export function leftOutSentence(leftOut: LeftOut): string {
  const parts = [
    leftOut.notWorking > 0 ? `${leftOut.notWorking} not working that slot` : null,
    leftOut.timeOff > 0 ? `${leftOut.timeOff} on time off that day` : null,
    leftOut.full > 0 ? `${leftOut.full} already fully booked then` : null,
  ].filter((part): part is string => part !== null);
  const total = leftOut.notWorking + leftOut.timeOff + leftOut.full;
  return `${total} nearby technician${total === 1 ? '' : 's'} left out: ${parts.join(', ')}.`;
}

/** A paid booking not yet assigned to a technician: what the admin dispatches. */
export const DispatchJobSchema = z.object({
  quoteId: z.number(),
  assessmentId: z.number(),
  reference: z.string(),
  appointmentId: z.number(),
  appointmentDate: z.string(),
  timeSlot: z.string(),
  damageType: z.string(),
  /** Town and postcode: the admin sees the whole address elsewhere; this is for finding repairers. */
  address: z.string(),
  city: z.string(),
  postcode: z.string(),
  /** Offers still open (sent or viewed, not yet expired). */
  openOffers: z.number(),
  /** True when nobody holds an open offer: every one expired or was declined, or none was sent (SPEC's "Unassigned"). */
  unassigned: z.boolean(),
});
export type DispatchJob = z.infer<typeof DispatchJobSchema>;
export const DispatchJobsSchema = z.array(DispatchJobSchema);

/**
 * A paid booking a technician has accepted and not yet marked done: what the admin sees of the
 * work ahead (and of work whose day has passed without it being marked done), and where they take
 * a job back from a technician who cannot come, or cancel and refund it.
 */
export const UpcomingJobSchema = DispatchJobSchema.pick({
  quoteId: true,
  assessmentId: true,
  reference: true,
  appointmentId: true,
  appointmentDate: true,
  timeSlot: true,
  damageType: true,
  city: true,
  postcode: true,
}).extend({
  technician: z.object({ repairerId: z.number(), businessName: z.string(), phone: z.string().nullable() }),
  /** Its day is before London's today and the technician has not marked it done. */
  overdue: z.boolean(),
});
export type UpcomingJob = z.infer<typeof UpcomingJobSchema>;
/** Soonest first; `total` counts them all, `jobs` holds the first UPCOMING_JOBS_SHOWN. */
export const UpcomingJobsSchema = z.object({ jobs: z.array(UpcomingJobSchema), total: z.number() });
export type UpcomingJobs = z.infer<typeof UpcomingJobsSchema>;
export const UPCOMING_JOBS_SHOWN = 200;

export const TAKE_BACK_REASON_MAX = 500;
export const takeBackMessages = {
  notFound: 'We could not find that booking.',
  noTechnician: 'This booking has no technician yet: it is waiting in Jobs to dispatch.',
  reason: 'Please tell the technician why the job is being taken back.',
  reasonTooLong: `Please keep the reason to ${TAKE_BACK_REASON_MAX} characters.`,
  timePassed: "This job's time has passed, so another technician cannot take it on. Cancel and refund it, or ask the customer to move it first.",
} as const;

/** POST /api/admin/appointments/{id}/take-back: the reason goes to the technician and the audit log. */
export const TakeBackBodySchema = z.object({
  reason: z
    .string({ error: takeBackMessages.reason })
    .refine(...controlCharacterCheck(controlCharactersMessage('The reason'), { multiline: true }))
    .trim()
    .min(1, takeBackMessages.reason)
    .max(TAKE_BACK_REASON_MAX, takeBackMessages.reasonTooLong),
});
export const TakeBackResultSchema = z.object({
  appointmentId: z.number(),
  quoteId: z.number(),
  /** The booking is paid and waiting for a technician again. */
  appointmentStatus: z.literal('confirmed'),
  assignmentStatus: z.literal('unassigned'),
  /** Who had it. */
  repairerId: z.number(),
});
export type TakeBackResult = z.infer<typeof TakeBackResultSchema>;
