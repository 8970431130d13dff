import { formatWhen } from '../../lib/format';
import { useAdminHealth } from './api/get-admin-health';

/** Issue 14: is the product keeping up? The job and e-mail backlogs, e-mails given up on, and the last backup. */
export function HealthPanel() {
  const health = useAdminHealth();
  if (health.isError) {
    return (
      <p role="alert" className="rounded-md border border-red-700 bg-red-50 p-3 text-sm text-red-900">
        We could not check the system’s health. It will be checked again in a minute.
      </p>
    );
  }
  if (!health.data) return null;
  const { jobs, emails, backup } = health.data;
  const items = [
    { label: 'Jobs waiting', value: jobs.backlog.toLocaleString('en-GB'), warn: jobs.backlog > 100 },
    { label: 'Jobs failed (24 h)', value: jobs.failedLastDay.toLocaleString('en-GB'), warn: jobs.failedLastDay > 0 },
    { label: 'E-mails waiting', value: emails.backlog.toLocaleString('en-GB'), warn: emails.backlog > 50 },
    { label: 'E-mails failed', value: emails.failed.toLocaleString('en-GB'), warn: emails.failed > 0 },
    {
      label: 'Last backup',
      value: !backup.tracked ? 'By the database server' : backup.lastAt ? formatWhen(backup.lastAt) : 'Never',
      warn: backup.tracked && (!backup.lastAt || Date.now() - Date.parse(backup.lastAt) > 2 * 24 * 3600 * 1000),
    },
  ];
  return (
    <section aria-labelledby="health-heading" className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
      <h2 id="health-heading" className="text-base font-semibold text-navy-900">
        System health
      </h2>
      <dl className="mt-2 grid grid-cols-2 gap-x-4 gap-y-2 text-sm sm:grid-cols-3 lg:grid-cols-5">
        {items.map((item) => (
          <div key={item.label}>
            <dt className="text-slate-700">{item.label}</dt>
            <dd className={item.warn ? 'font-semibold text-red-800' : 'font-semibold text-navy-900'}>
              {item.value}
              {item.warn ? <span className="sr-only"> (needs attention)</span> : null}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
