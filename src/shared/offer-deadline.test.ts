import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isWorkingDay, slotStartsAt, timeSlots } from './calendar';
import { addDays } from './calendar-date';
import { londonDateOf, londonDateTimeToInstant, londonTimeOf } from './london-time';
import {
  DEFAULT_WEEKLY_PATTERN,
  OFFER_ANSWER_HOURS,
  addAnsweringHours,
  answeringWindows,
  answerByLabel,
  offerDeadline,
  weekdays,
  type WeeklyPattern,
} from './offer-deadline';

const at = (date: string, time: string) => londonDateTimeToInstant(date, time);
const HOUR = 60 * 60 * 1000;

/** The answering time between two instants, counted window by window. */
function answeringMsBetween(from: Date, to: Date, pattern: WeeklyPattern): number {
  let total = 0;
  for (let date = londonDateOf(from); date <= londonDateOf(to); date = addDays(date, 1)) {
    for (const window of answeringWindows(date, pattern)) {
      const start = Math.max(window.start.getTime(), from.getTime());
      const end = Math.min(window.end.getTime(), to.getTime());
      if (end > start) total += end - start;
    }
  }
  return total;
}

describe('addAnsweringHours', () => {
  it('counts 4 hours straight inside one working day', () => {
    // Tuesday 10 November 2026, 9:15 → 13:15.
    expect(addAnsweringHours(at('2026-11-10', '09:15'), 4, DEFAULT_WEEKLY_PATTERN)).toEqual(at('2026-11-10', '13:15'));
  });

  it('carries an evening offer into the next working morning instead of the night', () => {
    // The case: sent Tuesday at 20:38, it runs from Wednesday 8:00 to 12:00.
    expect(addAnsweringHours(at('2026-11-10', '20:38'), 4, DEFAULT_WEEKLY_PATTERN)).toEqual(at('2026-11-11', '12:00'));
    // Sent at 16:30 on a Friday: 1 h 30 that day, the rest on Monday morning.
    expect(addAnsweringHours(at('2026-11-13', '16:30'), 4, DEFAULT_WEEKLY_PATTERN)).toEqual(at('2026-11-16', '10:30'));
  });

  it('skips bank holidays and the halves the technician does not work', () => {
    // Thursday 24 December 2026 at 17:00: one hour, then Christmas Day and Boxing Day (given on Monday 28) pass.
    expect(addAnsweringHours(at('2026-12-24', '17:00'), 4, DEFAULT_WEEKLY_PATTERN)).toEqual(at('2026-12-29', '11:00'));
    const afternoonsOnly: WeeklyPattern = { ...DEFAULT_WEEKLY_PATTERN, wednesday: { morning: false, afternoon: true } };
    // Tuesday 17:00 → one hour Tuesday, then Wednesday from 13:00.
    expect(addAnsweringHours(at('2026-11-10', '17:00'), 4, afternoonsOnly)).toEqual(at('2026-11-11', '16:00'));
  });

  it('answers a pattern with no working half as the default one', () => {
    const never = Object.fromEntries(weekdays.map((day) => [day, { morning: false, afternoon: false }])) as unknown as WeeklyPattern;
    expect(addAnsweringHours(at('2026-11-14', '10:00'), 4, never)).toEqual(at('2026-11-16', '12:00'));
  });

  it('counts wall-clock hours across the clock changes', () => {
    // Sunday 25 October 2026 the clocks go back; a Saturday-and-Sunday worker's 10 hours on Sunday are 8:00–18:00 London time.
    const weekends: WeeklyPattern = { ...DEFAULT_WEEKLY_PATTERN, sunday: { morning: true, afternoon: true } };
    expect(addAnsweringHours(at('2026-10-25', '07:00'), 10, weekends)).toEqual(at('2026-10-25', '18:00'));
  });
});

