// D15's rules for a date a customer asks for, each refusal a sentence they can act on
// (issue 11: weekend, holiday, too-soon and past dates are refused with a sentence).
import { MIN_LEAD_HOURS, slotStartsAt, unbookableReason, type TimeSlot } from '../../../../shared/calendar';
import { addDays, isCalendarDate } from '../../../../shared/calendar-date';
import { londonDateOf } from '../../../../shared/london-time';

/** Bookings are taken up to this many days ahead (docs/decisions/0008-booking-capacity.md). */
export const BOOKING_HORIZON_DAYS = 365;

export const bookingDateMessages = {
  malformed: 'Please give the date as YYYY-MM-DD or as an ISO date and time.',
  noSuchDay: 'That date does not exist. Please choose a date from the calendar.',
  past: 'That date has already passed. Please choose a date from tomorrow onwards.',
  weekend: 'We do not work at weekends. Please choose a weekday, Monday to Friday.',
  bankHoliday: 'We do not work on bank holidays. Please choose another weekday.',
  tooSoon: `Bookings need at least ${MIN_LEAD_HOURS} hours' notice. Please choose a later slot.`,
  tooFar: `We take bookings up to ${BOOKING_HORIZON_DAYS} days ahead. Please choose an earlier date.`,
} as const;

const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})$/;
const PLAIN_DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * SPEC's appointmentDate (an ISO datetime, its London calendar day is used) or a plain
 * YYYY-MM-DD, as a London calendar day; or the sentence saying what is wrong with it.
 */
export function parseAppointmentDate(input: string): { date: string } | { error: string } {
  const value = input.trim();
  if (PLAIN_DATE.test(value)) return isCalendarDate(value) ? { date: value } : { error: bookingDateMessages.noSuchDay };
  if (!ISO_DATE_TIME.test(value)) return { error: bookingDateMessages.malformed };
  // A datetime whose own day does not exist (2026-02-30T…) is refused rather than rolled over.
  if (!isCalendarDate(value.slice(0, 10))) return { error: bookingDateMessages.noSuchDay };
  const instant = new Date(value);
  if (Number.isNaN(instant.getTime())) return { error: bookingDateMessages.malformed };
  return { date: londonDateOf(instant) };
}

/**
 * Why this slot cannot be booked at `now` by D15's rules, or null when it can (capacity aside).
 * `today` (London's day at `now`) may be passed in when checking a whole month.
 */
export function slotRefusal(date: string, slot: TimeSlot, now: Date, today: string = londonDateOf(now)): string | null {
  if (!isCalendarDate(date)) return bookingDateMessages.noSuchDay;
  const reason = unbookableReason(date, slot, now, today);
  if (reason) return bookingDateMessages[reason];
  if (date > addDays(today, BOOKING_HORIZON_DAYS)) return bookingDateMessages.tooFar;
  return null;
}

/** True while a confirmed or assigned appointment may still be cancelled free or rescheduled (D14). */
export function isOutsideChangeWindow(date: string, slot: TimeSlot, now: Date, hours: number): boolean {
  return slotStartsAt(date, slot).getTime() - now.getTime() > hours * 3_600_000;
}
