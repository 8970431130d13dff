import { useQueryClient } from '@tanstack/react-query';
import { AlertDialog } from 'radix-ui';
import { useRef, useState, type FormEvent } from 'react';
import { TextAreaField } from '../../../components/form';
import { PhoneLink } from '../../../components/phone-link';
import { Button } from '../../../components/ui/button';
import { DialogFormActions } from '../../../components/ui/dialog-form-actions';
import { toast } from '../../../components/ui/use-toast';
import { userMessageOf } from '../../../lib/api';
import { focusById } from '../../../lib/focus';
import { damageTypeLabel } from '../../../lib/format';
import { isTimeSlot, slotLabels } from '../../../../shared/calendar';
import { formatLondonDate } from '../../../../shared/london-time';
import { TAKE_BACK_REASON_MAX, TakeBackBodySchema, type UpcomingJob } from '../../../../shared/api/dispatch';
import { upcomingJobsKey, useTakeBackJob, useUpcomingJobs } from './dispatch-api';

/** How many jobs show before "Show all". */
const FIRST_SHOWN = 10;

const whenOf = (job: UpcomingJob) => `${formatLondonDate(job.appointmentDate)}, ${isTimeSlot(job.timeSlot) ? slotLabels[job.timeSlot] : job.timeSlot}`;

/**
 * A technician cannot come: the job is taken back from them after a confirmation that asks for the
 * reason (sent to them, kept in the audit log). It then waits in Jobs to dispatch, where the
 * keyboard goes.
 */
function TakeBackDialog({ job }: { job: UpcomingJob }) {
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const done = useRef(false);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const takeBack = useTakeBackJob(job.appointmentId);
  const technician = job.technician.businessName;
  const fieldId = `take-back-reason-${job.appointmentId}`;
  const close = () => {
    setOpen(false);
    setError(null);
    void queryClient.invalidateQueries({ queryKey: upcomingJobsKey });
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = TakeBackBodySchema.safeParse({ reason });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? null);
      focusById(fieldId);
      return;
    }
    takeBack.mutate(parsed.data, {
      onSuccess: () => {
        done.current = true;
        close();
        toast({ title: 'Job Taken Back', description: `${job.reference} is back in Jobs to dispatch. ${technician} and the customer have been e-mailed.`, variant: 'success' });
      },
      onError: (failure) => setError(userMessageOf(failure)),
    });
  };
  return (
    <AlertDialog.Root open={open} onOpenChange={(next) => (next ? setOpen(true) : close())}>
      <AlertDialog.Trigger asChild>
        <Button className="mt-3" size="sm" variant="outline">
          Take back from {technician}
        </Button>
      </AlertDialog.Trigger>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-40 bg-slate-900/60" />
        <AlertDialog.Content
          onCloseAutoFocus={(event) => {
            if (!done.current) return; // kept: back to the button that opened it
            // The job (and its button) leave this list for Jobs to dispatch: the keyboard goes there.
            event.preventDefault();
            focusById('jobs-to-dispatch');
          }}
          className="fixed top-1/2 left-1/2 z-50 w-[calc(100%-1.5rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-xl bg-white p-5 shadow-2xl"
        >
          <AlertDialog.Title className="text-xl font-bold text-navy-900">
            Take {job.reference} back from {technician}?
          </AlertDialog.Title>
          <AlertDialog.Description className="mt-2 text-slate-800">
            The booking on {whenOf(job)} stays paid and at its time, and goes back to Jobs to dispatch for another technician. {technician} loses the job and its payment, and is
            e-mailed your reason; the customer is told another technician is coming.
          </AlertDialog.Description>
          <form onSubmit={submit} noValidate className="mt-4">
            <TextAreaField
              id={fieldId}
              label="Why is the job taken back?"
              hint={`Sent to ${technician} and kept in the audit log.`}
              error={error ?? undefined}
              rows={3}
              maxLength={TAKE_BACK_REASON_MAX}
              value={reason}
              onChange={(event) => {
                setReason(event.target.value);
                setError(null);
              }}
            />
            <DialogFormActions keep="Keep it with them" act="Take the job back" pendingLabel="Taking back…" pending={takeBack.isPending} />
          </form>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}

function UpcomingJobItem({ job }: { job: UpcomingJob }) {
  return (
    <li className="rounded-xl border border-slate-300 bg-white p-4 shadow-sm">
      <h3 className="text-lg font-bold text-navy-900">
        {job.reference}: {whenOf(job)}
      </h3>
      <p className="text-slate-800">
        {damageTypeLabel(job.damageType)} · {job.city}, {job.postcode}
      </p>
      <p className="text-slate-800">
        Technician: <span className="font-semibold">{job.technician.businessName}</span>
        {job.technician.phone ? (
          <>
            {' · '}
            <PhoneLink phone={job.technician.phone} />
          </>
        ) : null}
      </p>
      <TakeBackDialog job={job} />
    </li>
  );
}

/** Paid bookings a technician has accepted, from today on: where the team takes a job back from one who cannot come. */
export function UpcomingJobs() {
  const upcoming = useUpcomingJobs();
  const [showAll, setShowAll] = useState(false);
  const jobs = upcoming.data?.jobs ?? [];
  const shown = showAll ? jobs : jobs.slice(0, FIRST_SHOWN);
  return (
    <section aria-labelledby="upcoming-jobs" className="mt-10">
      <h2 id="upcoming-jobs" tabIndex={-1} className="text-xl font-bold text-navy-900 focus:outline-none">
        Upcoming jobs{upcoming.data ? ` (${upcoming.data.total.toLocaleString('en-GB')})` : ''}
      </h2>
      <p className="text-sm text-slate-700">Paid bookings a technician has accepted, soonest first. If a technician cannot come, take the job back: it returns to Jobs to dispatch.</p>
      {upcoming.isError ? <p role="alert">We could not load the upcoming jobs. Please refresh the page.</p> : null}
      {upcoming.data && jobs.length === 0 ? <p className="mt-3 rounded-md bg-slate-100 p-4 text-slate-900">No technician has a job booked from today.</p> : null}
      {shown.length > 0 ? (
        <ul className="mt-4 grid gap-4">
          {shown.map((job) => (
            <UpcomingJobItem key={job.appointmentId} job={job} />
          ))}
        </ul>
      ) : null}
      {!showAll && jobs.length > FIRST_SHOWN ? (
        <Button className="mt-3" variant="outline" size="sm" onClick={() => setShowAll(true)}>
          Show all {jobs.length}
        </Button>
      ) : null}
      {upcoming.data && upcoming.data.total > jobs.length ? (
        <p className="mt-2 text-sm text-slate-700">
          The soonest {jobs.length.toLocaleString('en-GB')} of {upcoming.data.total.toLocaleString('en-GB')} are listed.
        </p>
      ) : null}
    </section>
  );
}
