import { noMailServerNotice, useEmailStats } from './outreach-api';

/** Issue 13: how introductions have fared, from GET /api/admin/email-stats. */
export function EmailStatsPanel() {
  const stats = useEmailStats();
  if (stats.isPending) return <p className="mt-3 text-sm text-slate-700">Loading the introduction figures…</p>;
  if (stats.isError) return <p className="mt-3 text-sm text-slate-700">We could not load the introduction figures.</p>;
  const { sent, queued, kept, failed, bounced, unsubscribed } = stats.data;
  const figures: [string, number][] = [
    ['Sent', sent],
    ['Waiting to send', queued],
    ...(kept > 0 ? ([['Kept in the outbox (no mail server)', kept]] as [string, number][]) : []),
    ['Failed', failed],
    ['Bounced', bounced],
    ['Unsubscribed', unsubscribed],
  ];
  return (
    <section aria-labelledby="intro-figures-heading" className="mt-4 rounded-lg border border-slate-200 bg-white p-3">
      <h3 id="intro-figures-heading" className="text-base font-semibold text-navy-900">
        Introduction e-mails
      </h3>
      {stats.data.mailServer ? null : (
        // An operator's review: nothing said that introductions and invitations would never leave.
        <p className="mt-2 rounded-md border border-amber-700 bg-amber-50 p-2 text-sm text-slate-900">{noMailServerNotice}</p>
      )}
      <dl className="mt-2 grid grid-cols-2 gap-2 sm:grid-cols-3 lg:grid-cols-6">
        {figures.map(([label, value]) => (
          <div key={label} className="rounded-md bg-slate-50 px-3 py-2">
            <dt className="text-sm text-slate-700">{label}</dt>
            <dd className="text-lg font-bold text-navy-900">{value.toLocaleString('en-GB')}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
