import { useState } from 'react';
import { unbookableLabels, type AdminAvailabilityDay } from '../../../../shared/api/appointments';
import {
  addMonths,
  dayUnbookableReason,
  londonMonthOf,
  slotLabels,
  timeSlots,
  unbookableReason,
  type TimeSlot,
  type UnbookableReason,
} from '../../../../shared/calendar';
import { isWeekend } from '../../../../shared/calendar-date';
import { formatLondonDate, londonDateOf } from '../../../../shared/london-time';
import { Button } from '../../../components/ui/button';
import { toast } from '../../../components/ui/use-toast';
import { userMessageOf } from '../../../lib/api';
import { useAdminAvailability, useUpdateAvailability } from './availability-api';

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const param = (m: { year: number; month: number }) => `${m.year}-${String(m.month).padStart(2, '0')}`;

const notBookable = (reason: UnbookableReason) => `Not bookable: ${unbookableLabels[reason].toLowerCase()}`;

/**
 * The admin's Availability tab: a month of weekdays, each slot's places and bookings, per-slot
 * capacity and closing a day. Days and slots that can never be booked (D15: passed, bank holiday,
 * less than 24 hours away) are shown without controls, as the server refuses changes to them.
 */
export function AvailabilityScreen() {
  const [month, setMonth] = useState(() => londonMonthOf(new Date()));
  const availability = useAdminAvailability(param(month));
  const now = new Date();
  // This month opens on today, not on the days gone by (an operator's review: the first bookable
  // day was 4,000 px down); an earlier month is shown whole, as a record of what was taken.
  const today = londonDateOf(now);
  const thisMonth = param(month) === today.slice(0, 7);
  const days = availability.data?.days.filter((day) => !isWeekend(day.date) && !(thisMonth && day.date < today)) ?? [];
  const title = `${MONTHS[month.month - 1]} ${month.year}`;
  return (
    <section aria-labelledby="availability-heading" className="grid gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="availability-heading" className="text-2xl font-bold text-navy-900">
          Availability, {title}
        </h2>
        <div className="flex gap-2">
          <Button variant="outline" size="sm" onClick={() => setMonth(addMonths(month, -1))}>
            Previous month
          </Button>
          <Button variant="outline" size="sm" onClick={() => setMonth(addMonths(month, 1))}>
            Next month
          </Button>
        </div>
      </div>
      <p className="text-slate-800">
        Each slot takes {availability.data ? availability.data.defaultCapacity : '…'} bookings unless you set its own capacity. Leave a
        capacity empty to use the default. Closing a day stops new bookings and keeps the ones already made. Days and slots that
        cannot be booked (passed, bank holidays, less than 24 hours away) cannot be changed; weekends are not shown.
        {thisMonth ? ' This month starts from today.' : ''}
      </p>
      {availability.isPending ? (
        <p role="status">Loading availability…</p>
      ) : availability.isError ? (
        <p role="alert" className="rounded-md border border-red-700 bg-red-50 p-3 text-red-900">
          We could not load availability. {userMessageOf(availability.error, '')}
        </p>
      ) : (
        <ul className="grid gap-3">
          {days.map((day) => (
            <DayRow key={day.date} day={day} defaultCapacity={availability.data.defaultCapacity} now={now} />
          ))}
        </ul>
      )}
    </section>
  );
}

const badge = 'ml-2 inline-block rounded-full bg-slate-700 px-2 py-0.5 text-sm text-white';

