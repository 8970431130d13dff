// A weekly pattern as one small integer (repairers.weekly_halves): one bit per weekday half, so
// "works that slot" is one AND in the eligibility query, with no join. Bit 2 × (ISO weekday − 1)
// is the morning, the next bit the afternoon: Monday morning is 1, Friday afternoon 512, and
// Monday–Friday both is 1023 (the column's default).
import type { TimeSlot } from '../../../shared/calendar';
import { isoWeekday } from '../../../shared/calendar-date';
import { weekdays, type Weekday, type WeeklyPattern } from '../../../shared/offer-deadline';

export const ALL_HALVES = 0b11_1111_1111_1111;

function bitOf(weekday: Weekday, slot: TimeSlot): number {
  return 1 << (weekdays.indexOf(weekday) * 2 + (slot === 'afternoon' ? 1 : 0));
}

/** The bit a slot on this London date has in weekly_halves. */
export function slotBit(date: string, slot: TimeSlot): number {
  return 1 << ((isoWeekday(date) - 1) * 2 + (slot === 'afternoon' ? 1 : 0));
}

export function encodeWeeklyPattern(pattern: WeeklyPattern): number {
  let bits = 0;
  for (const day of weekdays) {
    if (pattern[day].morning) bits |= bitOf(day, 'morning');
    if (pattern[day].afternoon) bits |= bitOf(day, 'afternoon');
  }
  return bits;
}

export function decodeWeeklyPattern(bits: number): WeeklyPattern {
  return Object.fromEntries(
    weekdays.map((day) => [day, { morning: (bits & bitOf(day, 'morning')) !== 0, afternoon: (bits & bitOf(day, 'afternoon')) !== 0 }]),
  ) as unknown as WeeklyPattern;
}

/** Whether a technician with these halves works this slot. */
export function worksSlot(bits: number, date: string, slot: TimeSlot): boolean {
  return (bits & slotBit(date, slot)) !== 0;
}
