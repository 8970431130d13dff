import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { toCalendarDate } from './calendar-date';
import {
  addLondonMonths,
  formattedWallClockAt,
  formatLondonDate,
  formatLondonMonth,
  formatLondonDateTime,
  formatLondonTime,
  formatShortDate,
  londonDateOf,
  londonDateTimeToInstant,
  londonTimeOf,
  londonWallClockAt,
} from './london-time';

describe('londonDateOf and londonTimeOf', () => {
  it('read the London wall clock, BST included', () => {
    expect(londonDateOf(new Date('2026-06-30T23:30:00Z'))).toBe('2026-07-01');
    expect(londonTimeOf(new Date('2026-06-30T23:30:00Z'))).toBe('00:30');
    expect(londonDateOf(new Date('2026-12-31T23:30:00Z'))).toBe('2026-12-31');
    expect(londonTimeOf(new Date('2026-12-31T23:30:00Z'))).toBe('23:30');
    expect(londonTimeOf(new Date('2026-01-01T00:00:00Z'))).toBe('00:00');
  });

  it('refuses an invalid Date', () => {
    expect(() => londonDateOf(new Date('nonsense'))).toThrow(RangeError);
  });
});

describe('londonDateTimeToInstant', () => {
  it('uses GMT in winter and BST in summer', () => {
    expect(londonDateTimeToInstant('2026-01-15', '08:00').toISOString()).toBe('2026-01-15T08:00:00.000Z');
    expect(londonDateTimeToInstant('2026-07-15', '08:00').toISOString()).toBe('2026-07-15T07:00:00.000Z');
  });

  it('is right either side of the clock changes (last Sundays of March and October)', () => {
    expect(londonDateTimeToInstant('2026-03-28', '08:00').toISOString()).toBe('2026-03-28T08:00:00.000Z');
    expect(londonDateTimeToInstant('2026-03-29', '00:59').toISOString()).toBe('2026-03-29T00:59:00.000Z');
    expect(londonDateTimeToInstant('2026-03-29', '03:00').toISOString()).toBe('2026-03-29T02:00:00.000Z');
    expect(londonDateTimeToInstant('2026-03-30', '08:00').toISOString()).toBe('2026-03-30T07:00:00.000Z');
    expect(londonDateTimeToInstant('2026-10-24', '08:00').toISOString()).toBe('2026-10-24T07:00:00.000Z');
    expect(londonDateTimeToInstant('2026-10-25', '03:00').toISOString()).toBe('2026-10-25T03:00:00.000Z');
    expect(londonDateTimeToInstant('2026-10-26', '08:00').toISOString()).toBe('2026-10-26T08:00:00.000Z');
  });

  it('moves a time that never happens forward, and picks the first of a time that happens twice', () => {
    expect(londonDateTimeToInstant('2026-03-29', '01:30').toISOString()).toBe('2026-03-29T01:30:00.000Z');
    expect(londonDateTimeToInstant('2026-10-25', '01:30').toISOString()).toBe('2026-10-25T00:30:00.000Z');
  });

  it('refuses malformed input', () => {
    expect(() => londonDateTimeToInstant('2026-02-30', '08:00')).toThrow(RangeError);
    expect(() => londonDateTimeToInstant('2026-03-30', '8:00')).toThrow(RangeError);
    expect(() => londonDateTimeToInstant('2026-03-30', '24:00')).toThrow(RangeError);
  });

  it('round-trips every wall-clock time that exists', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1996, max: 2040 }),
        fc.integer({ min: 1, max: 12 }),
        fc.integer({ min: 1, max: 28 }),
        fc.integer({ min: 0, max: 23 }),
        fc.integer({ min: 0, max: 59 }),
        (year, month, day, hour, minute) => {
          const date = toCalendarDate(year, month, day);
          const time = `${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}`;
          const instant = londonDateTimeToInstant(date, time);
          // Only 01:xx on the March change-over day does not exist; it lands an hour later.
          const skipped = londonTimeOf(instant) !== time;
          if (skipped) {
            expect(month).toBe(3);
            expect(hour).toBe(1);
          } else {
            expect(londonDateOf(instant)).toBe(date);
          }
        },
      ),
      { numRuns: 500 },
    );
  });

  it('round-trips every instant on the minute', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 30_000_000 }), (minutes) => {
        const instant = new Date(Date.UTC(2000, 0, 1) + minutes * 60_000);
        const back = londonDateTimeToInstant(londonDateOf(instant), londonTimeOf(instant));
        // The second 01:xx of an October change-over is read as the first, an hour earlier.
        expect([0, 60 * 60_000]).toContain(instant.getTime() - back.getTime());
        if (instant.getTime() !== back.getTime()) expect(instant.getUTCMonth()).toBe(9);
      }),
      { numRuns: 500 },
    );
  });
});