describe('offerDeadline', () => {
  it('never runs past 24 hours before the slot', () => {
    // Sent Monday 9 November 2026 at 16:00 for Wednesday afternoon: counted, it ends Tuesday 10:00, before Tuesday 13:00.
    expect(offerDeadline({ sentAt: at('2026-11-09', '16:00'), slotStart: slotStartsAt('2026-11-11', 'afternoon'), pattern: DEFAULT_WEEKLY_PATTERN })).toEqual(
      at('2026-11-10', '10:00'),
    );
    // Sent Monday at 20:38 for Wednesday morning: counted it ends Tuesday 12:00, but 24 hours before the slot is Tuesday 8:00.
    expect(offerDeadline({ sentAt: at('2026-11-09', '20:38'), slotStart: slotStartsAt('2026-11-11', 'morning'), pattern: DEFAULT_WEEKLY_PATTERN })).toEqual(
      at('2026-11-10', '08:00'),
    );
  });

  it('gives an offer sent inside the last 24 hours until the slot begins at the latest', () => {
    expect(offerDeadline({ sentAt: at('2026-11-10', '11:00'), slotStart: slotStartsAt('2026-11-10', 'afternoon'), pattern: DEFAULT_WEEKLY_PATTERN })).toEqual(
      at('2026-11-10', '13:00'),
    );
  });

  const patterns = fc
    .array(fc.record({ morning: fc.boolean(), afternoon: fc.boolean() }), { minLength: 7, maxLength: 7 })
    .filter((days) => days.some((day) => day.morning || day.afternoon))
    .map((days) => Object.fromEntries(weekdays.map((day, index) => [day, days[index]!])) as unknown as WeeklyPattern);
  // Any minute from 1 June 2026 to 31 May 2027 (both clock changes, Christmas and Easter inside).
  const sentAts = fc.integer({ min: Date.UTC(2026, 5, 1), max: Date.UTC(2027, 4, 31) }).map((ms) => new Date(Math.floor(ms / 60_000) * 60_000));

  it('ends in the daytime, after it was sent, within its answering hours and never past the day before the slot', () => {
    fc.assert(
      fc.property(sentAts, fc.integer({ min: 0, max: 20 }), fc.constantFrom(...timeSlots), patterns, (sentAt, daysAhead, slot, pattern) => {
        // Slots are only ever on working days (D15), so 24 hours before one never crosses a clock change.
        const slotDate = addDays(londonDateOf(sentAt), daysAhead);
        fc.pre(isWorkingDay(slotDate));
        const slotStart = slotStartsAt(slotDate, slot);
        fc.pre(slotStart > sentAt);
        const deadline = offerDeadline({ sentAt, slotStart, pattern });
        expect(deadline.getTime()).toBeGreaterThan(sentAt.getTime() - 1);
        const time = londonTimeOf(deadline);
        expect(time >= '08:00' && time <= '18:00').toBe(true);
        const dayBefore = slotStart.getTime() - 24 * HOUR;
        expect(deadline.getTime()).toBeLessThanOrEqual(dayBefore > sentAt.getTime() ? dayBefore : slotStart.getTime());
        const counted = answeringMsBetween(sentAt, deadline, pattern);
        expect(counted).toBeLessThanOrEqual(OFFER_ANSWER_HOURS * HOUR);
        if (deadline.getTime() < Math.min(dayBefore > sentAt.getTime() ? dayBefore : Infinity, slotStart.getTime())) {
          expect(counted).toBe(OFFER_ANSWER_HOURS * HOUR);
        }
      }),
      { numRuns: 2000 },
    );
  });
});

describe('answerByLabel', () => {
  it('says the deadline in London time, without the year', () => {
    expect(answerByLabel(at('2026-12-03', '12:00'))).toBe('Answer by 12:00 on Thursday 3 December');
    // British Summer Time: 08:30 in London is 07:30 UTC.
    expect(answerByLabel(new Date('2027-06-01T07:30:00Z'))).toBe('Answer by 08:30 on Tuesday 1 June');
  });
});
