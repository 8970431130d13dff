// Issue 33: the days tests book are distinct and bookable whatever day the suite runs. The
// helpers (tests/helpers/dates.ts) are run from every day of a whole year, at midnight, at a
// slot's start and just before midnight, against the server's own booking rule (slotRefusal);
// then, under a faked clock for each of the Done-when's instants (a Saturday, a Sunday,
// 24 December, Good Friday, and the last Sundays of March and October around the hour the clocks
// change), the date-sensitive domain rules the integration files rest on: the booking calendar,
// the 24-hour lead and the free-change window of a reschedule or cancel.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { isOutsideChangeWindow, slotRefusal } from '../../src/server/modules/booking';
import { FREE_CHANGE_HOURS } from '../../src/shared/api/appointments';
import { hasSlotBegun, isWorkingDay, londonMonthOf, monthGrid, slotStartsAt, timeSlots } from '../../src/shared/calendar';
import { addDays, daysBetween } from '../../src/shared/calendar-date';
import { londonDateOf, londonDateTimeToInstant } from '../../src/shared/london-time';
import { workingDay as workingDayOfCheckout } from '../helpers/checkout';
import { nextSlotStart, workingDay, workingDays } from '../helpers/dates';

/** More than the largest n any test asks for (reschedule-assigned asks for 72). */
const LARGEST_N = 80;
const HOUR = 3_600_000;

/** What is wrong with the helpers' answers at `now`, by the server's booking rule: [] when nothing. */
function problemsAt(now: Date): string[] {
  const problems: string[] = [];
  const today = londonDateOf(now);
  const days = workingDays(LARGEST_N, now);
  for (const [i, day] of days.entries()) {
    if (!(day > (i === 0 ? today : days[i - 1]!))) problems.push(`workingDay(${i + 1}) = ${day} is not after workingDay(${i}) = ${days[i - 1] ?? today}`);
    if (daysBetween(today, day) < i + 1) problems.push(`workingDay(${i + 1}) = ${day} is fewer than ${i + 1} days on`);
    if (!isWorkingDay(day)) problems.push(`${day} is not a working day`);
    for (const slot of timeSlots) {
      const refusal = slotRefusal(day, slot, now, today);
      if (refusal !== null) problems.push(`${day} ${slot}: ${refusal}`);
    }
  }
  for (const n of [1, 2, 40, 41, 43, LARGEST_N]) if (workingDay(n, now) !== days[n - 1]) problems.push(`workingDay(${n}) is not the ${n}-th of workingDays`);
  // The next slot to begin: not begun, inside the free-change window (a cancel goes to the phone).
  const soonest = nextSlotStart(now);
  const startsIn = slotStartsAt(soonest.date, soonest.slot).getTime() - now.getTime();
  if (hasSlotBegun({ appointmentDate: soonest.date, timeSlot: soonest.slot }, now) || startsIn < 5 * 60_000) problems.push(`nextSlotStart ${soonest.date} ${soonest.slot} has begun or is about to`);
  if (isOutsideChangeWindow(soonest.date, soonest.slot, now, FREE_CHANGE_HOURS) || startsIn > 21 * HOUR) problems.push(`nextSlotStart ${soonest.date} ${soonest.slot} is ${startsIn / HOUR} hours on`);
  return problems.map((problem) => `at ${now.toISOString()}: ${problem}`);
}

afterEach(() => {
  vi.useRealTimers();
});

