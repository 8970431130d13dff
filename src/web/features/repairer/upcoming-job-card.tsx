import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';
import type { RepairerJob } from '../../../shared/api/repairer-jobs';
import { PhoneLink } from '../../components/phone-link';
import { vehicleOf, whenOf } from './job-format';

/**
 * One job the repairer has accepted and holds (issue 12): when, who and where — the customer's
 * details are theirs once accepted (D11). `children` is the place for the job's own actions
 * (issue 12's "Mark as done"), below the details and outside the select button.
 */
export function UpcomingJobCard({ job, selected, onSelect, children }: { job: RepairerJob; selected: boolean; onSelect: () => void; children?: ReactNode }) {
  const c = job.customer;
  const address = [c.address, c.city, c.postcode].filter(Boolean).join(', ');
  return (
    <div className={cn('rounded-lg border bg-white p-4 shadow-sm', selected ? 'border-teal-brand ring-2 ring-teal-brand' : 'border-slate-300')}>
      <button
        type="button"
        onClick={onSelect}
        aria-pressed={selected}
        className="flex w-full flex-wrap items-start justify-between gap-2 rounded text-left focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-teal-brand"
      >
        <span className="font-bold text-navy-900 underline-offset-2 hover:underline">{vehicleOf(job)}</span>
        <span className="text-sm font-semibold text-teal-900">{whenOf(job)}</span>
      </button>
      <dl className="mt-2 grid gap-1 text-sm text-slate-800 sm:grid-cols-[auto_1fr] sm:gap-x-3">
        <dt className="font-semibold text-slate-700">Customer</dt>
        <dd>
          {c.name}
          {c.phone ? (
            <>
              {' · '}
              <PhoneLink phone={c.phone} />
            </>
          ) : null}
        </dd>
        <dt className="font-semibold text-slate-700">Address</dt>
        <dd className="break-words">{address}</dd>
        {job.appointment?.notes ? (
          <>
            <dt className="font-semibold text-slate-700">Notes</dt>
            <dd className="break-words whitespace-pre-line">{job.appointment.notes}</dd>
          </>
        ) : null}
      </dl>
      {children ? <div className="mt-3 flex flex-wrap gap-2">{children}</div> : null}
    </div>
  );
}
