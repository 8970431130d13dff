import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { addDays, parseCalendarDate } from '../../../shared/calendar-date';
import { addMonths, londonMonthOf, monthGrid, type CalendarDay } from '../../../shared/calendar';
import { formatLondonDate } from '../../../shared/london-time';
import { Button } from '../../components/ui/button';
import { cn } from '../../lib/cn';
import { useMonthAvailability } from './api/get-availability';
import { monthParam, type SlotPicker } from './slot-picker-state';

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const WEEKDAYS = [
  ['Mon', 'Monday'],
  ['Tue', 'Tuesday'],
  ['Wed', 'Wednesday'],
  ['Thu', 'Thursday'],
  ['Fri', 'Friday'],
  ['Sat', 'Saturday'],
  ['Sun', 'Sunday'],
] as const;

export type DayState = 'available' | 'full' | 'unavailable' | 'outside' | 'loading';

const stateText: Record<Exclude<DayState, 'outside'>, string> = {
  available: 'available',
  full: 'no free slots',
  unavailable: 'not available',
  loading: 'checking availability',
};

/** A day's state in words; a neighbouring month's day is chosen in its own month's calendar, so it names that month. */
const dayStateText = (state: DayState, date: string) => (state === 'outside' ? `in ${monthTitle(parseCalendarDate(date))}, not this calendar month` : stateText[state]);

/**
 * A day is bookable when the rules allow it (weekday, not a bank holiday, 24 hours ahead: D15,
 * monthGrid) and the server still has a slot free that day. Neighbouring months never are (SPEC 5).
 */
export function dayState(day: CalendarDay, free: Map<string, boolean> | undefined): DayState {
  if (!day.isCurrentMonth) return 'outside';
  if (!day.isAvailable) return 'unavailable';
  if (!free) return 'loading';
  return free.get(day.date) ? 'available' : 'full';
}

export const monthTitle = (month: { year: number; month: number }) => `${MONTHS[month.month - 1]} ${month.year}`;

