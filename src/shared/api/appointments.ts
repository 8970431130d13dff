// Booking (SPEC: Booking, Confirmation; sections 3 Appointment, Availability, Calendar day; 7 the
// appointment calls; DECISIONS D13–D15, D21; issue 11). Slots are London calendar days and
// src/shared/calendar.ts's two time slots; capacity is owned by the database (slot_capacity).
import { controlCharacterCheck } from '../text-rules';
import { z } from 'zod';
import { RecordIdSchema, recordId } from './ids';
import { appointmentLifecycle } from '../lifecycles/appointment';
import { paymentLifecycle } from '../lifecycles/payment';
import { payoutLifecycle } from '../lifecycles/payout';
import { timeSlots } from '../calendar';
import { completionMessages, NOTES_MAX, teamCancelMessages } from '../appointment-rules';

// The rules and messages the customer's screens show live in a module free of zod (issue 36).
export {
  appointmentNotesMessages,
  completionMessages,
  FREE_CHANGE_HOURS,
  HOLD_MINUTES,
  NOTES_MAX,
  notesLastChangeDate,
  QUOTE_TO_BOOK_NOT_FOUND,
  teamCancelMessages,
  unbookableAvailabilityMessage,
  unbookableLabels,
} from '../appointment-rules';

const CALENDAR_DATE = /^\d{4}-\d{2}-\d{2}$/;
const CALENDAR_MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

export const CalendarDateSchema = z.string({ error: 'Please choose a date' }).regex(CALENDAR_DATE, 'Please give the date as YYYY-MM-DD');
// Year 0000 has the form but no days (there is no year 0 in PostgreSQL's calendar, nor in London's).
export const CalendarMonthSchema = z
  .string({ error: 'Please choose a month' })
  .regex(CALENDAR_MONTH, 'Please give the month as YYYY-MM')
  .refine((month) => !month.startsWith('0000-'), 'That month does not exist. Please choose a month from the calendar.');
export const TimeSlotSchema = z.enum(timeSlots, { error: 'Please choose a morning or afternoon slot' });

/** The customer's notes for the technician ("Parked on the driveway, white gate"): at booking, and changed later. */
const NotesSchema = z.string().trim().max(NOTES_MAX, `Please keep your notes to ${NOTES_MAX} characters or fewer`);

// --- Availability -----------------------------------------------------------------------------
/** Both slots of one day: true when it can be booked now (working day, lead time, capacity left). */
export const SlotAvailabilitySchema = z.object({ morning: z.boolean(), afternoon: z.boolean() });

/** GET /api/appointments/available?date=YYYY-MM-DD (SPEC section 7). */
/**
 * `appointmentId`: the calendar of a customer moving that booking (they must be able to read it):
 * a slot its technician already has another job in is not available either.
 */
const MovingAppointment = {
  appointmentId: RecordIdSchema.optional(),
  /** Issue 35: the calendar of this quote's customer (its grant holder only): slots a technician near them can take. */
  quoteId: RecordIdSchema.optional(),
};
export const AvailabilityQuerySchema = z.object({ date: CalendarDateSchema, ...MovingAppointment });
export const AvailabilityViewSchema = z.object({ date: z.string(), available: SlotAvailabilitySchema });
export type AvailabilityView = z.infer<typeof AvailabilityViewSchema>;

/** GET /api/appointments/available-month?month=YYYY-MM: every day of the month in one request, for the grid. */
export const MonthAvailabilityQuerySchema = z.object({ month: CalendarMonthSchema, ...MovingAppointment });
export const MonthAvailabilityViewSchema = z.object({
  month: z.string(),
  /** Every calendar day of the month, in order; weekends, bank holidays and past days are all false. */
  days: z.array(AvailabilityViewSchema),
});
export type MonthAvailabilityView = z.infer<typeof MonthAvailabilityViewSchema>;

// --- Holding a slot -------------------------------------------------------------------------------
/**
 * POST /api/appointments (SPEC section 3's Appointment request), by the quote's grant holder.
 * appointmentDate is SPEC's ISO datetime (its London calendar day is used) or a plain YYYY-MM-DD.
 */
