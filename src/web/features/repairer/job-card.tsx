import { cn } from '../../lib/cn';
import { damageTypeLabel } from '../../lib/format';
import type { RepairerJob } from '../../../shared/api/repairer-jobs';
import { CustomerNotesLine } from './customer-notes';
import { formatPence } from '../../../shared/money';
import { commissionLabel } from '../../../shared/money-split';
import { splitOfQuote } from './job-split';
import { areaOf, earningsOf, isOpenOffer, offerEnded, payStanding, timeRemaining, vehicleOf, whenOf } from './job-format';

function Badge({ job, now }: { job: RepairerJob; now: Date }) {
  const open = isOpenOffer(job);
  // A job of theirs that is done says where its pay stands: Done, Paid, On hold.
  const pay = job.status === 'accepted' ? payStanding(job.appointment) : null;
  const lost = offerEnded(job);
  const text = open ? timeRemaining(job.expiresAt, now) : pay ? pay.badge : job.status === 'accepted' ? 'Accepted' : job.status === 'declined' ? 'Declined' : (lost?.badge ?? 'Expired');
  const tone = open || pay?.tone === 'held' ? 'amber' : job.status === 'accepted' && pay?.tone !== 'void' ? 'teal' : 'slate';
  return (
    <span
      className={cn(
        'inline-block rounded-full px-2 py-0.5 text-xs font-semibold',
        tone === 'amber' ? 'bg-amber-100 text-amber-900' : tone === 'teal' ? 'bg-teal-100 text-teal-900' : 'bg-slate-200 text-slate-800',
      )}
    >
      {text}
    </span>
  );
}

/** One job in the list (SPEC: vehicle, area, what you earn, estimated days, total, time remaining, description). */
export function JobCard({ job, now, selected, onSelect }: { job: RepairerJob; now: Date; selected: boolean; onSelect: () => void }) {
  const earnings = earningsOf(job);
  const split = splitOfQuote(job.quote);
  return (
    <button
      type="button"
      onClick={onSelect}
      aria-pressed={selected}
      className={cn(
        'w-full rounded-lg border bg-white p-4 text-left shadow-sm transition-colors hover:border-teal-brand focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-teal-brand',
        selected ? 'border-teal-brand ring-2 ring-teal-brand' : 'border-slate-300',
      )}
    >
      <span className="flex flex-wrap items-start justify-between gap-2">
        <span className="font-bold text-navy-900">{vehicleOf(job)}</span>
        <Badge job={job} now={now} />
      </span>
      <span className="mt-1 block text-sm text-slate-800">
        {damageTypeLabel(job.damageType)} · {areaOf(job)}
      </span>
      <span className="mt-1 block text-sm text-slate-800">{whenOf(job)}</span>
      <span className="mt-1 block text-sm text-slate-800">Estimated {job.quote.estimatedDays} {job.quote.estimatedDays === 1 ? 'day' : 'days'}</span>
      {/* Issue 37: the three figures, the same as the panel's (src/shared/money-split.ts). */}
      <span className="mt-2 grid grid-cols-3 gap-2 text-sm">
        <span>
          <span className="block text-slate-700">{split.vatPence > 0 ? 'Customer pays (incl. VAT)' : 'Customer pays (no VAT)'}</span>
          <span className="font-semibold text-navy-900">{formatPence(split.customerPaysPence)}</span>
        </span>
        <span>
          <span className="block text-slate-700">{commissionLabel}</span>
          <span className="font-semibold text-navy-900">{formatPence(split.commissionPence)}</span>
        </span>
        <span>
          <span className="block text-slate-700">You earn</span>
          <span className="font-semibold text-navy-900">{earnings.amount}</span>
          {earnings.note ? <span className="block text-xs text-slate-700">{earnings.note}</span> : null}
        </span>
      </span>
      <span className="mt-2 line-clamp-2 block text-sm text-slate-700">{job.damageDescription}</span>
      <CustomerNotesLine job={job} />
    </button>
  );
}
