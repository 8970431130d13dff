// A technician's availability (issue 35, item 1): which weekday mornings and afternoons they
// work, their time off, and how many jobs they take in one slot. The repairer keeps their own
// (GET/PUT /api/repairer/availability); the team keeps anyone's (GET/PUT
// /api/admin/repairers/{id}/availability: a technician phones in sick). One schema for the form
// and the route (STYLE habit 1): the same sentence for the same mistake in both.
//
// Bounds chosen here (the issue leaves them open):
// - jobsPerSlot 1–10. A slot is four hours and one van does one to three smart repairs in it; a
//   business with several vans takes more. Ten is past any of them, and keeps a slip (100) from
//   opening a slot a hundred times. Not working a slot is the weekly pattern's to say, never 0.
// - Time off: at most 60 periods, none ended before today (London), none starting more than two
//   years ahead, each from ≤ to, no two overlapping (a period that touches another is fine: join
//   them if you like). A period already begun may be kept: a technician off this week says so.
import { z } from 'zod';
import { addDays, isCalendarDate } from '../calendar-date';
import { formatLondonDate, londonDateOf } from '../london-time';
import { DEFAULT_WEEKLY_PATTERN, weekdays, type WeeklyPattern } from '../offer-deadline';

export { DEFAULT_WEEKLY_PATTERN, weekdays, type Weekday, type WeeklyPattern } from '../offer-deadline';

export const JOBS_PER_SLOT_MIN = 1;
export const JOBS_PER_SLOT_MAX = 10;
export const DEFAULT_JOBS_PER_SLOT = 1;
export const TIME_OFF_MAX_PERIODS = 60;
/** How far ahead a period of time off may start. */
export const TIME_OFF_HORIZON_DAYS = 730;

export const weekdayLabels: Record<(typeof weekdays)[number], string> = {
  monday: 'Monday',
  tuesday: 'Tuesday',
  wednesday: 'Wednesday',
  thursday: 'Thursday',
  friday: 'Friday',
  saturday: 'Saturday',
  sunday: 'Sunday',
};

export const availabilityMessages = {
  weekly: 'Please say whether you work each morning and afternoon, Monday to Sunday',
  jobsPerSlot: `Please choose from ${JOBS_PER_SLOT_MIN} to ${JOBS_PER_SLOT_MAX} jobs in one slot`,
  timeOff: 'Please give your time off as a list of periods, each with a first and a last day',
  date: 'Please give each day of time off as a date (YYYY-MM-DD)',
  tooMany: `Please keep to ${TIME_OFF_MAX_PERIODS} periods of time off or fewer: join periods that run on from each other`,
  backwards: (from: string, to: string) => `Time off from ${formatLondonDate(from)} to ${formatLondonDate(to)} ends before it starts. Please put the first day first.`,
  past: (to: string) => `Time off that ended on ${formatLondonDate(to)} has passed. Please remove it.`,
  tooFar: (from: string) => `Time off from ${formatLondonDate(from)} is more than two years ahead. Please add it nearer the time.`,
  overlap: (a: TimeOffPeriod, b: TimeOffPeriod) =>
    `Time off from ${formatLondonDate(a.from)} to ${formatLondonDate(a.to)} overlaps time off from ${formatLondonDate(b.from)} to ${formatLondonDate(b.to)}. Please make them one period, or move one.`,
  saved: 'Your availability was saved.',
  /** Before saving: what a save does to jobs already accepted. */
  takesBack: (whose: 'you' | 'them') =>
    whose === 'you'
      ? 'Jobs you have already accepted that fall outside what you save (a day off, a half-day you stop working, fewer jobs in one slot) are given back to our team, who find the customer another technician. Job offers you have not answered for the times you close are withdrawn.'
      : 'Jobs this technician has already accepted that fall outside what you save are taken back from them and listed under Bookings without a technician on Quote Management; each customer is told and another technician is found. Their unanswered job offers for the times you close are withdrawn.',
  /** After saving, when a save took jobs back. */
  tookBack: (count: number, whose: 'you' | 'them') =>
    whose === 'you'
      ? `${count === 1 ? 'This job is' : `These ${count} jobs are`} no longer yours: you no longer work then. Our team will find the ${count === 1 ? 'customer' : 'customers'} another technician.`
      : `${count === 1 ? 'This booking no longer has' : `These ${count} bookings no longer have`} this technician. ${count === 1 ? 'It is' : 'They are'} now under Bookings without a technician on Quote Management, and each customer has been told.`,
  notFound: 'We could not find that repairer.',
} as const;

const half = z.boolean({ error: availabilityMessages.weekly });
const WorkingDaySchema = z.object({ morning: half, afternoon: half }, { error: availabilityMessages.weekly });
export const WeeklyPatternSchema = z.object(
  Object.fromEntries(weekdays.map((day) => [day, WorkingDaySchema])) as Record<(typeof weekdays)[number], typeof WorkingDaySchema>,
  { error: availabilityMessages.weekly },
);

