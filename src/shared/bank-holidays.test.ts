import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bankHolidaysIn, easterSunday, isBankHoliday } from './bank-holidays';
import { isoWeekday } from './calendar-date';

describe('bank holidays in England and Wales', () => {
  // As published on gov.uk/bank-holidays.
  it.each([
    [2020, ['2020-01-01', '2020-04-10', '2020-04-13', '2020-05-08', '2020-05-25', '2020-08-31', '2020-12-25', '2020-12-28']],
    [2021, ['2021-01-01', '2021-04-02', '2021-04-05', '2021-05-03', '2021-05-31', '2021-08-30', '2021-12-27', '2021-12-28']],
    [2022, ['2022-01-03', '2022-04-15', '2022-04-18', '2022-05-02', '2022-06-02', '2022-06-03', '2022-08-29', '2022-09-19', '2022-12-26', '2022-12-27']],
    [2023, ['2023-01-02', '2023-04-07', '2023-04-10', '2023-05-01', '2023-05-08', '2023-05-29', '2023-08-28', '2023-12-25', '2023-12-26']],
    [2024, ['2024-01-01', '2024-03-29', '2024-04-01', '2024-05-06', '2024-05-27', '2024-08-26', '2024-12-25', '2024-12-26']],
    [2025, ['2025-01-01', '2025-04-18', '2025-04-21', '2025-05-05', '2025-05-26', '2025-08-25', '2025-12-25', '2025-12-26']],
    [2026, ['2026-01-01', '2026-04-03', '2026-04-06', '2026-05-04', '2026-05-25', '2026-08-31', '2026-12-25', '2026-12-28']],
    [2027, ['2027-01-01', '2027-03-26', '2027-03-29', '2027-05-03', '2027-05-31', '2027-08-30', '2027-12-27', '2027-12-28']],
  ])('lists %i', (year, expected) => {
    expect(bankHolidaysIn(year)).toEqual(expected);
  });

  it('answers for single days', () => {
    expect(isBankHoliday('2026-12-28')).toBe(true);
    expect(isBankHoliday('2026-12-26')).toBe(false);
    expect(isBankHoliday('2020-05-04')).toBe(false);
    expect(isBankHoliday('2022-05-30')).toBe(false);
    expect(isBankHoliday('2026-11-23')).toBe(false);
    expect(isBankHoliday('not a date')).toBe(false);
  });

  it('finds Easter', () => {
    expect(easterSunday(2026)).toBe('2026-04-05');
    expect(easterSunday(2027)).toBe('2027-03-28');
    expect(easterSunday(2038)).toBe('2038-04-25');
    expect(easterSunday(2285)).toBe('2285-03-22');
  });

  it('gives at least eight holidays a year, all on weekdays of that year', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1978, max: 2200 }), (year) => {
        const days = bankHolidaysIn(year);
        expect(days.length).toBeGreaterThanOrEqual(8);
        for (const day of days) {
          expect(day.startsWith(String(year))).toBe(true);
          expect(isoWeekday(day)).toBeLessThanOrEqual(5);
        }
        expect(isoWeekday(easterSunday(year))).toBe(7);
      }),
    );
  });
});
