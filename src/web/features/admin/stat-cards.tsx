import { Skeleton } from '../../components/ui/skeleton';
import { formatDecimalPounds } from '../../lib/format';
import { useAdminStats } from './api/get-admin-stats';

/** SPEC's four stat cards, from the database. */
export function StatCards() {
  const stats = useAdminStats();
  const cards = [
    { label: 'Total Enquiries', value: stats.data ? stats.data.totalEnquiries.toLocaleString('en-GB') : null },
    { label: 'Pending Quotes', value: stats.data ? stats.data.pendingQuotes.toLocaleString('en-GB') : null },
    { label: 'Revenue', value: stats.data ? formatDecimalPounds(stats.data.revenue) : null, hint: 'Platform fees of paid bookings' },
    { label: 'Repairers', value: stats.data ? stats.data.repairers.toLocaleString('en-GB') : null, hint: 'Verified' },
  ];
  return (
    <section aria-label="Summary">
      {stats.isError ? (
        <p role="alert" className="mb-3 rounded-md border border-red-700 bg-red-50 p-3 text-red-900">
          We could not load the figures. They will refresh when you try again.
        </p>
      ) : null}
      <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        {cards.map((card) => (
          <div key={card.label} className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
            <dt className="text-sm font-semibold text-slate-700">{card.label}</dt>
            <dd className="mt-1 text-2xl font-bold text-navy-900">{card.value ?? (stats.isError ? '—' : <Skeleton className="h-8 w-20" />)}</dd>
            {card.hint ? <dd className="text-xs text-slate-700">{card.hint}</dd> : null}
          </div>
        ))}
      </dl>
    </section>
  );
}
