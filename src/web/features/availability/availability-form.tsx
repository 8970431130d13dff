import { useState, type FormEvent } from 'react';
import { TextField } from '../../components/form';
import { FieldError } from '../../components/form/field-error';
import { Button } from '../../components/ui/button';
import { toast } from '../../components/ui/use-toast';
import { isApiError, userMessageOf } from '../../lib/api';
import { checkWith } from '../../lib/schema-check';
import { slotLabels } from '../../../shared/calendar';
import { formatLondonDate } from '../../../shared/london-time';
import {
  AvailabilityBodySchema,
  availabilityMessages,
  JOBS_PER_SLOT_MAX,
  JOBS_PER_SLOT_MIN,
  weekdayLabels,
  weekdays,
  type AvailabilityView,
  type TakenBackBooking,
  type TimeOffPeriod,
  type Weekday,
} from '../../../shared/api/repairer-availability';
import { useSaveAvailability } from './api/availability';

type Errors = Partial<Record<string, string>>;
type Half = 'morning' | 'afternoon';
const halfLabels: Record<Half, string> = slotLabels;

/**
 * The weekly pattern, jobs in one slot and time off of one technician: the technician's own form
 * and the team's (issue 35 item 1). `whose` words the copy: "you" or the business's name.
 */
export function AvailabilityForm({ initial, saveUrl, whose }: { initial: AvailabilityView; saveUrl: string; whose: 'you' | string }) {
  const save = useSaveAvailability(saveUrl);
  const [weekly, setWeekly] = useState(initial.weekly);
  const [jobsPerSlot, setJobsPerSlot] = useState(String(initial.jobsPerSlot));
  const [timeOff, setTimeOff] = useState<TimeOffPeriod[]>(initial.timeOff);
  const [errors, setErrors] = useState<Errors>({});
  const [savedNote, setSavedNote] = useState<string | null>(null);
  const [takenBack, setTakenBack] = useState<TakenBackBooking[]>([]);
  const you = whose === 'you';

  const toggle = (day: Weekday, half: Half, on: boolean) => setWeekly((w) => ({ ...w, [day]: { ...w[day], [half]: on } }));
  const setPeriod = (index: number, key: keyof TimeOffPeriod, value: string) => setTimeOff((periods) => periods.map((p, i) => (i === index ? { ...p, [key]: value } : p)));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSavedNote(null);
    setTakenBack([]);
    const jobs = jobsPerSlot.trim() === '' ? Number.NaN : Number(jobsPerSlot);
    const checked = checkWith(AvailabilityBodySchema, { weekly, jobsPerSlot: jobs, timeOff });
    if (!checked.ok) {
      setErrors(checked.problems);
      return;
    }
    setErrors({});
    save.mutate(checked.data, {
      onSuccess: (saved) => {
        setTimeOff(saved.timeOff);
        setTakenBack(saved.takenBack);
        setSavedNote(you ? availabilityMessages.saved : `${whose}’s availability was saved.`);
        toast({ title: 'Availability saved', description: you ? availabilityMessages.saved : `${whose}’s availability was saved.`, variant: 'success' });
      },
      onError: (error) => {
        if (isApiError(error)) setErrors(error.fieldErrors);
        toast({ title: 'Could not save the availability', description: userMessageOf(error), variant: 'destructive' });
      },
    });
  };

  return (
    <form onSubmit={submit} noValidate className="grid gap-6">
      <fieldset className="rounded-lg border border-slate-200 p-4 sm:p-6" aria-describedby={errors.weekly ? 'availability-weekly-error' : undefined}>
        <legend className="px-1 text-lg font-semibold text-navy-900">{you ? 'When you work' : 'When they work'}</legend>
        <p className="text-sm text-slate-700">Tick each half-day {you ? 'you take' : 'they take'} jobs. We never book weekends or bank holidays.</p>
        <div className="mt-3 grid gap-3 sm:grid-cols-2">
          {weekdays.map((day) => (
            <fieldset key={day} className="rounded-md border border-slate-200 px-3 py-2">
              <legend className="px-1 font-semibold text-slate-900">{weekdayLabels[day]}</legend>
              <div className="flex flex-wrap gap-x-5 gap-y-1">
                {(['morning', 'afternoon'] as const).map((half) => (
                  <label key={half} className="flex min-h-11 items-center gap-2">
                    <input type="checkbox" className="size-5" checked={weekly[day][half]} onChange={(event) => toggle(day, half, event.target.checked)} />
                    <span>{halfLabels[half]}</span>
                  </label>
                ))}
              </div>
            </fieldset>
          ))}
        </div>
        <FieldError id="availability-weekly-error" message={errors.weekly} />
      </fieldset>

      <TextField
        id="availability-jobs"
        label="Jobs in one slot"
        hint={`How many customers ${you ? 'you' : 'they'} can see in one morning or afternoon: ${JOBS_PER_SLOT_MIN} to ${JOBS_PER_SLOT_MAX}.`}
        type="number"
        inputMode="numeric"
        min={JOBS_PER_SLOT_MIN}
        max={JOBS_PER_SLOT_MAX}
        step={1}
        className="max-w-xs"
        value={jobsPerSlot}
        onChange={(event) => setJobsPerSlot(event.target.value)}
        error={errors.jobsPerSlot}
      />

      <fieldset className="rounded-lg border border-slate-200 p-4 sm:p-6" aria-describedby={errors.timeOff ? 'availability-time-off-error' : undefined}>
        <legend className="px-1 text-lg font-semibold text-navy-900">Time off</legend>
        <p className="text-sm text-slate-700">Holidays and days away: no job is booked {you ? 'for you' : 'for them'} from the first day to the last, both included.</p>
        {timeOff.length === 0 ? <p className="mt-3 text-slate-800">No time off planned.</p> : null}
        <ul className="mt-3 grid gap-3">
          {timeOff.map((period, index) => (
            <li key={index}>
              <fieldset className="rounded-md border border-slate-200 px-3 py-2" aria-describedby={errors[`timeOff.${index}`] ? `availability-off-${index}-error` : undefined}>
                <legend className="px-1 font-semibold text-slate-900">Time off {index + 1}</legend>
                <div className="flex flex-wrap items-end gap-3">
                  <TextField id={`availability-off-${index}-from`} label="First day" type="date" value={period.from} onChange={(event) => setPeriod(index, 'from', event.target.value)} error={errors[`timeOff.${index}.from`]} />
                  <TextField id={`availability-off-${index}-to`} label="Last day" type="date" value={period.to} onChange={(event) => setPeriod(index, 'to', event.target.value)} error={errors[`timeOff.${index}.to`]} />
                  <Button type="button" variant="outline" onClick={() => setTimeOff((periods) => periods.filter((_, i) => i !== index))}>
                    Remove time off {index + 1}
                  </Button>
                </div>
                <FieldError id={`availability-off-${index}-error`} message={errors[`timeOff.${index}`]} />
              </fieldset>
            </li>
          ))}
        </ul>
        <Button type="button" variant="outline" className="mt-3" onClick={() => setTimeOff((periods) => [...periods, { from: '', to: '' }])}>
          Add time off
        </Button>
        <FieldError id="availability-time-off-error" message={errors.timeOff} />
      </fieldset>

      <p className="text-slate-800">{availabilityMessages.takesBack(you ? 'you' : 'them')}</p>
      <div className="flex flex-wrap items-center gap-4">
        <Button type="submit" pending={save.isPending}>
          {save.isPending ? 'Saving…' : 'Save availability'}
        </Button>
        <p role="status" className="text-teal-900">
          {savedNote}
        </p>
      </div>
      {takenBack.length > 0 ? <TakenBackNotice bookings={takenBack} whose={you ? 'you' : 'them'} /> : null}
    </form>
  );
}

/** After a save that took jobs back (issue 35 item 2): which bookings, plainly, and what happens to them. */
function TakenBackNotice({ bookings, whose }: { bookings: readonly TakenBackBooking[]; whose: 'you' | 'them' }) {
  return (
    <section role="alert" aria-labelledby="availability-taken-back" className="rounded-lg border border-amber-700 bg-amber-50 p-4 text-slate-900">
      <h2 id="availability-taken-back" className="text-lg font-semibold">
        {whose === 'you' ? 'Jobs given back' : 'Jobs taken back'}
      </h2>
      <p className="mt-1">{availabilityMessages.tookBack(bookings.length, whose)}</p>
      <ul className="mt-2 list-disc pl-6">
        {bookings.map((booking, index) => (
          <li key={index}>
            {formatLondonDate(booking.date)}, {slotLabels[booking.slot].toLowerCase()}, {booking.district}
          </li>
        ))}
      </ul>
    </section>
  );
}
