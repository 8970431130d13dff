import { addMonths, isCalendarDate, isoWeekday, parseCalendarDate, toCalendarDate } from './calendar-date';

// D5 and D15: every date a person sees or books is a Europe/London date, BST aware. No date
// library: Intl knows the clock changes, and the same code runs in the browser and on the server.
const LONDON = 'Europe/London';
const MINUTE_MS = 60 * 1000;

// Made when first needed, not on import: building it costs a phone's main thread tens of
// milliseconds (ICU's zone and pattern data; 214 ms of the quote page's longest task with the CPU
// slowed 4x, issue 36), and the summer time rule below answers every date the product shows.
let londonClock: Intl.DateTimeFormat | undefined;
const clockFormat = () =>
  (londonClock ??= new Intl.DateTimeFormat('en-GB', {
    timeZone: LONDON,
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
    hourCycle: 'h23',
  }));

export interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

const HOUR_MS = 60 * MINUTE_MS;
// London's clocks change on the hour (01:00 UTC) and its offset is a whole number of hours from
// 1972 on, so within one UTC hour the offset is one number: each hour's is kept once Intl has
// given it (issue 9: Intl's formatToParts cost 4% of a quote read, which asks whether the quote
// has expired, and 17% of the booking calendar's month, whose 62 slot starts each ask about
// three hours around them). At most 4,096 hours are kept, the oldest kept going first.
const CACHE_FROM_MS = Date.UTC(1972, 0, 1);
const OFFSET_HOURS_KEPT = 4096;
const offsetMsByHour = new Map<number, number>();

// The UK's summer time since 1996 (the Summer Time Order 2002 keeps the EU's rule): from 01:00 UTC
// on the last Sunday of March to 01:00 UTC on the last Sunday of October, an hour ahead. Within
// those years the offset is worked out, without Intl; other years ask Intl. The test holds it
// equal to Intl's answer around every clock change to 2040 and at random instants to 2060, so a
// new rule in the zone data (and a Node that carries it) fails that test until this follows it.
const RULE_FROM_YEAR = 1996;
const RULE_TO_YEAR = 2099;

function lastSundayUtc(year: number, monthIndex: number): number {
  const last = new Date(Date.UTC(year, monthIndex + 1, 0));
  return Date.UTC(year, monthIndex, last.getUTCDate() - last.getUTCDay());
}

function ruledOffsetMs(ms: number): number | null {
  const year = new Date(ms).getUTCFullYear();
  if (year < RULE_FROM_YEAR || year > RULE_TO_YEAR) return null;
  const starts = lastSundayUtc(year, 2) + HOUR_MS;
  const ends = lastSundayUtc(year, 9) + HOUR_MS;
  return ms >= starts && ms < ends ? HOUR_MS : 0;
}

function wallClockAt(instant: Date): WallClock {
  const ms = instant.getTime();
  if (Number.isNaN(ms)) throw new RangeError('Expected a valid instant, got an invalid Date');
  const ruled = ruledOffsetMs(ms);
  if (ruled !== null) return utcFieldsOf(new Date(ms + ruled));
  const hour = Math.floor(ms / HOUR_MS);
  const kept = offsetMsByHour.get(hour);
  if (kept !== undefined) return utcFieldsOf(new Date(ms + kept));
  const clock = formattedWallClockAt(instant);
  const offsetMs = Date.UTC(clock.year, clock.month - 1, clock.day, clock.hour, clock.minute, clock.second) - Math.floor(ms / 1000) * 1000;
  if (ms >= CACHE_FROM_MS && offsetMs % HOUR_MS === 0) {
    if (offsetMsByHour.size >= OFFSET_HOURS_KEPT) offsetMsByHour.delete(offsetMsByHour.keys().next().value!);
    offsetMsByHour.set(hour, offsetMs);
  }
  return clock;
}

function utcFieldsOf(date: Date): WallClock {
  return { year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate(), hour: date.getUTCHours(), minute: date.getUTCMinutes(), second: date.getUTCSeconds() };
}

/** The wall clock as Intl gives it (wallClockAt without the cache; its test compares the two). */
export function formattedWallClockAt(instant: Date): WallClock {
  if (Number.isNaN(instant.getTime())) throw new RangeError('Expected a valid instant, got an invalid Date');
  const clock: WallClock = { year: 0, month: 0, day: 0, hour: 0, minute: 0, second: 0 };
  for (const part of clockFormat().formatToParts(instant)) {
    if (part.type in clock) clock[part.type as keyof WallClock] = Number(part.value);
  }
  // Some engines still write midnight as 24 with hourCycle h23.
  if (clock.hour === 24) clock.hour = 0;
  return clock;
}

/** Minutes London is ahead of UTC at `ms`: 0 in winter (GMT), 60 in summer (BST). */
function londonOffsetMinutes(ms: number): number {
  const clock = wallClockAt(new Date(ms));
  const asUtc = Date.UTC(clock.year, clock.month - 1, clock.day, clock.hour, clock.minute, clock.second);
  return Math.round((asUtc - Math.floor(ms / 1000) * 1000) / MINUTE_MS);
}