describe('addLondonMonths', () => {
  it('clamps to the last day of a shorter month, at the same London time, across the clock changes', () => {
    // 31 March 2027 03:30 BST less 13 months: 28 February 2026 03:30 GMT.
    expect(addLondonMonths(new Date('2027-03-31T02:30:00Z'), -13).toISOString()).toBe('2026-02-28T03:30:00.000Z');
    // 29 February 2028 less 24 months: 28 February 2026.
    expect(addLondonMonths(new Date('2028-02-29T03:30:15.250Z'), -24).toISOString()).toBe('2026-02-28T03:30:15.250Z');
    // 23:30 London on 30 June (BST) is the London day 30 June: plus 12 months is 30 June at 23:30 BST, not 1 July.
    expect(addLondonMonths(new Date('2026-06-30T22:30:00Z'), 12).toISOString()).toBe('2027-06-30T22:30:00.000Z');
    // 31 January plus one month: 28 February, London time kept.
    expect(addLondonMonths(new Date('2026-01-31T12:00:00Z'), 1).toISOString()).toBe('2026-02-28T12:00:00.000Z');
  });
});

describe("formatLondonMonth (a review's month, issue 37)", () => {
  it('names the London month, which in summer starts an hour before UTC’s', () => {
    expect(formatLondonMonth(new Date('2026-11-30T23:30:00Z'))).toBe('November 2026');
    expect(formatLondonMonth(new Date('2026-05-31T23:30:00Z'))).toBe('June 2026');
    expect(formatLondonMonth(new Date('2026-12-31T23:59:59Z'))).toBe('December 2026');
  });
});

describe('formatting', () => {
  it('writes dates the en-GB way', () => {
    expect(formatLondonDate('2026-11-23')).toBe('Monday 23 November 2026');
    expect(formatLondonDate('2027-01-01')).toBe('Friday 1 January 2027');
    expect(formatShortDate('2026-11-23')).toBe('23 Nov 2026');
    expect(formatShortDate('2026-09-03')).toBe('3 Sept 2026');
  });

  it('turns instants into their London day first', () => {
    expect(formatLondonDate(new Date('2026-06-30T23:30:00Z'))).toBe('Wednesday 1 July 2026');
    expect(formatShortDate(new Date('2026-12-31T23:30:00Z'))).toBe('31 Dec 2026');
  });

  it('writes London times', () => {
    expect(formatLondonTime(new Date('2026-07-15T07:05:00Z'))).toBe('8:05');
    expect(formatLondonTime(new Date('2026-01-15T13:30:00Z'))).toBe('13:30');
    expect(formatLondonDateTime(new Date('2026-11-23T14:30:00Z'))).toBe('Monday 23 November 2026 at 14:30');
    expect(formatLondonDateTime(new Date('2026-06-30T23:30:00Z'))).toBe('Wednesday 1 July 2026 at 0:30');
  });

  it('refuses what is not a date', () => {
    expect(() => formatLondonDate('23/11/2026')).toThrow(RangeError);
  });
});

describe('the wall clock kept per UTC hour (issue 9)', () => {
  it('answers as Intl does around every clock change from 1972 to 2040, and at random instants', () => {
    const lastSundayUtc = (year: number, monthIndex: number) => {
      const last = new Date(Date.UTC(year, monthIndex + 1, 0));
      return Date.UTC(year, monthIndex, last.getUTCDate() - last.getUTCDay());
    };
    const instants: number[] = [];
    for (let year = 1972; year <= 2040; year++) {
      for (const day of [lastSundayUtc(year, 2), lastSundayUtc(year, 9), Date.UTC(year, 2, 18), Date.UTC(year, 9, 21)]) {
        // Every 7 min 13.5 s from 22:00 the evening before to 05:00, so each hour is asked several times.
        for (let ms = day - 2 * 3_600_000; ms < day + 5 * 3_600_000; ms += 433_500) instants.push(ms);
      }
    }
    let seed = 9;
    for (let i = 0; i < 3000; i++) {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      instants.push(Date.UTC(1960, 0, 1) + Math.floor((seed / 2_147_483_648) * 100 * 365.25 * 86_400_000));
    }
    for (const ms of instants) {
      for (const at of [ms, ms + 999, ms]) expect(londonWallClockAt(new Date(at)), new Date(at).toISOString()).toEqual(formattedWallClockAt(new Date(at)));
    }
    // Again backwards: the hours kept from the first pass answer now, and those pushed out are asked again.
    for (const ms of [...instants].reverse()) expect(londonWallClockAt(new Date(ms + 500)), new Date(ms + 500).toISOString()).toEqual(formattedWallClockAt(new Date(ms + 500)));
    expect(instants.length).toBeGreaterThan(10_000);
  });
});