export const CreateAppointmentBodySchema = z.object({
  quoteId: recordId('Please choose a quote to book'),
  appointmentDate: z.string({ error: 'Please choose a date' }).min(10, 'Please choose a date').max(40),
  timeSlot: TimeSlotSchema,
  notes: NotesSchema.optional().default(''),
  /** Issue 38: the customer ticked "text me about this booking" (unticked by default); kept with its time. */
  textConsent: z.boolean().optional().default(false),
});
export type CreateAppointmentBody = z.input<typeof CreateAppointmentBodySchema>;

/** POST /api/appointments/{id}/reschedule: another free slot, atomically, under the 24-hour rule. */
export const RescheduleAppointmentBodySchema = z.object({
  appointmentDate: z.string({ error: 'Please choose a date' }).min(10, 'Please choose a date').max(40),
  timeSlot: TimeSlotSchema,
  /**
   * D14: the customer asks that the repair may start within the 14-day cancellation period. Needed
   * when the new slot starts within 14 days of the payment and they did not ask at checkout.
   */
  startWithinCancellationPeriod: z.boolean().optional(),
});
export type RescheduleAppointmentBody = z.infer<typeof RescheduleAppointmentBodySchema>;

export const AppointmentIdParamsSchema = z.object({ id: RecordIdSchema });

/** POST /api/repairer/appointments/{id}/on-my-way (issue 38): the arrival estimate, 'HH:MM' in London, a 15-minute step inside the slot. */
export const OnMyWayBodySchema = z.object({ arrivingAround: z.string({ error: 'Please choose an arrival time' }).regex(/^\d{2}:\d{2}$/, 'Please choose an arrival time') });
export type OnMyWayBody = z.infer<typeof OnMyWayBodySchema>;

// --- Texts about the booking (issue 38) ------------------------------------------------------------
/** PUT /api/appointments/{id}/texts, by the grant holder: agree to texts about this booking, or withdraw. */
export const UpdateTextConsentBodySchema = z.object({ textConsent: z.boolean() });

export const textConsentMessages = {
  ended: 'This booking has ended, so there is nothing more to text you about.',
  notMobile: (phone: string) => `We can only text a UK mobile number, and ${phone} is not one. Please call us if you would like to give us another number.`,
} as const;

// --- The customer's notes for the technician (issue 33) ------------------------------------------
/** PUT /api/appointments/{id}/notes, by the grant holder: the notes replaced (empty clears them). */
export const UpdateAppointmentNotesBodySchema = z.object({ notes: NotesSchema.default('') });
export type UpdateAppointmentNotesBody = z.input<typeof UpdateAppointmentNotesBodySchema>;


/** Issue 37 item 3: the technician who accepted a job, as its customer sees them (docs/decisions/0035-who-is-coming.md). */
export const TechnicianProfileViewSchema = z.object({
  /** Their first name (shared/first-name.ts; "Your technician" without one). */
  firstName: z.string(),
  businessName: z.string(),
  /** Their photo (a public address, GET /api/technician-photos/{token}), null until they upload one. */
  photoUrl: z.string().nullable(),
  /** As they gave it when they applied; null when they did not (a business added another way). */
  yearsExperience: z.number().int().nullable(),
  /** From customers' reviews of their repairs booked through us: the mean to one decimal (null with none) and how many. */
  rating: z.object({ average: z.number().nullable(), count: z.number().int() }),
  /** Repairs they have completed through us (a warranty record each, D6). */
  completedRepairs: z.number().int(),
  /** The vetting checklist (docs/decisions/0025): insurance seen and still in date today, identity checked, skills assessed. */
  checks: z.object({ insurance: z.boolean(), identity: z.boolean(), skills: z.boolean() }),
});
export type TechnicianProfileView = z.infer<typeof TechnicianProfileViewSchema>;

/**
 * An appointment as its grant holder, an admin or the assigned repairer reads it:
 * GET /api/appointments/{id}, and the answer of POST /api/appointments, .../cancel, .../reschedule.
 */
