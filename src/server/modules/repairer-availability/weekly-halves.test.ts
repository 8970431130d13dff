import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEFAULT_WEEKLY_PATTERN, weekdays, type WeeklyPattern } from '../../../shared/offer-deadline';
import { ALL_HALVES, decodeWeeklyPattern, encodeWeeklyPattern, slotBit, worksSlot } from './weekly-halves';

const patterns = fc.record(Object.fromEntries(weekdays.map((day) => [day, fc.record({ morning: fc.boolean(), afternoon: fc.boolean() })]))) as fc.Arbitrary<WeeklyPattern>;

describe('weekly halves', () => {
  it('keeps Monday to Friday, both halves, as the column default 1023', () => {
    expect(encodeWeeklyPattern(DEFAULT_WEEKLY_PATTERN)).toBe(1023);
    expect(decodeWeeklyPattern(1023)).toEqual(DEFAULT_WEEKLY_PATTERN);
  });

  it('round-trips every pattern within the column check', () => {
    fc.assert(
      fc.property(patterns, (pattern) => {
        const bits = encodeWeeklyPattern(pattern);
        expect(bits).toBeGreaterThanOrEqual(0);
        expect(bits).toBeLessThanOrEqual(ALL_HALVES);
        expect(decodeWeeklyPattern(bits)).toEqual(pattern);
      }),
    );
  });

  it('finds the slot of a date in the pattern', () => {
    // 2027-03-09 is a Tuesday.
    const tuesdayOff = { ...DEFAULT_WEEKLY_PATTERN, tuesday: { morning: false, afternoon: true } };
    const bits = encodeWeeklyPattern(tuesdayOff);
    expect(worksSlot(bits, '2027-03-09', 'morning')).toBe(false);
    expect(worksSlot(bits, '2027-03-09', 'afternoon')).toBe(true);
    expect(worksSlot(bits, '2027-03-10', 'morning')).toBe(true);
    expect(slotBit('2027-03-08', 'morning')).toBe(1);
    expect(slotBit('2027-03-14', 'afternoon')).toBe(8192);
  });
});
