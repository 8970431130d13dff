import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addDays,
  daysBetween,
  daysInMonth,
  isCalendarDate,
  isWeekend,
  isoWeekday,
  parseCalendarDate,
  toCalendarDate,
} from './calendar-date';

describe('calendar dates', () => {
  it('recognises real days only', () => {
    expect(isCalendarDate('2026-11-23')).toBe(true);
    expect(isCalendarDate('2028-02-29')).toBe(true);
    for (const value of ['2026-02-29', '2026-13-01', '2026-00-10', '2026-1-5', '23/11/2026', '2026-11-23T00:00:00Z', 20261123, null]) {
      expect(isCalendarDate(value)).toBe(false);
    }
    expect(() => parseCalendarDate('2026-02-30')).toThrow(RangeError);
    expect(parseCalendarDate('2026-03-09')).toEqual({ year: 2026, month: 3, day: 9 });
  });

  it('rolls over months and years, and counts days', () => {
    expect(toCalendarDate(2026, 12, 32)).toBe('2027-01-01');
    expect(toCalendarDate(2026, 3, 0)).toBe('2026-02-28');
    expect(addDays('2026-03-28', 2)).toBe('2026-03-30');
    expect(addDays('2026-01-01', -1)).toBe('2025-12-31');
    expect(daysBetween('2026-03-01', '2026-04-01')).toBe(31);
    expect(daysInMonth(2024, 2)).toBe(29);
    expect(daysInMonth(2100, 2)).toBe(28);
  });

  it('knows the day of the week', () => {
    expect(isoWeekday('2026-11-23')).toBe(1);
    expect(isoWeekday('2026-11-29')).toBe(7);
    expect(isWeekend('2026-11-28')).toBe(true);
    expect(isWeekend('2026-11-27')).toBe(false);
  });

  it('keeps addDays and daysBetween consistent', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1990, max: 2100 }), fc.integer({ min: 1, max: 12 }), fc.integer({ min: 1, max: 28 }), fc.integer({ min: -2000, max: 2000 }), (year, month, day, offset) => {
        const start = toCalendarDate(year, month, day);
        const end = addDays(start, offset);
        expect(isCalendarDate(end)).toBe(true);
        expect(daysBetween(start, end)).toBe(offset);
        expect(isoWeekday(end)).toBe(((((isoWeekday(start) - 1 + offset) % 7) + 7) % 7) + 1);
      }),
    );
  });
});