export const AppointmentViewSchema = z.object({
  id: z.number().int(),
  quoteId: z.number().int(),
  assessmentId: z.number().int(),
  /** YYYY-MM-DD, a London calendar day. */
  appointmentDate: z.string(),
  timeSlot: TimeSlotSchema,
  status: z.enum(appointmentLifecycle.statuses),
  /** ISO instant the hold lapses; null once confirmed. */
  holdExpiresAt: z.string().nullable(),
  /** ISO instants of the slot's start and end (Europe/London 8:00–12:00 or 13:00–17:00). */
  startsAt: z.string(),
  endsAt: z.string(),
  notes: z.string(),
  /**
   * The last London day (YYYY-MM-DD) the customer may change the notes (notesLastChangeDate), while
   * they still may; null once they may not (too late, or the booking is over) and for every reader
   * but the customer.
   */
  notesChangeableUntil: z.string().nullable(),
  /** The quote's total in pounds, a decimal string. */
  totalCost: z.string(),
  /** The enquiry's reference, e.g. 'AR-7K3Q-9XPM'. */
  reference: z.string(),
  /** Its payment's status; null before checkout starts. "Paid" is paymentStatus === 'succeeded'. */
  paymentStatus: z.enum(paymentLifecycle.statuses).nullable(),
  /**
   * True while the customer may still cancel free or reschedule (confirmed or assigned, more than
   * 24 hours ahead), read by the customer: the team and the technician cannot use the customer's
   * buttons (a browser review: an admin's Cancel answered "We could not find that appointment").
   */
  canChange: z.boolean(),
  /**
   * True when no technician has taken this paid booking and we have told the customer (24 hours
   * before the slot): their page offers another slot or a full refund, until the slot begins or a
   * technician takes it (docs/decisions/0027). False for every reader but the customer.
   */
  noTechnicianChoice: z.boolean(),
  /** Who is reading: the customer (their grant), our team (an admin) or the booked technician. */
  viewer: z.enum(['customer', 'team', 'technician']),
  /**
   * D14 once paid (null before): when the payment succeeded, which made the contract and starts the
   * 14-day cancellation period, and whether the customer has asked for the repair to start within
   * it (at checkout or on rescheduling). The reschedule panel asks for the request with it.
   */
  cancellationPeriod: z.object({ paidAt: z.string(), startRequested: z.boolean() }).nullable(),
  /**
   * Issue 37: the VAT invoice issued at payment and the credit note issued at a refund, each a PDF
   * at its url (GET /api/appointments/{id}/invoice.pdf, …/credit-note.pdf), oldest first; for the
   * customer and the team only ([] for the technician, who may not read them).
   */
  invoices: z.array(z.object({ kind: z.enum(['invoice', 'credit-note']), number: z.string(), url: z.string() })),
  createdAt: z.string(),
  /**
   * Issue 38 item 3: on the job's day, once the technician has said they are on the way: their
   * first name and the London time they expect to arrive ('10:15'), and how many more times they
   * may update it (technician only; 0 for other readers). Null otherwise.
   */
  onTheWay: z.object({ name: z.string(), arrivingAround: z.string(), updatesLeft: z.number().int() }).nullable(),
  /**
   * Issue 37 item 3, who is coming: once a technician has accepted the job (assigned, and after it
   * is done), what a customer would ask of a stranger coming to their driveway. Null before
   * acceptance and once the booking is cancelled. Nothing else of theirs: no phone, no address.
   */
  technician: TechnicianProfileViewSchema.nullable(),
  /**
   * Issue 38 item 2: whether the customer has agreed to texts about this booking (the box at
   * booking, or later on this page), which they can withdraw at any time; for the customer only
   * (null for the team and the technician).
   */
  texts: z.object({ consented: z.boolean() }).nullable(),
  /** Issue 12: the technician and what happens once the repair is done (D6, D14). */
  aftercare: z.object({
    /** The technician's business, once one has accepted the job. */
    technician: z.string().nullable(),
    /** When the technician marked the repair as done. */
    completedAt: z.string().nullable(),
    /** When the customer confirmed it; their confirmation releases the technician's payment. */
    confirmedAt: z.string().nullable(),
    /** When the customer reported a problem; the payment is held while the team looks at it. */
    problemReportedAt: z.string().nullable(),
    /** D6: the warranty record of a completed repair (London calendar days). */
    warranty: z.object({ startsDate: z.string(), endsDate: z.string(), months: z.number().int() }).nullable(),
    review: z.object({ rating: z.number().int(), comment: z.string() }).nullable(),
    /** The technician's after photos once the repair is done (GET /api/images/{id}); [] before. */
    afterPhotoIds: z.array(z.number().int()),
  }),
});
export type AppointmentView = z.infer<typeof AppointmentViewSchema>;

