import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isoWeekday } from './calendar-date';
import {
  GRID_CELLS,
  MIN_LEAD_HOURS,
  addMonths,
  bookableSlots,
  dayUnbookableReason,
  isBankHoliday,
  isSlotBookable,
  isTimeSlot,
  isWorkingDay,
  londonMonthOf,
  monthGrid,
  slotEndsAt,
  slotLabels,
  slotStartsAt,
  slotTimes,
  slotWindows,
  timeSlots,
  unbookableReason,
} from './calendar';

const HOUR = 60 * 60 * 1000;

describe('slots', () => {
  it('keeps the D15 times and labels', () => {
    expect(timeSlots).toEqual(['morning', 'afternoon']);
    expect(slotTimes).toEqual({ morning: { start: '08:00', end: '12:00' }, afternoon: { start: '13:00', end: '17:00' } });
    expect(slotLabels).toEqual({ morning: 'Morning, 8:00–12:00', afternoon: 'Afternoon, 13:00–17:00' });
    // Sentences use the labels' times, never the zero-padded ones kept for arithmetic.
    expect(slotWindows).toEqual({ morning: { start: '8:00', end: '12:00' }, afternoon: { start: '13:00', end: '17:00' } });
    expect(MIN_LEAD_HOURS).toBe(24);
    expect(isTimeSlot('evening')).toBe(false);
  });

  it('starts and ends slots on London time across the clock changes', () => {
    expect(slotStartsAt('2026-03-27', 'morning').toISOString()).toBe('2026-03-27T08:00:00.000Z');
    expect(slotStartsAt('2026-03-30', 'morning').toISOString()).toBe('2026-03-30T07:00:00.000Z');
    expect(slotStartsAt('2026-10-23', 'afternoon').toISOString()).toBe('2026-10-23T12:00:00.000Z');
    expect(slotStartsAt('2026-10-26', 'morning').toISOString()).toBe('2026-10-26T08:00:00.000Z');
    expect(slotEndsAt('2026-10-26', 'afternoon').toISOString()).toBe('2026-10-26T17:00:00.000Z');
  });
});

describe('isSlotBookable', () => {
  const start = slotStartsAt('2026-11-24', 'morning').getTime();

  it('needs at least 24 hours of notice, to the millisecond', () => {
    expect(isSlotBookable('2026-11-24', 'morning', new Date(start - 24 * HOUR))).toBe(true);
    expect(isSlotBookable('2026-11-24', 'morning', new Date(start - 24 * HOUR + 1))).toBe(false);
    expect(isSlotBookable('2026-11-24', 'afternoon', new Date(start - 24 * HOUR + 1))).toBe(true);
    expect(bookableSlots('2026-11-24', new Date(start - 24 * HOUR + 1))).toEqual(['afternoon']);
  });

  it('counts the notice in real hours over a clock change', () => {
    // Clocks went forward early on Sunday 29 March: Monday's 08:00 BST is 07:00Z, and the cut-off 24 real hours earlier.
    const mondayMorning = slotStartsAt('2026-03-30', 'morning');
    expect(isSlotBookable('2026-03-30', 'morning', new Date('2026-03-29T07:00:00Z'))).toBe(true);
    expect(isSlotBookable('2026-03-30', 'morning', new Date('2026-03-29T07:00:01Z'))).toBe(false);
    expect(mondayMorning.getTime() - new Date('2026-03-29T07:00:00Z').getTime()).toBe(24 * HOUR);
  });

  it('refuses weekends, bank holidays and nonsense', () => {
    const longAgo = new Date('2020-01-01T00:00:00Z');
    expect(isSlotBookable('2026-11-28', 'morning', longAgo)).toBe(false);
    expect(isSlotBookable('2026-11-29', 'afternoon', longAgo)).toBe(false);
    expect(isSlotBookable('2026-12-28', 'morning', longAgo)).toBe(false);
    expect(isSlotBookable('2026-05-04', 'afternoon', longAgo)).toBe(false);
    expect(isSlotBookable('2026-02-30', 'morning', longAgo)).toBe(false);
    expect(isSlotBookable('2026-11-23', 'evening' as never, longAgo)).toBe(false);
    expect(isSlotBookable('2026-11-23', 'morning', longAgo)).toBe(true);
    expect(isWorkingDay('2026-04-03')).toBe(false);
  });
});