const day = z.string({ error: availabilityMessages.date }).refine(isCalendarDate, { error: availabilityMessages.date });
export const TimeOffPeriodSchema = z.object({ from: day, to: day }, { error: availabilityMessages.timeOff });
export type TimeOffPeriod = z.infer<typeof TimeOffPeriodSchema>;

/**
 * The first mistake in these periods at `today` (London), with the index of the period it is
 * on, or null. Periods are checked in the order given; an overlap is reported on the later one.
 */
export function timeOffProblem(periods: readonly TimeOffPeriod[], today: string): { index: number; message: string } | null {
  const latestStart = addDays(today, TIME_OFF_HORIZON_DAYS);
  for (const [index, period] of periods.entries()) {
    if (period.from > period.to) return { index, message: availabilityMessages.backwards(period.from, period.to) };
    if (period.to < today) return { index, message: availabilityMessages.past(period.to) };
    if (period.from > latestStart) return { index, message: availabilityMessages.tooFar(period.from) };
  }
  for (const [index, period] of periods.entries()) {
    const earlier = periods.slice(0, index).find((other) => other.from <= period.to && period.from <= other.to);
    if (earlier) return { index, message: availabilityMessages.overlap(earlier, period) };
  }
  return null;
}

/**
 * PUT /api/repairer/availability and PUT /api/admin/repairers/{id}/availability: the whole of it,
 * replacing what was kept. "Today" is London's day when the body is checked.
 */
export const AvailabilityBodySchema = z
  .object({
    weekly: WeeklyPatternSchema,
    jobsPerSlot: z
      .number({ error: availabilityMessages.jobsPerSlot })
      .int({ error: availabilityMessages.jobsPerSlot })
      .min(JOBS_PER_SLOT_MIN, { error: availabilityMessages.jobsPerSlot })
      .max(JOBS_PER_SLOT_MAX, { error: availabilityMessages.jobsPerSlot }),
    timeOff: z.array(TimeOffPeriodSchema, { error: availabilityMessages.timeOff }).max(TIME_OFF_MAX_PERIODS, { error: availabilityMessages.tooMany }),
  })
  .superRefine((body, ctx) => {
    const problem = timeOffProblem(body.timeOff, londonDateOf(new Date()));
    if (problem) ctx.addIssue({ code: 'custom', path: ['timeOff', problem.index], message: problem.message, input: body.timeOff[problem.index] });
  });
export type AvailabilityBody = z.infer<typeof AvailabilityBodySchema>;

/** What GET answers: the same shape as the body, time off that has ended left out, soonest first. */
export const AvailabilityViewSchema = z.object({
  weekly: WeeklyPatternSchema,
  jobsPerSlot: z.number(),
  timeOff: z.array(TimeOffPeriodSchema),
});
export type AvailabilityView = z.infer<typeof AvailabilityViewSchema>;

/** The team's view names whose availability it is. */
export const AdminAvailabilityViewSchema = AvailabilityViewSchema.extend({
  repairer: z.object({ id: z.number(), businessName: z.string(), city: z.string(), postcode: z.string(), isVerified: z.boolean() }),
});
export type AdminAvailabilityView = z.infer<typeof AdminAvailabilityViewSchema>;

/**
 * A booking a save took back from the technician (issue 35 item 2): it was theirs (assigned), and
 * the saved pattern, time off or jobs per slot leaves it outside what they work. Date, slot and
 * postcode district only: enough to recognise it, nothing of the customer's.
 */
export const TakenBackBookingSchema = z.object({
  date: z.string(),
  slot: z.enum(['morning', 'afternoon']),
  district: z.string(),
});
export type TakenBackBooking = z.infer<typeof TakenBackBookingSchema>;

/** What a PUT answers: the availability as kept, and the bookings the save took back (soonest first; usually none). */
export const AvailabilitySavedSchema = AvailabilityViewSchema.extend({ takenBack: z.array(TakenBackBookingSchema) });
export type AvailabilitySaved = z.infer<typeof AvailabilitySavedSchema>;
export const AdminAvailabilitySavedSchema = AdminAvailabilityViewSchema.extend({ takenBack: z.array(TakenBackBookingSchema) });
export type AdminAvailabilitySaved = z.infer<typeof AdminAvailabilitySavedSchema>;

/** A new technician's availability, before they (or the team) change it. */
export const DEFAULT_AVAILABILITY: AvailabilityView = { weekly: DEFAULT_WEEKLY_PATTERN as WeeklyPattern, jobsPerSlot: DEFAULT_JOBS_PER_SLOT, timeOff: [] };