/**
 * GET /api/quotes/{id}/held-appointment, by the quote's grant holder: the slot they hold for it and
 * have not yet paid for, or null (none, or its 30 minutes have run out). The booking page reads it
 * so that Back from checkout shows the hold the server keeps for them (docs/decisions/0010).
 */
/** GET /api/quotes/{id}/held-appointment: the unpaid hold, and the quote's paid booking once it has one (its appointment page). */
export const HeldAppointmentViewSchema = z.object({ appointment: AppointmentViewSchema.nullable(), bookedAppointmentId: z.number().int().nullable() });
export type HeldAppointmentView = z.infer<typeof HeldAppointmentViewSchema>;

// --- After the repair (issue 12) ---------------------------------------------------------------------

/** POST /api/appointments/{id}/report-problem. */
export const ReportProblemBodySchema = z.object({
  message: z.string({ error: completionMessages.problemShort }).trim().min(10, completionMessages.problemShort).max(1000, completionMessages.problemLong),
});
/**
 * POST /api/admin/payouts/{id}/refund-customer: after a reported problem the team could not put
 * right, the customer is refunded in full and the technician's held share is cancelled. The reason
 * is the team's own note (the audit log keeps it), not sent to anyone.
 */
export const RefundCustomerBodySchema = z.object({
  reason: z
    .string({ error: completionMessages.refundReasonShort })
    .refine(...controlCharacterCheck(completionMessages.refundReasonShort, { multiline: true }))
    .trim()
    .min(10, completionMessages.refundReasonShort)
    .max(500, completionMessages.refundReasonLong),
});
export const CustomerRefundSchema = z.object({
  payoutId: z.number().int(),
  appointmentId: z.number().int(),
  /** What went back to the customer, pounds. */
  refunded: z.string(),
  paymentStatus: z.literal('refunded'),
  payoutStatus: z.literal('void'),
});
export type CustomerRefund = z.infer<typeof CustomerRefundSchema>;

/** The reason is e-mailed to the customer and kept in the audit log. */
export const TeamCancelBodySchema = z.object({
  reason: z
    .string({ error: teamCancelMessages.reasonShort })
    .refine(...controlCharacterCheck(teamCancelMessages.reasonShort, { multiline: true }))
    .trim()
    .min(10, teamCancelMessages.reasonShort)
    .max(500, teamCancelMessages.reasonLong),
});

/** POST /api/appointments/{id}/review: 1–5 stars and an optional comment. */
export const ReviewBodySchema = z.object({
  // A number, not coerced: `true` or "5 stars" is a 400, not one star (an attack review).
  rating: z.number({ error: completionMessages.rating }).int(completionMessages.rating).min(1, completionMessages.rating).max(5, completionMessages.rating),
  comment: z.string().trim().max(1000, completionMessages.commentLong).optional().default(''),
});
export type ReviewBody = z.infer<typeof ReviewBodySchema>;

/** POST /api/admin/payouts/{id}/release: a held payout, released by an admin after looking at the problem. */
export const PayoutIdParamsSchema = z.object({ id: RecordIdSchema });
export const ReleasedPayoutSchema = z.object({
  id: z.number().int(),
  status: z.enum(payoutLifecycle.statuses),
  /** Pounds, a decimal string. */
  amount: z.string(),
  releasedAt: z.string().nullable(),
  /** The Stripe transfer's id, or 'ledger:{id}' without Stripe. */
  providerRef: z.string().nullable(),
});
export type ReleasedPayout = z.infer<typeof ReleasedPayoutSchema>;

/** GET /api/admin/reported-problems: completed repairs a customer reported a problem with, whose payout is held. */
export const ReportedProblemSchema = z.object({
  payoutId: z.number().int(),
  appointmentId: z.number().int(),
  reference: z.string(),
  customerName: z.string(),
  customerEmail: z.string(),
  technician: z.string(),
  /** The held share, pounds. */
  amount: z.string(),
  reportedAt: z.string(),
  report: z.string(),
});
export type ReportedProblem = z.infer<typeof ReportedProblemSchema>;
export const ReportedProblemsSchema = z.array(ReportedProblemSchema);

