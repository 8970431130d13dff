import { describe, expect, it } from 'vitest';
import { openingMonth, slotPickerReducer, type SlotPickerState } from './slot-picker-state';

const picked: SlotPickerState = { month: { year: 2026, month: 3 }, date: '2026-03-04', slot: 'afternoon' };

describe('the booking selection rules (SPEC section 4)', () => {
  it('changing month clears both the date and the slot', () => {
    expect(slotPickerReducer(picked, { type: 'month', delta: 1 })).toEqual({ month: { year: 2026, month: 4 }, date: null, slot: null });
    expect(slotPickerReducer(picked, { type: 'month', delta: -3 })).toEqual({ month: { year: 2025, month: 12 }, date: null, slot: null });
  });

  it('choosing a date clears the slot', () => {
    expect(slotPickerReducer(picked, { type: 'date', date: '2026-03-05' })).toEqual({ ...picked, date: '2026-03-05', slot: null });
  });

  it('a slot without a date is ignored', () => {
    const none: SlotPickerState = { ...picked, date: null, slot: null };
    expect(slotPickerReducer(none, { type: 'slot', slot: 'morning' })).toBe(none);
  });

  it('opens on the month of the earliest bookable moment, 24 hours ahead, in London', () => {
    expect(openingMonth(new Date('2026-03-02T10:00:00Z'))).toEqual({ year: 2026, month: 3 });
    // 31 March 2026, 12:00 BST: 24 hours later is April.
    expect(openingMonth(new Date('2026-03-31T11:00:00Z'))).toEqual({ year: 2026, month: 4 });
  });
});