describe('the days tests book (tests/helpers/dates.ts)', () => {
  it('are distinct, in order and bookable from every day of a whole year, the same all day', () => {
    // A year holding Christmas, Easter (28 March 2027) and both clock changes.
    const problems: string[] = [];
    let days = 0;
    for (let day = '2026-06-01'; day < '2027-06-01'; day = addDays(day, 1), days++) {
      // Just before midnight is the nearest the answers' slots come (the lead is shortest); the
      // answers are the same from midnight on, and at the morning slot's start.
      const [lastMinute, midnight, eight] = ['23:59', '00:00', '08:00'].map((time) => londonDateTimeToInstant(day, time));
      problems.push(...problemsAt(lastMinute!));
      if (workingDays(LARGEST_N, midnight).join() !== workingDays(LARGEST_N, lastMinute).join()) problems.push(`${day}: the answers change during the day`);
      const soonest = nextSlotStart(eight); // 8:00: today's afternoon, not the morning beginning now
      if (soonest.date !== day || soonest.slot !== 'afternoon') problems.push(`${day} 8:00: nextSlotStart is ${soonest.date} ${soonest.slot}`);
    }
    expect(days).toBe(365);
    expect(problems).toEqual([]);
  }, 300_000);

  it.runIf(process.env.TEST_NOW)('run on the clock TEST_NOW sets (scripts/test-clocks.mjs), ticking from there', () => {
    const since = Date.now() - Date.parse(process.env.TEST_NOW!);
    expect(since).toBeGreaterThanOrEqual(0);
    expect(since).toBeLessThan(3 * HOUR);
    // Vitest took the shifted clock for the real one: faking and restoring it brings it back.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2030-01-01T00:00:00Z'));
    vi.useRealTimers();
    expect(Date.now() - Date.parse(process.env.TEST_NOW!)).toBeLessThan(3 * HOUR);
    expect(new Date() instanceof Date && Math.abs(new Date().getTime() - Date.now()) < 1000).toBe(true);
  });

  it('read the clock when given no instant, as the integration and browser tests call them', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2027-01-08T10:00:00Z')); // a Friday
    expect([workingDayOfCheckout(1), workingDayOfCheckout(2), workingDay(3)]).toEqual(['2027-01-11', '2027-01-12', '2027-01-13']);
    vi.setSystemTime(new Date('2026-12-01T10:00:00Z')); // the day issue 33 was found: + 40 and + 41 were one Monday
    expect(new Set([workingDay(40), workingDay(41), workingDay(43)]).size).toBe(3);
    vi.setSystemTime(new Date('2026-12-22T10:00:00Z')); // a Tuesday: Christmas Day is a Friday, Boxing Day's holiday the Monday after
    expect(workingDays(4)).toEqual(['2026-12-24', '2026-12-29', '2026-12-30', '2026-12-31']);
    expect(() => workingDay(0)).toThrow(RangeError);
  });
});

// The Done-when's clocks: for each, the hours around its trap.
const fixedClocks: [string, string[]][] = [
  ['a Saturday', ['2026-12-05T07:30:00Z', '2026-12-05T23:30:00Z']],
  ['a Sunday', ['2026-12-06T07:30:00Z', '2026-12-06T12:30:00Z']],
  ['24 December', ['2026-12-24T07:30:00Z', '2026-12-24T12:30:00Z', '2026-12-24T23:30:00Z']],
  ['the Friday before Easter', ['2027-03-26T07:30:00Z', '2027-03-26T12:30:00Z']],
  ['the last Sunday of March (clocks go forward at 01:00 UTC)', ['2027-03-28T00:30:00Z', '2027-03-28T01:30:00Z', '2027-03-28T07:30:00Z']],
  ['the last Sunday of October (clocks go back at 01:00 UTC)', ['2027-10-31T00:30:00Z', '2027-10-31T01:30:00Z', '2027-10-31T07:30:00Z']],
];

describe.each(fixedClocks)('under a faked clock on %s', (_name, instants) => {
  it.each(instants)('at %s the helpers, the booking calendar, the lead time and the change window agree', (instant) => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(instant));
    const now = new Date();
    expect(problemsAt(now)).toEqual([]);
    // The helpers read the faked clock when given none.
    const days = workingDays(LARGEST_N);
    expect(days).toEqual(workingDays(LARGEST_N, now));
    expect(workingDayOfCheckout(LARGEST_N)).toBe(days.at(-1));

    // The booking calendar of this month and the next offers each of those days, and only days past the lead.
    const first = londonMonthOf(now);
    const months = [first, first.month === 12 ? { year: first.year + 1, month: 1 } : { year: first.year, month: first.month + 1 }];
    const cells = months.flatMap((m) => monthGrid(m.year, m.month, now).filter((cell) => cell.isCurrentMonth));
    const offered = cells.filter((cell) => cell.isAvailable).map((cell) => cell.date);
    expect(days.filter((day) => day <= cells.at(-1)!.date).every((day) => offered.includes(day))).toBe(true);
    for (const date of offered) expect(isWorkingDay(date) && timeSlots.some((slot) => slotRefusal(date, slot, now) === null), date).toBe(true);
    // Nothing inside 24 hours can be booked; every day the helpers give is free to change.
    const soonest = nextSlotStart(now);
    expect(slotRefusal(soonest.date, soonest.slot, now)).not.toBeNull();
    for (const day of days) expect(isOutsideChangeWindow(day, 'morning', now, FREE_CHANGE_HOURS), day).toBe(true);
  });
});
