import { useId, useState } from 'react';
import { Skeleton } from '../../components/ui/skeleton';
import { formatDecimalPounds } from '../../lib/format';
import type { AdminStats } from '../../../shared/api/admin';
import { useAdminStats } from './api/get-admin-stats';

const cardClass = 'rounded-lg border border-slate-200 bg-white p-4 shadow-sm';

/** Issue 37: the platform's whole take, and on a press what it is made of. */
function RevenueCard({ stats, failed }: { stats: AdminStats | undefined; failed: boolean }) {
  const [open, setOpen] = useState(false);
  const breakdownId = useId();
  const parts = stats?.revenueBreakdown;
  return (
    <div className={cardClass}>
      <dt className="text-sm font-semibold text-slate-700">Revenue</dt>
      <dd className="mt-1 text-2xl font-bold text-navy-900">{stats ? formatDecimalPounds(stats.revenue) : failed ? '—' : <Skeleton className="h-8 w-20" />}</dd>
      <dd className="text-xs text-slate-700">
        Our whole take on paid bookings{' '}
        {parts ? (
          <button type="button" aria-expanded={open} aria-controls={breakdownId} onClick={() => setOpen(!open)} className="font-semibold text-teal-brand-dark underline underline-offset-2">
            {open ? 'Hide breakdown' : 'Show breakdown'}
          </button>
        ) : null}
      </dd>
      {parts && open ? (
        <dd id={breakdownId}>
          <ul aria-label="Revenue breakdown" className="mt-2 grid gap-1 text-sm text-slate-800">
            <li className="flex justify-between gap-2">
              <span>Service fees</span>
              <span className="font-semibold">{formatDecimalPounds(parts.fees)}</span>
            </li>
            <li className="flex justify-between gap-2">
              <span>Margin on labour and parts</span>
              <span className="font-semibold">{formatDecimalPounds(parts.margin)}</span>
            </li>
            <li className="flex justify-between gap-2">
              <span>Less refunds</span>
              <span className="font-semibold">−{formatDecimalPounds(parts.refunds)}</span>
            </li>
          </ul>
        </dd>
      ) : null}
    </div>
  );
}

/** SPEC's four stat cards, from the database. */
export function StatCards() {
  const stats = useAdminStats();
  const cards = [
    { label: 'Total Enquiries', value: stats.data ? stats.data.totalEnquiries.toLocaleString('en-GB') : null },
    { label: 'Pending Quotes', value: stats.data ? stats.data.pendingQuotes.toLocaleString('en-GB') : null },
    { label: 'Repairers', value: stats.data ? stats.data.repairers.toLocaleString('en-GB') : null, hint: 'Verified' },
  ];
  const card = (entry: (typeof cards)[number]) => (
    <div key={entry.label} className={cardClass}>
      <dt className="text-sm font-semibold text-slate-700">{entry.label}</dt>
      <dd className="mt-1 text-2xl font-bold text-navy-900">{entry.value ?? (stats.isError ? '—' : <Skeleton className="h-8 w-20" />)}</dd>
      {entry.hint ? <dd className="text-xs text-slate-700">{entry.hint}</dd> : null}
    </div>
  );
  return (
    <section aria-label="Summary">
      {stats.isError ? (
        <p role="alert" className="mb-3 rounded-md border border-red-700 bg-red-50 p-3 text-red-900">
          We could not load the figures. They will refresh when you try again.
        </p>
      ) : null}
      <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        {card(cards[0]!)}
        {card(cards[1]!)}
        <RevenueCard stats={stats.data} failed={stats.isError} />
        {card(cards[2]!)}
      </dl>
    </section>
  );
}
