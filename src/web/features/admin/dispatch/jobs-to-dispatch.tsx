import { Link } from 'react-router';
import { enquiryPath } from '../enquiry/enquiry-path';
import { Button } from '../../../components/ui/button';
import { damageTypeLabel } from '../../../lib/format';
import { dayAndSlotLabel } from '../../../../shared/calendar';
import type { DispatchJob } from '../../../../shared/api/dispatch';
import { useJobsToDispatch, useQuoteNotifications, useSendToAllNearby } from './dispatch-api';
import { CancelBookingDialog } from './cancel-booking-dialog';
import { NearbyRepairers } from './nearby-repairers';
import { offerSummary, responseStatus } from './offer-summary';
import { RepairerResponses } from './repairer-responses';

function JobToDispatch({ job }: { job: DispatchJob }) {
  const sendAll = useSendToAllNearby(job.quoteId);
  // The same query as the responses listed below (one request): the badge counts what they show.
  const responses = useQuoteNotifications(job.quoteId);
  const now = new Date();
  const summary = responses.data ? offerSummary(responses.data, now) : { text: job.unassigned ? 'Unassigned' : `${job.openOffers} waiting`, unassigned: job.unassigned };
  const offeredTo = new Set((responses.data ?? []).filter((n) => ['sent', 'viewed'].includes(responseStatus(n, now))).map((n) => n.repairerId));
  const onSendAll = () => sendAll.mutate();
  return (
    <li className="rounded-xl border border-slate-300 bg-white p-4 shadow-sm">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <h3 className="text-lg font-bold text-navy-900">
            <Link to={enquiryPath(job.assessmentId)} className="underline">
            {job.reference}
          </Link>
          : {dayAndSlotLabel(job.appointmentDate, job.timeSlot)}
          </h3>
          <p className="text-slate-800">
            {damageTypeLabel(job.damageType)} · {job.city}, {job.postcode} ·{' '}
            <Link to={enquiryPath(job.assessmentId, 'booking')} className="text-navy-900 underline">
              View the enquiry
            </Link>
          </p>
        </div>
        <span className={summary.unassigned ? 'rounded-full bg-red-100 px-2 py-0.5 text-sm font-semibold text-red-900' : 'rounded-full bg-amber-100 px-2 py-0.5 text-sm font-semibold text-amber-900'}>
          {summary.text}
        </span>
      </div>
      <div className="flex flex-wrap gap-3">
        <Button className="mt-3" size="sm" onClick={onSendAll} pending={sendAll.isPending}>
          {sendAll.isPending ? 'Sending…' : 'Send to all nearby'}
        </Button>
        <CancelBookingDialog booking={job} focusAfter="jobs-to-dispatch" />
      </div>
      <NearbyRepairers quoteId={job.quoteId} reference={job.reference} address={{ address: job.address, city: job.city, postcode: job.postcode }} canSend offeredTo={offeredTo} />
      <RepairerResponses quoteId={job.quoteId} />
    </li>
  );
}

/** Paid bookings waiting for a technician: offered (with open offers) or Unassigned (every offer expired or declined). */
export function JobsToDispatch() {
  const jobs = useJobsToDispatch();
  return (
    <section aria-labelledby="jobs-to-dispatch" className="mb-10">
      <h2 id="jobs-to-dispatch" tabIndex={-1} className="text-xl font-bold text-navy-900 focus:outline-none">
        Jobs to dispatch{jobs.data ? ` (${jobs.data.length})` : ''}
      </h2>
      <p className="text-sm text-slate-700">Paid bookings without a technician. Offers expire after 4 of the technician's working hours, and never later than 24 hours before the slot; an unassigned job can be sent again. If nobody can do it, cancel it and refund the customer.</p>
      {jobs.isError ? <p role="alert">We could not load the jobs to dispatch. Please refresh the page.</p> : null}
      {jobs.data?.length === 0 ? <p className="mt-3 rounded-md bg-teal-50 p-4 text-slate-900">Every paid booking has a technician.</p> : null}
      {jobs.data && jobs.data.length > 0 ? (
        <ul className="mt-4 grid gap-4">
          {jobs.data.map((job) => (
            <JobToDispatch key={job.appointmentId} job={job} />
          ))}
        </ul>
      ) : null}
    </section>
  );
}