/**
 * GET /api/admin/payouts-in-question: the repairers' shares admins should know about beside the
 * reported problems (D14, docs/decisions/0013-completion-and-payouts.md). `withheld`: held with
 * no problem reported, after the release job found the payout's transfer reversed at Stripe; an
 * admin releases it (a new transfer) once they know why. `sending`: claimed for a transfer Stripe
 * has not confirmed; the release job asks Stripe again, so there is nothing to do unless it stays.
 */
const PayoutInQuestionSchema = z.object({
  payoutId: z.number().int(),
  appointmentId: z.number().int(),
  reference: z.string(),
  technician: z.string(),
  /** The share, pounds. */
  amount: z.string(),
  /** When it was held, or first claimed for sending (ISO). */
  since: z.string(),
});
export const WithheldPayoutSchema = PayoutInQuestionSchema.extend({
  /** The reversed transfers the release job found, or Stripe reported (from its audit line). */
  reversedTransferIds: z.array(z.string()),
  /** What was taken back of the share, pounds, as Stripe showed it then; null on lines that did not record it. */
  takenBack: z.string().nullable(),
});
export const SendingPayoutSchema = PayoutInQuestionSchema.extend({
  /** When the release job may take it over and ask Stripe again (the claim's lease ends); null: at its next run. */
  retryFrom: z.string().nullable(),
});
export const PayoutsInQuestionSchema = z.object({
  /** The most recently held first, at most PAYOUTS_IN_QUESTION_SHOWN. */
  withheld: z.array(WithheldPayoutSchema),
  /** The longest in sending first, at most PAYOUTS_IN_QUESTION_SHOWN. */
  sending: z.array(SendingPayoutSchema),
  /** How many there are of each, shown or not. */
  totals: z.object({ withheld: z.number().int(), sending: z.number().int() }),
});
/** How many of each list the admin's panel is sent. */
export const PAYOUTS_IN_QUESTION_SHOWN = 100;
export type WithheldPayout = z.infer<typeof WithheldPayoutSchema>;
export type SendingPayout = z.infer<typeof SendingPayoutSchema>;
export type PayoutsInQuestion = z.infer<typeof PayoutsInQuestionSchema>;

// --- The admin's Availability screen --------------------------------------------------------------
export const SlotCapacityViewSchema = z.object({
  /** Places in the slot: the admin's override, or SLOT_CAPACITY. 0 when the day is closed. */
  capacity: z.number().int(),
  /** Places held or booked. */
  taken: z.number().int(),
  /** True when an admin set this slot's capacity. */
  overridden: z.boolean(),
});
export const AdminAvailabilityDaySchema = z.object({
  date: z.string(),
  /** A weekday that is not a bank holiday. */
  workingDay: z.boolean(),
  closed: z.boolean(),
  slots: z.object({ morning: SlotCapacityViewSchema, afternoon: SlotCapacityViewSchema }),
});
export type AdminAvailabilityDay = z.infer<typeof AdminAvailabilityDaySchema>;

/** GET /api/admin/availability?month=YYYY-MM (admin only). */
export const AdminAvailabilityQuerySchema = z.object({ month: CalendarMonthSchema });
export const AdminAvailabilityMonthSchema = z.object({
  month: z.string(),
  defaultCapacity: z.number().int(),
  days: z.array(AdminAvailabilityDaySchema),
});
export type AdminAvailabilityMonth = z.infer<typeof AdminAvailabilityMonthSchema>;

/**
 * PUT /api/admin/availability/{date} (admin only): a slot's capacity (null = back to SLOT_CAPACITY),
 * or close/reopen the whole day. Lowering below what is already booked is refused (409) with a sentence;
 * closing a day stops new bookings and keeps the existing ones. Answers the day.
 */
export const AdminAvailabilityDateParamsSchema = z.object({ date: CalendarDateSchema });
const CapacityOverrideSchema = z
  .number({ error: 'Please enter a whole number of places' })
  .int('Please enter a whole number of places')
  .min(0, 'Capacity cannot be negative')
  .max(50, 'Capacity can be at most 50')
  .nullable();
export const AdminAvailabilityUpdateSchema = z.object({
  morning: CapacityOverrideSchema.optional(),
  afternoon: CapacityOverrideSchema.optional(),
  closed: z.boolean().optional(),
});
export type AdminAvailabilityUpdate = z.infer<typeof AdminAvailabilityUpdateSchema>;

