// Issue 35, item 4: an offer's time to answer counts only the technician's working hours, never
// ends in the night, and never runs past 24 hours before the slot. Today's 4 hours from sending
// made an offer sent at 20:38 expire at 00:38, before anyone was awake.
//
// Answering hours are 8:00–18:00, Europe/London, on the days the technician works: the morning
// half (8:00–13:00) when their weekly pattern has the morning, the afternoon half (13:00–18:00)
// when it has the afternoon, never on a bank holiday. A pattern with no working half at all
// answers as the default one (Monday to Friday), so an offer always has a deadline.
import { isBankHoliday } from './bank-holidays';
import { addDays, isoWeekday } from './calendar-date';
import { MIN_LEAD_HOURS } from './calendar';
import { formatLondonDate, londonDateOf, londonDateTimeToInstant, londonTimeOf } from './london-time';

export const weekdays = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;
export type Weekday = (typeof weekdays)[number];

export interface WorkingDay {
  morning: boolean;
  afternoon: boolean;
}

export type WeeklyPattern = Readonly<Record<Weekday, WorkingDay>>;

const WORKDAY: WorkingDay = { morning: true, afternoon: true };
const DAY_OFF: WorkingDay = { morning: false, afternoon: false };

/** A new technician's pattern: Monday to Friday, mornings and afternoons. */
export const DEFAULT_WEEKLY_PATTERN: WeeklyPattern = {
  monday: WORKDAY,
  tuesday: WORKDAY,
  wednesday: WORKDAY,
  thursday: WORKDAY,
  friday: WORKDAY,
  saturday: DAY_OFF,
  sunday: DAY_OFF,
};

/** The hours an offer gives its technician to answer, counted in their answering hours. */
export const OFFER_ANSWER_HOURS = 4;

const HALVES = [
  { half: 'morning', start: '08:00', end: '13:00' },
  { half: 'afternoon', start: '13:00', end: '18:00' },
] as const;

const HOUR_MS = 60 * 60 * 1000;
/** Far enough to meet any pattern's next working half, and a bound on the walk. */
const LOOKAHEAD_DAYS = 21;

/** The weekday of a YYYY-MM-DD date, as the pattern names it. */
export function weekdayOf(date: string): Weekday {
  return weekdays[isoWeekday(date) - 1]!;
}

function worksAtAll(pattern: WeeklyPattern): boolean {
  return weekdays.some((day) => pattern[day].morning || pattern[day].afternoon);
}

/** The technician's answering windows on one London date, as instants, in order. */
export function answeringWindows(date: string, pattern: WeeklyPattern): { start: Date; end: Date }[] {
  if (isBankHoliday(date)) return [];
  const day = pattern[weekdayOf(date)];
  const windows: { start: Date; end: Date }[] = [];
  for (const { half, start, end } of HALVES) {
    if (!day[half]) continue;
    const from = londonDateTimeToInstant(date, start);
    const to = londonDateTimeToInstant(date, end);
    const last = windows.at(-1);
    if (last && last.end.getTime() === from.getTime()) last.end = to;
    else windows.push({ start: from, end: to });
  }
  return windows;
}

/** `hours` of the technician's answering time counted from `from`: the instant they run out. */
export function addAnsweringHours(from: Date, hours: number, pattern: WeeklyPattern): Date {
  const usable = worksAtAll(pattern) ? pattern : DEFAULT_WEEKLY_PATTERN;
  let left = hours * HOUR_MS;
  let date = londonDateOf(from);
  for (let day = 0; day < LOOKAHEAD_DAYS; day++, date = addDays(date, 1)) {
    for (const window of answeringWindows(date, usable)) {
      const start = Math.max(window.start.getTime(), from.getTime());
      const span = window.end.getTime() - start;
      if (span <= 0) continue;
      if (span >= left) return new Date(start + left);
      left -= span;
    }
  }
  // Unreachable for any pattern with a working half (every fortnight holds one outside the
  // Christmas bank holidays); kept so a mistake cannot loop.
  throw new Error('No answering hours found in three weeks');
}

/**
 * When an offer sent at `sentAt` for a slot starting at `slotStart` stops waiting for its answer:
 * OFFER_ANSWER_HOURS of the technician's answering hours, but never later than 24 hours before the
 * slot, so the team (and then the customer) still have a day to act. An offer sent inside those
 * 24 hours (the team took a job back late) runs at most to the slot's start.
 */
export function offerDeadline({ sentAt, slotStart, pattern }: { sentAt: Date; slotStart: Date; pattern: WeeklyPattern }): Date {
  const counted = addAnsweringHours(sentAt, OFFER_ANSWER_HOURS, pattern);
  const dayBefore = slotStart.getTime() - MIN_LEAD_HOURS * HOUR_MS;
  const latest = dayBefore > sentAt.getTime() ? dayBefore : slotStart.getTime();
  return new Date(Math.min(counted.getTime(), latest));
}

/**
 * An offer's deadline as the technician reads it, in London time: 'Answer by 12:00 on Thursday
 * 3 December'. The year is left out: a deadline is at most three weeks away.
 */
export function answerByLabel(deadline: Date): string {
  return `Answer by ${londonTimeOf(deadline)} on ${formatLondonDate(deadline).replace(/ \d{4}$/, '')}`;
}
