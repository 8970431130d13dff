// D15 and STYLE habit 11: a calendar day is a 'YYYY-MM-DD' string meaning that day in
// Europe/London. Arithmetic on days is done on UTC midnights, where no clock ever changes.

export interface CalendarDateParts {
  year: number;
  /** 1–12 */
  month: number;
  day: number;
}

const DAY_MS = 24 * 60 * 60 * 1000;
const pattern = /^(\d{4})-(\d{2})-(\d{2})$/;

function utcMidnight(year: number, month: number, day: number): Date {
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  return date;
}

function fromUtcMidnight(date: Date): string {
  const year = String(date.getUTCFullYear()).padStart(4, '0');
  const month = String(date.getUTCMonth() + 1).padStart(2, '0');
  const day = String(date.getUTCDate()).padStart(2, '0');
  return `${year}-${month}-${day}`;
}

/** True for a real day written as 'YYYY-MM-DD' ('2026-02-29' is false). */
export function isCalendarDate(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  const match = pattern.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  return year >= 1000 && month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(year, month);
}

export function parseCalendarDate(date: string): CalendarDateParts {
  if (!isCalendarDate(date)) throw new RangeError(`Expected a date as YYYY-MM-DD, got ${JSON.stringify(date)}`);
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return { year, month, day };
}

/** Builds a calendar day; days beyond the month roll over (day 0 is the last day of the month before). */
export function toCalendarDate(year: number, month: number, day: number): string {
  for (const part of [year, month, day]) {
    if (!Number.isSafeInteger(part)) throw new RangeError(`Expected whole numbers for a date, got ${year}-${month}-${day}`);
  }
  return fromUtcMidnight(utcMidnight(year, month, day));
}

export function daysInMonth(year: number, month: number): number {
  return utcMidnight(year, month + 1, 0).getUTCDate();
}

export function addDays(date: string, days: number): string {
  const { year, month, day } = parseCalendarDate(date);
  return toCalendarDate(year, month, day + days);
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  const a = parseCalendarDate(from);
  const b = parseCalendarDate(to);
  return Math.round((utcMidnight(b.year, b.month, b.day).getTime() - utcMidnight(a.year, a.month, a.day).getTime()) / DAY_MS);
}

/** ISO weekday: 1 is Monday, 7 is Sunday (UK weeks start on Monday). */
export function isoWeekday(date: string): number {
  const { year, month, day } = parseCalendarDate(date);
  return utcMidnight(year, month, day).getUTCDay() || 7;
}

export function isWeekend(date: string): boolean {
  return isoWeekday(date) >= 6;
}

/** The same day `months` months later (YYYY-MM-DD), clamped to the month's last day (31 Jan + 1 month = 28/29 Feb). */
export function addMonths(date: string, months: number): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const target = new Date(Date.UTC(year, month - 1 + months, 1));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(day, lastDay));
  return target.toISOString().slice(0, 10);
}
