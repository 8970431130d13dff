// The days tests book, computed from the clock so that no day of the year can make two of them
// one day, or land one on a weekend, a bank holiday or inside the 24-hour lead (issue 33: "today
// + 40" and "today + 41" were one Monday whenever today + 40 was a Saturday, so a test's two
// days were one and it failed two days in seven). Pure: the browser tests use them too, and
// tests/integration/date-helpers.test.ts runs them from every day of a year.
import { isWorkingDay, slotStartsAt, timeSlots, type TimeSlot } from '../../src/shared/calendar';
import { addDays } from '../../src/shared/calendar-date';
import { londonDateOf } from '../../src/shared/london-time';

/**
 * The `n`-th working day (n ≥ 1: Monday to Friday, no bank holiday in England and Wales) from the
 * day after tomorrow in London. Distinct n give distinct days, in the same order, each at least
 * n + 1 days on. Counting from the day after tomorrow keeps every slot of every answer past the
 * 24-hour lead (its 8:00 is at least 31 hours on) and makes the answer the same all day: counted
 * from tomorrow, workingDay(40) asked at 7:59 and workingDay(41) asked at 8:01 would be one day.
 * Around weekends and holidays the n-th day is further than today + n, so a test that needs
 * "two days apart" asks for n and n + 2, not for a number of calendar days.
 */
export function workingDay(n: number, now: Date = new Date()): string {
  if (!Number.isSafeInteger(n) || n < 1) throw new RangeError(`workingDay counts from 1, got ${n}`);
  return workingDays(n, now)[n - 1]!;
}

/** workingDay(1) to workingDay(count), in one walk of the calendar. */
export function workingDays(count: number, now: Date = new Date()): string[] {
  const days: string[] = [];
  for (let day = addDays(londonDateOf(now), 2); days.length < count; day = addDays(day, 1)) {
    if (isWorkingDay(day)) days.push(day);
  }
  return days;
}

/** A test's few requests happen within this of asking: a slot this close is not "still to begin". */
const MARGIN_MS = 5 * 60_000;

/**
 * The next slot to begin more than 5 minutes after `now` (today's afternoon, or tomorrow's
 * morning, …): at most 20 hours on (13:00 to 8:00, plus the hour the clocks go back), so a booking
 * moved there starts inside the 24 hours and has not begun, whatever the hour the test runs.
 * (Tomorrow's morning does not: run before 8:00, it is more than 24 hours on.)
 */
export function nextSlotStart(now: Date = new Date()): { date: string; slot: TimeSlot } {
  for (let date = londonDateOf(now); ; date = addDays(date, 1)) {
    const slot = timeSlots.find((s) => slotStartsAt(date, s).getTime() > now.getTime() + MARGIN_MS);
    if (slot) return { date, slot };
  }
}
