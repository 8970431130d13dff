import { useReducer } from 'react';
import { addMonths, londonMonthOf, MIN_LEAD_HOURS, type CalendarMonth, type TimeSlot } from '../../../shared/calendar';

// SPEC section 4: pick a date, then a time slot. Changing month clears date and slot; choosing a
// date clears the slot. Kept as a reducer so the rule is in one place for booking and rescheduling.

export type SlotPickerState = { month: CalendarMonth; date: string | null; slot: TimeSlot | null };

export type SlotPickerAction =
  | { type: 'month'; delta: number }
  | { type: 'date'; date: string }
  | { type: 'slot'; slot: TimeSlot }
  | { type: 'clear-slot' };

export function slotPickerReducer(state: SlotPickerState, action: SlotPickerAction): SlotPickerState {
  switch (action.type) {
    case 'month':
      return { month: addMonths(state.month, action.delta), date: null, slot: null };
    case 'date':
      return { ...state, date: action.date, slot: null };
    case 'slot':
      return state.date === null ? state : { ...state, slot: action.slot };
    case 'clear-slot':
      return { ...state, slot: null };
  }
}

/** Where the calendar opens: the month of the earliest moment a slot may start (D15's lead time). */
export function openingMonth(now: Date): CalendarMonth {
  return londonMonthOf(new Date(now.getTime() + MIN_LEAD_HOURS * 60 * 60 * 1000));
}

export const monthParam = ({ year, month }: CalendarMonth) => `${year}-${String(month).padStart(2, '0')}`;

/**
 * `appointmentId`: the booking being moved, whose technician's other jobs the calendar also leaves
 * out. `quoteId`: the quote being booked, so the calendar shows the slots a technician near its
 * customer can take (issue 35).
 */
export function useSlotPicker(now: Date, appointmentId?: number, quoteId?: number) {
  const [state, dispatch] = useReducer(slotPickerReducer, now, (at): SlotPickerState => ({ month: openingMonth(at), date: null, slot: null }));
  return { state, dispatch, appointmentId, quoteId };
}

export type SlotPicker = ReturnType<typeof useSlotPicker>;
