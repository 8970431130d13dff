import { isSlotBookable, slotLabels, timeSlots, type TimeSlot } from '../../../shared/calendar';
import { formatLondonDate } from '../../../shared/london-time';
import { cn } from '../../lib/cn';
import { useDayAvailability } from './api/get-availability';
import type { SlotPicker } from './slot-picker-state';

export type SlotState = 'free' | 'booked' | 'too-soon';

/** A slot the server reports unavailable is disabled and marked Booked (SPEC 5); one the rules rule out is too soon. */
export function slotState(date: string, slot: TimeSlot, available: Record<TimeSlot, boolean>, now: Date): SlotState {
  if (!isSlotBookable(date, slot, now)) return 'too-soon';
  return available[slot] ? 'free' : 'booked';
}

const mark: Record<SlotState, string> = { free: 'Available', booked: 'Booked', 'too-soon': 'Too soon to book' };

/** SPEC's time-slot panel for the chosen date: morning 8:00–12:00, afternoon 13:00–17:00 (D15). */
export function SlotPanel({ picker, now, idPrefix }: { picker: SlotPicker; now: Date; idPrefix: string }) {
  const { state, dispatch } = picker;
  const day = useDayAvailability(state.date, picker.appointmentId, picker.quoteId);
  const heading = `${idPrefix}-slots`;
  return (
    <section aria-labelledby={heading} className="rounded-lg border border-slate-200 bg-white p-4 sm:p-5">
      <h2 id={heading} className="text-xl font-bold text-navy-900">
        Choose a time slot
      </h2>
      <div aria-live="polite">
        {state.date === null ? (
          <p className="mt-2 text-slate-700">Choose a date first, then a morning or afternoon slot.</p>
        ) : day.isPending ? (
          <p role="status" className="mt-2 text-slate-700">
            Checking free slots on {formatLondonDate(state.date)}…
          </p>
        ) : day.isError ? (
          <p role="alert" className="mt-2 rounded-md border border-red-700 bg-red-50 p-3 text-red-900">
            We could not check that day.{' '}
            <button type="button" className="font-semibold underline" onClick={() => void day.refetch()}>
              Try again
            </button>
          </p>
        ) : (
          <>
            <p className="mt-2 text-slate-700">{formatLondonDate(state.date)}. The technician arrives within the window you choose.</p>
            <div className="mt-3 grid gap-3 sm:grid-cols-2">
              {timeSlots.map((slot) => {
                const slotOf = slotState(state.date!, slot, day.data.available, now);
                const selected = state.slot === slot;
                return (
                  <button
                    key={slot}
                    type="button"
                    aria-pressed={selected}
                    disabled={slotOf !== 'free'}
                    onClick={() => dispatch({ type: 'slot', slot })}
                    className={cn(
                      'flex min-h-16 flex-col items-start justify-center rounded-md border-2 px-4 py-2 text-left',
                      'focus-visible:outline-3 focus-visible:outline-offset-1 focus-visible:outline-navy-900',
                      slotOf === 'free' && !selected && 'border-teal-brand bg-white text-navy-900 hover:bg-teal-50',
                      selected && 'border-navy-900 bg-navy-900 text-white',
                      slotOf !== 'free' && 'cursor-not-allowed border-slate-300 bg-slate-100 text-slate-700',
                    )}
                  >
                    <span className="font-semibold">{slotLabels[slot]}</span>
                    <span className={cn('text-sm', selected ? 'text-white' : 'text-slate-700')}>{selected ? 'Selected' : mark[slotOf]}</span>
                  </button>
                );
              })}
            </div>
          </>
        )}
      </div>
    </section>
  );
}