/** SPEC's 42-cell month calendar: one availability request per month shown, arrow keys move between days. */
export function MonthCalendar({ picker, now, idPrefix }: { picker: SlotPicker; now: Date; idPrefix: string }) {
  const { state, dispatch } = picker;
  const month = monthParam(state.month);
  const availability = useMonthAvailability(month, picker.appointmentId, picker.quoteId);
  const cells = useMemo(() => monthGrid(state.month.year, state.month.month, now), [state.month, now]);
  const free = useMemo(() => {
    if (!availability.data) return undefined;
    return new Map(availability.data.days.map((day) => [day.date, day.available.morning || day.available.afternoon]));
  }, [availability.data]);
  const states = cells.map((cell) => dayState(cell, free));
  const firstOfMonth = cells.findIndex((cell) => cell.isCurrentMonth);
  const selectedIndex = cells.findIndex((cell) => cell.date === state.date);
  const firstAvailable = states.indexOf('available');
  const [focused, setFocused] = useState<string | null>(null);
  const focusIndex = Math.max(
    0,
    [cells.findIndex((cell) => cell.date === focused), selectedIndex, firstAvailable, firstOfMonth].find((index) => index >= 0) ?? 0,
  );
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  const nextMonthButton = useRef<HTMLButtonElement>(null);
  const current = londonMonthOf(now);
  const atFirstMonth = state.month.year * 12 + state.month.month <= current.year * 12 + current.month;
  const heading = `${idPrefix}-month`;

  // A day the keys moved to in another month: focused once that month's grid is shown.
  const [pendingFocus, setPendingFocus] = useState<string | null>(null);
  useEffect(() => {
    if (pendingFocus === null) return;
    const index = cells.findIndex((cell) => cell.date === pendingFocus);
    if (index < 0) return;
    setPendingFocus(null);
    buttons.current[index]?.focus();
  }, [cells, pendingFocus]);

  const moveFocus = (index: number) => {
    const next = Math.min(cells.length - 1, Math.max(0, index));
    // Past the grid's edge (a week down from its last row, up from its first): the same weekday
    // in the next or previous month, as a date picker does; not before the current month.
    const delta = index > next ? 1 : index < next ? -1 : 0;
    if (delta !== 0 && !(delta < 0 && atFirstMonth)) {
      const date = addDays(cells[next]!.date, index - next);
      setFocused(date);
      setPendingFocus(date);
      dispatch({ type: 'month', delta });
      return;
    }
    setFocused(cells[next]!.date);
    buttons.current[next]?.focus();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const moves: Record<string, number> = {
      ArrowLeft: index - 1,
      ArrowRight: index + 1,
      ArrowUp: index - 7,
      ArrowDown: index + 7,
      Home: index - (index % 7),
      End: index - (index % 7) + 6,
    };
    const target = moves[event.key];
    if (target === undefined) return;
    event.preventDefault();
    moveFocus(target);
  };

  return (
    <section aria-labelledby={heading} className="rounded-lg border border-slate-200 bg-white p-4 sm:p-5">
      <div className="flex items-center justify-between gap-2">
        <Button
          variant="outline"
          size="icon"
          aria-label={`Previous month, ${monthTitle(addMonths(state.month, -1))}`}
          disabled={atFirstMonth}
          onClick={() => {
            dispatch({ type: 'month', delta: -1 });
            // Back at the first month this button is disabled, which drops the keyboard to the
            // page's top: it goes to the other arrow instead.
            const previous = addMonths(state.month, -1);
            if (previous.year * 12 + previous.month <= current.year * 12 + current.month) nextMonthButton.current?.focus();
          }}
        >
          <span aria-hidden="true">‹</span>
        </Button>
        <h2 id={heading} className="text-xl font-bold text-navy-900" aria-live="polite">
          {monthTitle(state.month)}
        </h2>
        <Button
          variant="outline"
          size="icon"
          ref={nextMonthButton}
          aria-label={`Next month, ${monthTitle(addMonths(state.month, 1))}`}
          onClick={() => dispatch({ type: 'month', delta: 1 })}
        >
          <span aria-hidden="true">›</span>
        </Button>
      </div>
      {availability.isError ? (
        <p role="alert" className="mt-3 rounded-md border border-red-700 bg-red-50 p-3 text-red-900">
          We could not check which days are free.{' '}
          <button type="button" className="font-semibold underline" onClick={() => void availability.refetch()}>
            Try again
          </button>
        </p>
      ) : null}
      <table className="mt-4 w-full table-fixed border-collapse" aria-labelledby={heading} aria-busy={availability.isPending}>
        <thead>
          <tr>
            {WEEKDAYS.map(([short, long]) => (
              <th key={short} scope="col" abbr={long} className="pb-2 text-center text-xs font-semibold text-slate-700 sm:text-sm">
                {short}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {Array.from({ length: cells.length / 7 }, (_, week) => (
            <tr key={week}>
              {cells.slice(week * 7, week * 7 + 7).map((cell, column) => {
                const index = week * 7 + column;
                const dayOf = states[index]!;
                const selected = cell.date === state.date;
                const bookable = dayOf === 'available';
                const label = `${formatLondonDate(cell.date)}${cell.isToday ? ', today' : ''}, ${selected ? 'selected' : dayStateText(dayOf, cell.date)}`;
                return (
                  <td key={cell.date} className="p-0.5 text-center">
                    <button
                      ref={(element) => {
                        buttons.current[index] = element;
                      }}
                      type="button"
                      data-date={cell.date}
                      data-state={dayOf}
                      aria-label={label}
                      aria-pressed={selected}
                      aria-disabled={bookable ? undefined : true}
                      tabIndex={index === focusIndex ? 0 : -1}
                      onFocus={() => setFocused(cell.date)}
                      onKeyDown={(event) => onKeyDown(event, index)}
                      onClick={() => {
                        if (bookable && !selected) dispatch({ type: 'date', date: cell.date });
                      }}
                      className={cn(
                        'mx-auto flex aspect-square w-full max-w-12 items-center justify-center rounded-md text-sm sm:text-base',
                        'focus-visible:outline-3 focus-visible:outline-offset-1 focus-visible:outline-navy-900',
                        bookable && !selected && 'border-2 border-teal-brand bg-white font-semibold text-navy-900 hover:bg-teal-50',
                        selected && 'bg-navy-900 font-bold text-white',
                        dayOf === 'full' && 'cursor-not-allowed bg-slate-100 text-slate-700 line-through',
                        (dayOf === 'unavailable' || dayOf === 'loading') && 'cursor-not-allowed text-slate-700',
                        dayOf === 'outside' && 'cursor-not-allowed text-slate-500',
                        cell.isToday && !selected && 'underline decoration-2 underline-offset-4',
                      )}
                    >
                      {Number(cell.date.slice(8))}
                    </button>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
      <p className="mt-3 text-sm text-slate-700">
        Repairs are booked Monday to Friday, except bank holidays, from 24 hours ahead. Days outlined in teal have a free slot.
      </p>
    </section>
  );
}