describe('unbookableReason', () => {
  // Monday 23 November 2026, 10:00 GMT: Tuesday's 8:00 is 22 hours away, its 13:00 27 hours.
  const now = new Date('2026-11-23T10:00:00Z');

  it('says why a slot cannot be booked, and agrees with isSlotBookable', () => {
    expect(unbookableReason('2026-11-20', 'afternoon', now)).toBe('past');
    expect(unbookableReason('2026-11-23', 'morning', now)).toBe('past');
    expect(unbookableReason('2026-11-23', 'afternoon', now)).toBe('tooSoon');
    expect(unbookableReason('2026-11-24', 'morning', now)).toBe('tooSoon');
    expect(unbookableReason('2026-11-24', 'afternoon', now)).toBeNull();
    expect(unbookableReason('2026-11-28', 'morning', now)).toBe('weekend');
    expect(unbookableReason('2026-12-28', 'morning', now)).toBe('bankHoliday');
    for (const date of ['2026-11-20', '2026-11-23', '2026-11-24', '2026-11-25', '2026-11-28', '2026-12-25', '2027-06-01']) {
      for (const slot of timeSlots) expect(unbookableReason(date, slot, now) === null).toBe(isSlotBookable(date, slot, now));
    }
  });

  it("gives a day's reason only once none of its slots can be booked", () => {
    expect(dayUnbookableReason('2026-11-24', now)).toBeNull();
    expect(dayUnbookableReason('2026-11-23', now)).toBe('tooSoon');
    expect(dayUnbookableReason('2026-11-23', new Date('2026-11-23T13:00:00Z'))).toBe('past');
    expect(dayUnbookableReason('2026-11-29', now)).toBe('weekend');
  });
});

describe('monthGrid', () => {
  it('lays out November 2026 from Monday 26 October', () => {
    const now = new Date('2026-11-10T09:00:00Z');
    const grid = monthGrid(2026, 11, now);
    expect(grid).toHaveLength(GRID_CELLS);
    expect(grid[0]).toEqual({ date: '2026-10-26', isCurrentMonth: false, isToday: false, isAvailable: false });
    expect(grid.at(-1)?.date).toBe('2026-12-06');
    expect(grid.filter((day) => day.isToday).map((day) => day.date)).toEqual(['2026-11-10']);
    const available = grid.filter((day) => day.isAvailable).map((day) => day.date);
    // The 10th is today, and the 11th morning is under 24 hours away but its afternoon is not.
    expect(available[0]).toBe('2026-11-11');
    expect(available).not.toContain('2026-11-14');
    expect(available).toHaveLength(14);
  });

  it('marks today by the London date', () => {
    const grid = monthGrid(2026, 7, new Date('2026-06-30T23:30:00Z'));
    expect(grid.find((day) => day.isToday)?.date).toBe('2026-07-01');
  });

  it('starts on the 1st when the month starts on a Monday', () => {
    expect(monthGrid(2026, 6, new Date('2026-01-01T00:00:00Z'))[0]?.date).toBe('2026-06-01');
  });

  it('refuses impossible months', () => {
    expect(() => monthGrid(2026, 13, new Date())).toThrow(RangeError);
    expect(() => monthGrid(2026, 0, new Date())).toThrow(RangeError);
  });

  it('keeps its promises for any month and any moment', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 2020, max: 2035 }),
        fc.integer({ min: 1, max: 12 }),
        fc.date({ min: new Date('2019-06-01T00:00:00Z'), max: new Date('2036-06-01T00:00:00Z'), noInvalidDate: true }),
        (year, month, now) => {
          const grid = monthGrid(year, month, now);
          expect(grid).toHaveLength(42);
          expect(isoWeekday(grid[0]?.date ?? '')).toBe(1);
          expect(grid.filter((day) => day.isToday).length).toBeLessThanOrEqual(1);
          const prefix = `${year}-${String(month).padStart(2, '0')}-`;
          for (const day of grid) {
            expect(day.isCurrentMonth).toBe(day.date.startsWith(prefix));
            if (!day.isAvailable) continue;
            expect(day.isCurrentMonth).toBe(true);
            expect(isoWeekday(day.date)).toBeLessThanOrEqual(5);
            expect(isBankHoliday(day.date)).toBe(false);
            const latestStart = Math.max(...timeSlots.map((slot) => slotStartsAt(day.date, slot).getTime()));
            expect(latestStart - now.getTime()).toBeGreaterThanOrEqual(24 * HOUR);
          }
        },
      ),
      { numRuns: 200 },
    );
  });
});

describe('addMonths and londonMonthOf', () => {
  it('step across years', () => {
    expect(addMonths({ year: 2026, month: 12 }, 1)).toEqual({ year: 2027, month: 1 });
    expect(addMonths({ year: 2026, month: 1 }, -1)).toEqual({ year: 2025, month: 12 });
    expect(addMonths({ year: 2026, month: 5 }, 25)).toEqual({ year: 2028, month: 6 });
    expect(addMonths({ year: 2026, month: 5 }, 0)).toEqual({ year: 2026, month: 5 });
  });

  it('opens the calendar on the London month', () => {
    expect(londonMonthOf(new Date('2026-07-31T23:30:00Z'))).toEqual({ year: 2026, month: 8 });
    expect(londonMonthOf(new Date('2026-12-31T23:30:00Z'))).toEqual({ year: 2026, month: 12 });
  });
});
