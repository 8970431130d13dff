import { addDays, daysInMonth, isCalendarDate, isoWeekday, parseCalendarDate, toCalendarDate } from './calendar-date';

// D15: no slot is ever offered on a bank holiday in England and Wales. The regular pattern
// (in place since 1978) is computed for any year; one-off changes are listed by proclamation.
const oneOffChanges: Record<number, { moved?: readonly string[]; added: readonly string[] }> = {
  // VE Day 50th anniversary: early May holiday moved to 8 May.
  1995: { moved: ['1995-05-01'], added: ['1995-05-08'] },
  1999: { added: ['1999-12-31'] },
  // Golden Jubilee: spring holiday moved to 4 June, plus 3 June.
  2002: { moved: ['2002-05-27'], added: ['2002-06-03', '2002-06-04'] },
  2011: { added: ['2011-04-29'] },
  // Diamond Jubilee: spring holiday moved to 4 June, plus 5 June.
  2012: { moved: ['2012-05-28'], added: ['2012-06-04', '2012-06-05'] },
  // VE Day 75th anniversary.
  2020: { moved: ['2020-05-04'], added: ['2020-05-08'] },
  // Platinum Jubilee (spring holiday moved to 2 June, plus 3 June) and the State Funeral.
  2022: { moved: ['2022-05-30'], added: ['2022-06-02', '2022-06-03', '2022-09-19'] },
  // Coronation.
  2023: { added: ['2023-05-08'] },
};

/** Easter Sunday in the Gregorian calendar (the anonymous Gregorian, or Meeus/Jones/Butcher, algorithm). */
export function easterSunday(year: number): string {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return toCalendarDate(year, month, day);
}

function firstMonday(year: number, month: number): string {
  const first = toCalendarDate(year, month, 1);
  return addDays(first, (8 - isoWeekday(first)) % 7);
}

function lastMonday(year: number, month: number): string {
  const last = toCalendarDate(year, month, daysInMonth(year, month));
  return addDays(last, -(isoWeekday(last) - 1));
}

/** A holiday that falls at a weekend is given on the next weekday not already a holiday. */
function withSubstitutes(days: readonly string[]): string[] {
  const taken = new Set<string>();
  for (const day of days) {
    let observed = day;
    while (isoWeekday(observed) >= 6 || taken.has(observed)) observed = addDays(observed, 1);
    taken.add(observed);
  }
  return [...taken];
}

const cache = new Map<number, readonly string[]>();

/** The bank holidays in England and Wales in `year`, as sorted 'YYYY-MM-DD' days. */
export function bankHolidaysIn(year: number): readonly string[] {
  if (!Number.isSafeInteger(year) || year < 1000 || year > 9999) throw new RangeError(`Expected a year, got ${year}`);
  const cached = cache.get(year);
  if (cached) return cached;

  const easter = easterSunday(year);
  const regular = [
    ...withSubstitutes([toCalendarDate(year, 1, 1)]),
    addDays(easter, -2),
    addDays(easter, 1),
    firstMonday(year, 5),
    lastMonday(year, 5),
    lastMonday(year, 8),
    // Christmas and Boxing Day substitute together: 25 on a Saturday gives Monday 27 and Tuesday 28.
    ...withSubstitutes([toCalendarDate(year, 12, 25), toCalendarDate(year, 12, 26)]),
  ];
  const change = oneOffChanges[year];
  const moved = new Set(change?.moved ?? []);
  const days = [...regular.filter((day) => !moved.has(day)), ...(change?.added ?? [])].sort();
  const result = Object.freeze([...new Set(days)]);
  cache.set(year, result);
  return result;
}

export function isBankHoliday(date: string): boolean {
  if (!isCalendarDate(date)) return false;
  return bankHolidaysIn(parseCalendarDate(date).year).includes(date);
}
