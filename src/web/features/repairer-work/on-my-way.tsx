import { useId, useState, type FormEvent } from 'react';
import { arrivalChoices } from '../../../shared/arrival';
import { displayTime, isTimeSlot } from '../../../shared/calendar';
import { londonDateOf, londonTimeOf } from '../../../shared/london-time';
import type { RepairerJob } from '../../../shared/api/repairer-jobs';
import { Button } from '../../components/ui/button';
import { userMessageOf } from '../../lib/api';
import { useOnMyWay } from './api/on-my-way';

/** The estimate to offer first: the next quarter hour from now inside the slot, else the slot's first. */
function firstChoice(choices: string[], now: Date): string {
  const time = londonTimeOf(now);
  return choices.find((choice) => choice >= time) ?? choices[choices.length - 1]!;
}

/** Whether the job has "On my way" now: assigned, today in London, and the technician's to give. */
export function onMyWayToday(job: RepairerJob, now: Date): boolean {
  const appointment = job.appointment;
  return !!appointment && appointment.status === 'assigned' && appointment.appointmentDate === londonDateOf(now) && !!appointment.onMyWay && isTimeSlot(appointment.timeSlot);
}

/**
 * Issue 38 item 3: on the job's day (Europe/London), "On my way" with an arrival estimate in
 * 15-minute steps inside the slot; the customer's page shows it and they get a text. Once given,
 * it can be updated once for a late arrival.
 */
export function OnMyWay({ job, now }: { job: RepairerJob; now: Date }) {
  const appointment = job.appointment;
  const onMyWay = useOnMyWay(appointment?.id ?? 0);
  const selectId = useId();
  const errorId = useId();
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const choices = appointment && isTimeSlot(appointment.timeSlot) ? arrivalChoices(appointment.timeSlot) : [];
  const [arrival, setArrival] = useState(() => (choices.length > 0 ? firstChoice(choices, now) : ''));
  if (!onMyWayToday(job, now) || !appointment?.onMyWay) return null;
  const given = appointment.onMyWay.arrivingAround;
  const { updatesLeft } = appointment.onMyWay;

  const status = given ? (
    <p role="status" className="w-full text-sm font-semibold text-teal-900">
      The customer knows you are on the way, arriving around {displayTime(given)}.
      {updatesLeft > 0 ? ' Running late? You can update the time once.' : ''}
    </p>
  ) : null;
  if (given && updatesLeft === 0) return status;
  if (!open) {
    return (
      <>
        {status}
        <Button variant={given ? 'outline' : 'primary'} onClick={() => setOpen(true)}>
          {given ? 'Update arrival time' : 'On my way'}
        </Button>
      </>
    );
  }
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onMyWay.mutate(arrival, {
      onSuccess: () => {
        setOpen(false);
        setError(null);
      },
      onError: (failure) => setError(userMessageOf(failure)),
    });
  };
  return (
    <form onSubmit={submit} noValidate className="w-full rounded-md border border-slate-200 bg-slate-50 p-3" aria-label={given ? 'Update arrival time' : 'On my way'}>
      {status}
      <label htmlFor={selectId} className="block font-semibold text-navy-900">
        Arriving around
      </label>
      <select
        id={selectId}
        value={arrival}
        onChange={(event) => setArrival(event.target.value)}
        aria-describedby={error ? errorId : undefined}
        className="mt-1 min-h-11 rounded-md border border-slate-400 bg-white px-3 text-slate-900"
      >
        {choices.map((choice) => (
          <option key={choice} value={choice}>
            {displayTime(choice)}
          </option>
        ))}
      </select>
      {error ? (
        <p id={errorId} role="alert" className="mt-2 text-sm font-semibold text-red-900">
          {error}
        </p>
      ) : null}
      <div className="mt-3 flex flex-wrap gap-2">
        <Button type="submit" pending={onMyWay.isPending}>
          {given ? 'Send the new time' : 'Tell the customer'}
        </Button>
        <Button type="button" variant="outline" onClick={() => setOpen(false)}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
