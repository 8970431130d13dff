import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { enquiryPath } from '../enquiry/enquiry-path';
import { PhoneLink } from '../../../components/phone-link';
import { Button } from '../../../components/ui/button';
import { toast } from '../../../components/ui/use-toast';
import { damageTypeLabel } from '../../../lib/format';
import { dayAndSlotLabel } from '../../../../shared/calendar';
import { TAKE_BACK_REASON_MAX, TakeBackBodySchema, type UpcomingJob } from '../../../../shared/api/dispatch';
import { upcomingJobsKey, useTakeBackJob, useUpcomingJobs } from './dispatch-api';
import { CancelBookingDialog } from './cancel-booking-dialog';
import { ReasonDialog } from './reason-dialog';
import { invalidateAdminDesk } from '../api/admin-query-keys';

/** How many jobs show before "Show all". */
const FIRST_SHOWN = 10;

type TakeBackJob = Pick<UpcomingJob, 'appointmentId' | 'reference' | 'appointmentDate' | 'timeSlot'> & { technician: Pick<UpcomingJob['technician'], 'businessName'> };

const whenOf = (job: Pick<UpcomingJob, 'appointmentDate' | 'timeSlot'>) => dayAndSlotLabel(job.appointmentDate, job.timeSlot);

/**
 * A technician cannot come: the job is taken back from them after a confirmation that asks for the
 * reason (sent to them, kept in the audit log). It then waits in Jobs to dispatch, where the
 * keyboard goes.
 */
export function TakeBackDialog({ job, focusAfter = 'jobs-to-dispatch' }: { job: TakeBackJob; focusAfter?: string }) {
  const queryClient = useQueryClient();
  const takeBack = useTakeBackJob(job.appointmentId);
  const technician = job.technician.businessName;
  return (
    <ReasonDialog
      trigger={`Take back from ${technician}`}
      title={`Take ${job.reference} back from ${technician}?`}
      description={`The booking on ${whenOf(job)} stays paid and at its time, and goes back to Jobs to dispatch for another technician. ${technician} loses the job and its payment, and is e-mailed your reason; the customer is told another technician is coming.`}
      field={{ id: `take-back-reason-${job.appointmentId}`, label: 'Why is the job taken back?', hint: `Sent to ${technician} and kept in the audit log.`, maxLength: TAKE_BACK_REASON_MAX }}
      schema={TakeBackBodySchema}
      mutation={takeBack}
      actions={{ keep: 'Keep it with them', act: 'Take the job back', pending: 'Taking back…' }}
      onDone={() => toast({ title: 'Job Taken Back', description: `${job.reference} is back in Jobs to dispatch. ${technician} and the customer have been e-mailed.`, variant: 'success' })}
      refresh={() => {
        void queryClient.invalidateQueries({ queryKey: upcomingJobsKey });
        void invalidateAdminDesk(queryClient);
      }}
      focusAfter={focusAfter}
    />
  );
}

function UpcomingJobItem({ job }: { job: UpcomingJob }) {
  return (
    <li className="rounded-xl border border-slate-300 bg-white p-4 shadow-sm">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h3 className="text-lg font-bold text-navy-900">
          <Link to={enquiryPath(job.assessmentId)} className="underline">
            {job.reference}
          </Link>
          : {whenOf(job)}
        </h3>
        {job.overdue ? <span className="rounded-full bg-red-100 px-2 py-0.5 text-sm font-semibold text-red-900">Not marked done</span> : null}
      </div>
      <p className="text-slate-800">
        {damageTypeLabel(job.damageType)} · {job.city}, {job.postcode} ·{' '}
        <Link to={enquiryPath(job.assessmentId, 'booking')} className="text-navy-900 underline">
          View the enquiry
        </Link>
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
      <div className="flex flex-wrap gap-3">
        {/* Its day has gone: no other technician can take it on; cancel and refund it instead. */}
        {job.overdue ? null : <TakeBackDialog job={job} />}
        <CancelBookingDialog booking={job} focusAfter="upcoming-jobs" />
      </div>
    </li>
  );
}

/**
 * Paid bookings a technician has accepted and not yet marked done, soonest first (a day gone by
 * without it being marked done says so): where the team takes a job back from one who cannot
 * come, or cancels and refunds a booking that will not happen.
 */
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
      <p className="text-sm text-slate-700">Paid bookings a technician has accepted and not yet marked done, soonest first. If a technician cannot come, take the job back: it returns to Jobs to dispatch. If the repair will not happen, cancel it and refund the customer.</p>
      {upcoming.isError ? <p role="alert">We could not load the upcoming jobs. Please refresh the page.</p> : null}
      {upcoming.data && jobs.length === 0 ? <p className="mt-3 rounded-md bg-slate-100 p-4 text-slate-900">No technician has a job booked.</p> : null}
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