/** wallClockAt, exported for its test. */
export const londonWallClockAt = wallClockAt;

/** The London calendar day of an instant: 2026-06-30T23:30Z is '2026-07-01' (BST). */
export function londonDateOf(instant: Date): string {
  const clock = wallClockAt(instant);
  return toCalendarDate(clock.year, clock.month, clock.day);
}

/** The London wall-clock time of an instant as 'HH:MM'. */
export function londonTimeOf(instant: Date): string {
  const clock = wallClockAt(instant);
  return `${String(clock.hour).padStart(2, '0')}:${String(clock.minute).padStart(2, '0')}`;
}

/**
 * The instant at which London's clocks show `time` ('HH:MM') on `date`. Around the clock
 * changes (last Sunday of March and of October) a time that never happens (01:30 in March) is
 * read with the winter offset, so lands at 02:30 BST, and a time that happens twice (01:30 in
 * October) is the first of the two.
 */
export function londonDateTimeToInstant(date: string, time: string): Date {
  const { year, month, day } = parseCalendarDate(date);
  const match = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(time);
  if (!match) throw new RangeError(`Expected a time as HH:MM, got ${JSON.stringify(time)}`);
  const wallAsUtc = Date.UTC(year, month - 1, day, Number(match[1]), Number(match[2]));

  const offsetBefore = londonOffsetMinutes(wallAsUtc - 36 * 60 * MINUTE_MS);
  const offsetAfter = londonOffsetMinutes(wallAsUtc + 36 * 60 * MINUTE_MS);
  const candidates = [...new Set([offsetBefore, offsetAfter])]
    .map((offset) => wallAsUtc - offset * MINUTE_MS)
    .filter((ms) => londonOffsetMinutes(ms) * MINUTE_MS === wallAsUtc - ms)
    .sort((a, b) => a - b);
  return new Date(candidates[0] ?? wallAsUtc - offsetBefore * MINUTE_MS);
}

/**
 * The instant `months` calendar months after `instant` (before it when negative), at the same
 * London wall-clock time, on the same day of the month or the month's last day when it has no
 * such day: 31 March 2027 less 13 months is 28 February 2026, never 3 March.
 */
export function addLondonMonths(instant: Date, months: number): Date {
  if (!Number.isSafeInteger(months)) throw new RangeError(`Expected a whole number of months, got ${months}`);
  const date = addMonths(londonDateOf(instant), months);
  const withinMinuteMs = ((instant.getTime() % MINUTE_MS) + MINUTE_MS) % MINUTE_MS;
  return new Date(londonDateTimeToInstant(date, londonTimeOf(instant)).getTime() + withinMinuteMs);
}

const weekdayNames = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];
const monthNames = [
  'January', 'February', 'March', 'April', 'May', 'June',
  'July', 'August', 'September', 'October', 'November', 'December',
];
// en-GB's own abbreviations (CLDR), so September is 'Sept'.
const shortMonthNames = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sept', 'Oct', 'Nov', 'Dec'];

function calendarDateOf(date: string | Date): string {
  if (date instanceof Date) return londonDateOf(date);
  if (!isCalendarDate(date)) throw new RangeError(`Expected a date as YYYY-MM-DD, got ${JSON.stringify(date)}`);
  return date;
}

// Names are spelt out here rather than taken from Intl because browsers and Node ship different
// ICU versions, which disagree on details such as a comma after the weekday.

/** 'Monday 23 November 2026'. A Date is first turned into its London day. */
export function formatLondonDate(date: string | Date): string {
  const day = calendarDateOf(date);
  const { year, month, day: dayOfMonth } = parseCalendarDate(day);
  return `${weekdayNames[isoWeekday(day) - 1]} ${dayOfMonth} ${monthNames[month - 1]} ${year}`;
}

/** 'November 2026': the London month of an instant (a review's month, issue 37). */
export function formatLondonMonth(instant: Date): string {
  const { year, month } = parseCalendarDate(londonDateOf(instant));
  return `${monthNames[month - 1]} ${year}`;
}

/** '23 Nov 2026'. A Date is first turned into its London day. */
export function formatShortDate(date: string | Date): string {
  const { year, month, day } = parseCalendarDate(calendarDateOf(date));
  return `${day} ${shortMonthNames[month - 1]} ${year}`;
}

/** London wall-clock time in the house style of site.ts and slot labels: '8:05', '14:30'. */
export function formatLondonTime(instant: Date): string {
  const clock = wallClockAt(instant);
  return `${clock.hour}:${String(clock.minute).padStart(2, '0')}`;
}

/** 'Monday 23 November 2026 at 14:30', in London time. */
export function formatLondonDateTime(instant: Date): string {
  return `${formatLondonDate(londonDateOf(instant))} at ${formatLondonTime(instant)}`;
}
