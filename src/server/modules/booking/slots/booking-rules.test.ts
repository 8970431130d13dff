import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isBankHoliday, slotStartsAt, timeSlots, type TimeSlot } from '../../../../shared/calendar';
import { addDays, isWeekend } from '../../../../shared/calendar-date';
import { londonDateOf } from '../../../../shared/london-time';
import { BOOKING_HORIZON_DAYS, bookingDateMessages, isOutsideChangeWindow, parseAppointmentDate, slotRefusal } from './booking-rules';

describe('parseAppointmentDate', () => {
  it('takes a plain day as it is and an ISO datetime as its London day', () => {
    expect(parseAppointmentDate('2027-03-10')).toEqual({ date: '2027-03-10' });
    expect(parseAppointmentDate('2027-03-10T00:30:00Z')).toEqual({ date: '2027-03-10' }); // GMT
    expect(parseAppointmentDate('2027-06-09T23:30:00.000Z')).toEqual({ date: '2027-06-10' }); // BST
    expect(parseAppointmentDate('2027-06-10T00:30:00+01:00')).toEqual({ date: '2027-06-10' });
  });

  it('refuses what is not a date, and a day that does not exist', () => {
    for (const value of ['', 'tomorrow', '10/03/2027', '2027-3-10', '2027-03-10T10:00', '2027-03-10 10:00Z']) {
      expect(parseAppointmentDate(value)).toEqual({ error: bookingDateMessages.malformed });
    }
    expect(parseAppointmentDate('2027-02-29')).toEqual({ error: bookingDateMessages.noSuchDay });
    expect(parseAppointmentDate('2027-02-29T10:00:00Z')).toEqual({ error: bookingDateMessages.noSuchDay });
  });
});

describe('slotRefusal (D15)', () => {
  const monday = new Date('2027-03-08T10:00:00Z');
  it('gives each broken rule its own sentence, past first', () => {
    expect(slotRefusal('2027-03-06', 'morning', monday)).toBe(bookingDateMessages.past); // a past Saturday
    expect(slotRefusal('2027-03-08', 'afternoon', monday)).toBe(bookingDateMessages.tooSoon);
    expect(slotRefusal('2027-03-08', 'morning', monday)).toBe(bookingDateMessages.past);
    expect(slotRefusal('2027-03-13', 'morning', monday)).toBe(bookingDateMessages.weekend);
    expect(slotRefusal('2027-03-29', 'morning', monday)).toBe(bookingDateMessages.bankHoliday);
    expect(slotRefusal('2027-03-09', 'morning', monday)).toBe(bookingDateMessages.tooSoon);
    expect(slotRefusal('2027-03-09', 'afternoon', monday)).toBeNull();
    expect(slotRefusal('2028-03-07', 'afternoon', monday)).toBeNull(); // 365 days on (2028 is a leap year)
    expect(slotRefusal('2028-03-08', 'afternoon', monday)).toBe(bookingDateMessages.tooFar);
  });

  it('allows a change only more than 24 hours before the slot starts', () => {
    expect(isOutsideChangeWindow('2027-03-09', 'morning', new Date('2027-03-08T07:59:00Z'), 24)).toBe(true);
    expect(isOutsideChangeWindow('2027-03-09', 'morning', new Date('2027-03-08T08:00:00Z'), 24)).toBe(false);
  });
});

describe('slotRefusal computes the slot start only for today and tomorrow', () => {
  // The same rules with the slot's start computed every time.
  function reference(date: string, slot: TimeSlot, now: Date): string | null {
    const today = londonDateOf(now);
    const startsIn = slotStartsAt(date, slot).getTime() - now.getTime();
    if (date < today || startsIn <= 0) return bookingDateMessages.past;
    if (isWeekend(date)) return bookingDateMessages.weekend;
    if (isBankHoliday(date)) return bookingDateMessages.bankHoliday;
    if (startsIn < 24 * 3_600_000) return bookingDateMessages.tooSoon;
    if (date > addDays(today, BOOKING_HORIZON_DAYS)) return bookingDateMessages.tooFar;
    return null;
  }

  it('agrees with the exact rule at any moment, across both clock changes', () => {
    const instants = fc.integer({ min: Date.parse('2026-01-01T00:00:00Z'), max: Date.parse('2028-12-31T00:00:00Z') }).map((ms) => new Date(ms));
    fc.assert(
      fc.property(instants, fc.integer({ min: -3, max: 6 }), fc.constantFrom(...timeSlots), (now, offset, slot) => {
        const date = addDays(londonDateOf(now), offset);
        expect(slotRefusal(date, slot, now)).toBe(reference(date, slot, now));
      }),
      { numRuns: 2000 },
    );
    // Around the changes themselves, minute by minute over the weekend.
    for (const start of ['2026-03-27T00:00:00Z', '2026-10-23T00:00:00Z']) {
      for (let minutes = 0; minutes < 4 * 24 * 60; minutes += 7) {
        const now = new Date(Date.parse(start) + minutes * 60_000);
        for (let offset = 0; offset <= 3; offset++) {
          const date = addDays(londonDateOf(now), offset);
          for (const slot of timeSlots) expect(slotRefusal(date, slot, now)).toBe(reference(date, slot, now));
        }
      }
    }
  });
});
