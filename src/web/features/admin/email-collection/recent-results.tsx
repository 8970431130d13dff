import { Skeleton } from '../../../components/ui/skeleton';
import { formatWhen } from '../../../lib/format';
import { useRecentResults } from './email-collection-api';

/** SPEC's last 5 results: which repairer, what was found (and where) or why not, and when. */
export function RecentResults() {
  const results = useRecentResults();
  return (
    <section aria-labelledby="recent-results-heading" className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
      <h2 id="recent-results-heading" className="text-xl font-bold text-navy-900">
        Last 5 results
      </h2>
      {results.isError ? (
        <p role="alert" className="mt-2 text-red-900">
          We could not load the latest results.
        </p>
      ) : !results.data ? (
        <Skeleton className="mt-2 h-20 w-full" />
      ) : results.data.results.length === 0 ? (
        <p className="mt-2 text-slate-800">No websites have been read yet.</p>
      ) : (
        <ul className="mt-2 divide-y divide-slate-200">
          {results.data.results.map((result) => (
            <li key={result.id} className="py-2">
              <p className="font-semibold text-navy-900">
                {result.businessName}{' '}
                <span className={result.success ? 'rounded-full bg-teal-100 px-2 py-0.5 text-sm text-teal-900' : 'rounded-full bg-amber-100 px-2 py-0.5 text-sm text-amber-900'}>
                  {result.success ? (result.emailSource === 'ai_collected' ? 'Found (AI)' : 'Found') : 'Not found'}
                </span>
              </p>
              {result.success ? (
                <p className="break-all text-slate-800">
                  {result.email}
                  {result.sourceUrl ? <span className="block text-sm text-slate-700">from {result.sourceUrl}</span> : null}
                </p>
              ) : (
                <p className="break-words text-slate-800">{result.error}</p>
              )}
              <p className="text-sm text-slate-700">{formatWhen(result.createdAt)}</p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