function DayRow({ day, defaultCapacity, now }: { day: AdminAvailabilityDay; defaultCapacity: number; now: Date }) {
  const update = useUpdateAvailability();
  const label = formatLondonDate(day.date);
  const dayReason = dayUnbookableReason(day.date, now);
  const save = (change: Parameters<typeof update.mutate>[0]['update'], done: string) =>
    update.mutate(
      { date: day.date, update: change },
      {
        onSuccess: () => toast({ title: 'Availability Updated', description: `${label}: ${done}.`, variant: 'success' }),
        onError: (error) =>
          toast({ title: 'Update Failed', description: userMessageOf(error, 'The change could not be saved. Please try again.'), variant: 'destructive' }),
      },
    );
  return (
    <li className="rounded-lg border border-slate-200 bg-white p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="font-semibold text-navy-900">
          {label}
          {day.closed ? <span className={badge}>Closed</span> : null}
          {dayReason ? <span className={badge}>{notBookable(dayReason)}</span> : null}
        </h3>
        {dayReason ? null : (
          <Button
            variant={day.closed ? 'primary' : 'outline'}
            size="sm"
            pending={update.isPending}
            aria-label={`${day.closed ? 'Reopen' : 'Close'} ${label}`}
            onClick={() => save({ closed: !day.closed }, day.closed ? 'reopened' : 'closed to new bookings')}
          >
            {day.closed ? 'Reopen day' : 'Close day'}
          </Button>
        )}
      </div>
      <div className="mt-3 grid gap-3 sm:grid-cols-2">
        {timeSlots.map((slot) => {
          const reason = unbookableReason(day.date, slot, now);
          return reason ? (
            <SlotTaken key={slot} day={day} slot={slot} note={dayReason ? undefined : notBookable(reason)} />
          ) : (
            <SlotCapacity key={slot} day={day} slot={slot} defaultCapacity={defaultCapacity} pending={update.isPending} onSave={save} />
          );
        })}
      </div>
    </li>
  );
}

/** What a slot has taken of its places; a closed day's are none because it is closed, not by default. */
function placesText(day: AdminAvailabilityDay, view: AdminAvailabilityDay['slots'][TimeSlot]): string {
  if (day.closed) return `Closed (${view.taken} taken)`;
  return `${view.taken} of ${view.capacity} taken${view.overridden ? '' : ' (default)'}`;
}

/** A slot that can no longer be booked: what it took, and no control to change it. */
function SlotTaken({ day, slot, note }: { day: AdminAvailabilityDay; slot: TimeSlot; note: string | undefined }) {
  const view = day.slots[slot];
  return (
    <div className="grid gap-1 rounded-md bg-slate-50 p-3">
      <p className="font-semibold text-slate-900">{slotLabels[slot]}</p>
      <p className="text-sm text-slate-800">
        {placesText(day, view)}
      </p>
      {note ? <p className="text-sm text-slate-800">{note}</p> : null}
    </div>
  );
}

type SlotProps = {
  day: AdminAvailabilityDay;
  slot: TimeSlot;
  defaultCapacity: number;
  pending: boolean;
  onSave: (change: { morning?: number | null; afternoon?: number | null }, done: string) => void;
};

function SlotCapacity({ day, slot, defaultCapacity, pending, onSave }: SlotProps) {
  const view = day.slots[slot];
  const [value, setValue] = useState(view.overridden ? String(view.capacity) : '');
  const [error, setError] = useState<string>();
  const id = `capacity-${day.date}-${slot}`;
  const submit = () => {
    const trimmed = value.trim();
    if (trimmed !== '' && !/^\d{1,2}$/.test(trimmed)) {
      setError('Please enter a whole number of places from 0 to 50');
      return;
    }
    const capacity = trimmed === '' ? null : Number(trimmed);
    if (capacity !== null && capacity > 50) {
      setError('Capacity can be at most 50');
      return;
    }
    setError(undefined);
    onSave({ [slot]: capacity }, `${slotLabels[slot]} ${capacity === null ? `back to the default of ${defaultCapacity}` : `set to ${capacity}`}`);
  };
  return (
    <form
      className="grid gap-1 rounded-md bg-slate-50 p-3"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <p className="font-semibold text-slate-900">{slotLabels[slot]}</p>
      <p className="text-sm text-slate-800">
        {placesText(day, view)}
      </p>
      <label htmlFor={id} className="mt-1 text-sm font-semibold text-slate-800">
        Capacity for {slot}, {formatLondonDate(day.date)}
      </label>
      <div className="flex gap-2">
        <input
          id={id}
          inputMode="numeric"
          placeholder={`Default (${defaultCapacity})`}
          value={value}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(event) => setValue(event.target.value)}
          className="block min-h-11 w-full rounded-md border border-slate-500 bg-white px-3 text-base text-slate-900 placeholder:text-slate-600"
        />
        <Button type="submit" size="md" variant="secondary" pending={pending}>
          Save
        </Button>
      </div>
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </form>
  );
}
