import { isQuoteExpired } from './lifecycles/quote';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  QUOTE_VALIDITY_DAYS,
  addBusinessDays,
  defaultValidUntil,
  estimatedCompletion,
} from './business-days';
import { isWorkingDay } from './calendar';
import { addDays, daysBetween } from './calendar-date';

describe('addBusinessDays', () => {
  it('skips weekends', () => {
    // Friday 6 March 2026.
    expect(addBusinessDays('2026-03-06', 0)).toBe('2026-03-06');
    expect(addBusinessDays('2026-03-06', 1)).toBe('2026-03-09');
    expect(addBusinessDays('2026-03-07', 1)).toBe('2026-03-09');
    expect(addBusinessDays('2026-03-02', 5)).toBe('2026-03-09');
  });

  it('skips bank holidays in England and Wales', () => {
    // Good Friday 3 April and Easter Monday 6 April 2026.
    expect(addBusinessDays('2026-04-02', 1)).toBe('2026-04-07');
    // Christmas 2026: Friday 25, Boxing Day Saturday 26 is given on Monday 28.
    expect(addBusinessDays('2026-12-24', 1)).toBe('2026-12-29');
    // The early May bank holiday, Monday 4 May 2026.
    expect(addBusinessDays('2026-05-01', 1)).toBe('2026-05-05');
  });

  it('crosses years and refuses nonsense', () => {
    // Thursday 31 December 2026, then New Year's Day Friday 1 January 2027.
    expect(addBusinessDays('2026-12-31', 1)).toBe('2027-01-04');
    expect(() => addBusinessDays('2026-02-30', 1)).toThrow(RangeError);
    expect(() => addBusinessDays('2026-03-02', -1)).toThrow(RangeError);
    expect(() => addBusinessDays('2026-03-02', 1.5)).toThrow(RangeError);
  });

  it('always lands on a working day with exactly that many working days after the start', () => {
    const start = fc.integer({ min: 0, max: 3650 }).map((offset) => addDays('2024-01-01', offset));
    fc.assert(
      fc.property(start, fc.integer({ min: 1, max: 40 }), (date, days) => {
        const end = addBusinessDays(date, days);
        expect(isWorkingDay(end)).toBe(true);
        const between = Array.from({ length: daysBetween(date, end) }, (_, index) => addDays(date, index + 1));
        expect(between.filter(isWorkingDay)).toHaveLength(days);
      }),
    );
  });
});

describe('estimatedCompletion', () => {
  it('is estimatedDays+3 to estimatedDays+4 business days away (SPEC section 9)', () => {
    // From Monday 2 March 2026 with 1 day of work: 4 and 5 business days.
    expect(estimatedCompletion('2026-03-02', 1)).toEqual({ earliestDate: '2026-03-06', latestDate: '2026-03-09' });
    // Over Easter 2026: from Wednesday 1 April with 2 days, 5 and 6 business days skip 3 and 6 April.
    expect(estimatedCompletion('2026-04-01', 2)).toEqual({ earliestDate: '2026-04-10', latestDate: '2026-04-13' });
    expect(() => estimatedCompletion('2026-03-02', 0)).toThrow(RangeError);
  });
});

describe('quote validity', () => {
  it('defaults to 30 days from the London day of approval', () => {
    expect(QUOTE_VALIDITY_DAYS).toBe(30);
    expect(defaultValidUntil(new Date('2026-03-02T10:00:00Z'))).toBe('2026-04-01');
    // 23:30 UTC on 30 June is 00:30 on 1 July in London (BST).
    expect(defaultValidUntil(new Date('2026-06-30T23:30:00Z'))).toBe('2026-07-31');
  });

  it('is valid through the end of the valid-until day in London', () => {
    expect(isQuoteExpired('2026-06-30', new Date('2026-06-30T22:59:59Z'))).toBe(false);
    expect(isQuoteExpired('2026-06-30', new Date('2026-06-30T23:00:00Z'))).toBe(true);
    // In winter London is on GMT, so the day ends at midnight UTC.
    expect(isQuoteExpired('2026-01-15', new Date('2026-01-15T23:59:59Z'))).toBe(false);
    expect(isQuoteExpired('2026-01-15', new Date('2026-01-16T00:00:00Z'))).toBe(true);
    expect(isQuoteExpired('2026-01-15', new Date('2025-12-01T12:00:00Z'))).toBe(false);
    expect(() => isQuoteExpired('15/01/2026', new Date())).toThrow(RangeError);
  });
});
