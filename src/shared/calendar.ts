import { isBankHoliday } from './bank-holidays';
import { addDays, isCalendarDate, isWeekend, isoWeekday, toCalendarDate } from './calendar-date';
import { formatLondonDate, londonDateOf, londonDateTimeToInstant } from './london-time';

export { bankHolidaysIn, isBankHoliday } from './bank-holidays';

// D15: two slots a day, Europe/London, Monday to Friday, never on a bank holiday in England and
// Wales, and never sooner than 24 hours from now.
export const timeSlots = ['morning', 'afternoon'] as const;
export type TimeSlot = (typeof timeSlots)[number];

export const slotTimes: Record<TimeSlot, { start: string; end: string }> = {
  morning: { start: '08:00', end: '12:00' },
  afternoon: { start: '13:00', end: '17:00' },
};

/** A slot time as people read it, the way D15 writes it: 24-hour, no leading zero ('8:00', '13:00'). */
export const displayTime = (time: string) => time.replace(/^0(\d)/, '$1');

/** The window for sentences ('between 8:00 and 12:00'): the same times as the labels. */
export const slotWindows: Record<TimeSlot, { start: string; end: string }> = {
  morning: { start: displayTime(slotTimes.morning.start), end: displayTime(slotTimes.morning.end) },
  afternoon: { start: displayTime(slotTimes.afternoon.start), end: displayTime(slotTimes.afternoon.end) },
};

export const slotLabels: Record<TimeSlot, string> = {
  morning: `Morning, ${slotWindows.morning.start}–${slotWindows.morning.end}`,
  afternoon: `Afternoon, ${slotWindows.afternoon.start}–${slotWindows.afternoon.end}`,
};

/** A slot as it reads inside a sentence: 'Friday 3 July 2026, morning, 8:00–12:00'. */
export const slotInSentence = (slot: TimeSlot): string => slotLabels[slot].toLowerCase();

/** A stored slot's label ('Morning, 8:00–12:00'); anything else as it is. */
export const slotLabelOf = (slot: string): string => (isTimeSlot(slot) ? slotLabels[slot] : slot);

/** A booking's day and slot as a heading or card names them: 'Friday 3 July 2026, Morning, 8:00–12:00'. */
export const dayAndSlotLabel = (date: string, slot: string): string => `${formatLondonDate(date)}, ${slotLabelOf(slot)}`;

export const MIN_LEAD_HOURS = 24;
const MIN_LEAD_MS = MIN_LEAD_HOURS * 60 * 60 * 1000;

/** SPEC section 3: the booking grid always has 42 cells, six UK weeks starting on Monday. */
export const GRID_CELLS = 42;

export function isTimeSlot(value: unknown): value is TimeSlot {
  return typeof value === 'string' && (timeSlots as readonly string[]).includes(value);
}

export function slotStartsAt(date: string, slot: TimeSlot): Date {
  return londonDateTimeToInstant(date, slotTimes[slot].start);
}

/** Whether a booking's slot has begun at `now` (a slot stored under another name never has). */
export function hasSlotBegun(booking: { appointmentDate: string; timeSlot: string }, now: Date): boolean {
  return isTimeSlot(booking.timeSlot) && slotStartsAt(booking.appointmentDate, booking.timeSlot) <= now;
}

export function slotEndsAt(date: string, slot: TimeSlot): Date {
  return londonDateTimeToInstant(date, slotTimes[slot].end);
}

/** Monday to Friday and not a bank holiday in England and Wales. */
export function isWorkingDay(date: string): boolean {
  return isCalendarDate(date) && !isWeekend(date) && !isBankHoliday(date);
}

/** Whether the rules allow booking this slot at `now` (no unbookableReason); capacity is the server's to check. */
export function isSlotBookable(date: string, slot: TimeSlot, now: Date): boolean {
  return isCalendarDate(date) && isTimeSlot(slot) && unbookableReason(date, slot, now) === null;
}

/** Why D15 never lets this slot be booked from `now` on; capacity and the booking horizon aside. */
export type UnbookableReason = 'past' | 'weekend' | 'bankHoliday' | 'tooSoon';

/**
 * Why this slot (of a real calendar date) cannot be booked at `now` by D15's rules, or null when
 * it can. `today` (London's day at `now`) may be passed in when checking a whole month.
 */
export function unbookableReason(date: string, slot: TimeSlot, now: Date, today: string = londonDateOf(now)): UnbookableReason | null {
  if (date < today) return 'past';
  // Only today's and tomorrow's slots can have started or be inside 24 hours: from the day after,
  // a slot starts at least 32 hours on (8:00 two days ahead, against 23:59 today; ±1 h for BST).
  const startsIn = date <= addDays(today, 1) ? slotStartsAt(date, slot).getTime() - now.getTime() : Infinity;
  if (startsIn <= 0) return 'past';
  if (isWeekend(date)) return 'weekend';
  if (isBankHoliday(date)) return 'bankHoliday';
  if (startsIn < MIN_LEAD_MS) return 'tooSoon';
  return null;
}

/** Why no slot of this day can be booked at `now`, or null while one still can: the last slot's reason, as it is the last to go. */
export function dayUnbookableReason(date: string, now: Date): UnbookableReason | null {
  const reasons = timeSlots.map((slot) => unbookableReason(date, slot, now));
  return reasons.every((reason) => reason !== null) ? reasons[reasons.length - 1]! : null;
}

export function bookableSlots(date: string, now: Date): TimeSlot[] {
  return timeSlots.filter((slot) => isSlotBookable(date, slot, now));
}

export interface CalendarDay {
  date: string;
  isCurrentMonth: boolean;
  isToday: boolean;
  isAvailable: boolean;
}

export interface CalendarMonth {
  year: number;
  /** 1–12 */
  month: number;
}

function assertMonth({ year, month }: CalendarMonth): void {
  if (!Number.isSafeInteger(year) || year < 1000 || year > 9999 || !Number.isSafeInteger(month) || month < 1 || month > 12) {
    throw new RangeError(`Expected a year and a month from 1 to 12, got ${year}-${month}`);
  }
}

/**
 * The booking calendar for `month` (1–12): 42 days from the Monday on or before the 1st. Days of
 * the neighbouring months are shown but never available (SPEC section 5).
 */
export function monthGrid(year: number, month: number, now: Date): CalendarDay[] {
  assertMonth({ year, month });
  const first = toCalendarDate(year, month, 1);
  const start = addDays(first, 1 - isoWeekday(first));
  const today = londonDateOf(now);
  const prefix = first.slice(0, 8);
  return Array.from({ length: GRID_CELLS }, (_, index) => {
    const date = addDays(start, index);
    const isCurrentMonth = date.startsWith(prefix);
    return {
      date,
      isCurrentMonth,
      isToday: date === today,
      isAvailable: isCurrentMonth && bookableSlots(date, now).length > 0,
    };
  });
}

/** The month `delta` months after (or before, when negative) `from`, for the calendar's buttons. */
export function addMonths(from: CalendarMonth, delta: number): CalendarMonth {
  assertMonth(from);
  if (!Number.isSafeInteger(delta)) throw new RangeError(`Expected a whole number of months, got ${delta}`);
  const index = from.year * 12 + (from.month - 1) + delta;
  return { year: Math.floor(index / 12), month: (((index % 12) + 12) % 12) + 1 };
}

/** The London month an instant falls in: where the booking calendar opens. */
export function londonMonthOf(instant: Date): CalendarMonth {
  const [year, month] = londonDateOf(instant).split('-').map(Number) as [number, number];
  return { year, month };
}
