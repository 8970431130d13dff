import { useState } from 'react';
import type { AuditEntry } from '../../../shared/api/privacy';
import { auditActionLabels } from '../../../shared/audit';
import { Pager } from '../../components/ui/pager';
import { Skeleton } from '../../components/ui/skeleton';
import { formatWhen } from '../../lib/format';
import { AUDIT_PAGE_SIZE, useAuditLog } from './api/get-audit-log';
import { AdminSubpage } from './admin-subpage';

const entityLabels: Record<string, string> = { quote: 'Quote', payment: 'Payment', payout: "Technician's payment", repairer: 'Repairer', assessment: 'Enquiry', appointment: 'Booking', review: 'Review' };
const actorLabels: Record<AuditEntry['actorRole'], string> = { admin: 'Admin', repairer: 'Repairer', customer: 'The customer', system: 'Retention job' };

function describe(entry: AuditEntry): string {
  const reference = typeof entry.detail.reference === 'string' ? ` (${entry.detail.reference})` : '';
  return `${entityLabels[entry.entity] ?? entry.entity} #${entry.entityId}${reference}`;
}

/** Issue 14: who approved, changed or deleted a quote, refunded, verified a repairer, or downloaded or erased a customer's data. */
export function AuditLogScreen() {
  const [page, setPage] = useState(1);
  const log = useAuditLog(page);
  return (
    <AdminSubpage title="Audit log" intro="Every approval, change and deletion of a quote, refund, verification, download and erasure of a customer’s data, newest first.">
      {log.isPending ? (
        <div role="status" className="mt-4">
          <span className="sr-only">Loading the audit log…</span>
          <Skeleton className="h-48 w-full" />
        </div>
      ) : log.isError ? (
        <p role="alert" className="mt-4 rounded-md border border-red-700 bg-red-50 p-3 text-red-900">
          We could not load the audit log. Please refresh the page.
        </p>
      ) : log.data.items.length === 0 ? (
        <p className="mt-4 text-slate-800">Nothing has been recorded yet.</p>
      ) : (
        <>
          <div className="mt-4 overflow-x-auto rounded-lg border border-slate-200 bg-white" tabIndex={0} role="region" aria-label="Audit log entries (scrolls sideways on small screens)">
            <table className="w-full min-w-[40rem] text-left">
              <caption className="sr-only">Audit log, newest first</caption>
              <thead className="bg-slate-50 text-sm text-slate-800">
                <tr>
                  <th scope="col" className="px-3 py-2">When</th>
                  <th scope="col" className="px-3 py-2">Who</th>
                  <th scope="col" className="px-3 py-2">What</th>
                  <th scope="col" className="px-3 py-2">Record</th>
                </tr>
              </thead>
              <tbody>
                {log.data.items.map((entry) => (
                  <tr key={entry.id} className="border-t border-slate-200 align-top">
                    <td className="px-3 py-2 whitespace-nowrap">{formatWhen(entry.at)}</td>
                    <td className="px-3 py-2 break-all">{entry.actorEmail ?? actorLabels[entry.actorRole]}</td>
                    <td className="px-3 py-2">
                      {auditActionLabels[entry.action]}
                      {/* The team's own words (a refund's, a take-back's, an erasure's), not a job's code. */}
                      {typeof entry.detail.reason === 'string' && entry.detail.reason.includes(' ') ? (
                        <span className="mt-1 block text-sm whitespace-pre-line text-slate-700">Reason: {entry.detail.reason}</span>
                      ) : null}
                      {/* What a change of availability changed, in words (issue 35). */}
                      {Array.isArray(entry.detail.changes) && entry.detail.changes.length > 0 ? (
                        <span className="mt-1 block text-sm text-slate-700">{entry.detail.changes.filter((change) => typeof change === 'string').join('; ')}</span>
                      ) : null}
                    </td>
                    <td className="px-3 py-2">{describe(entry)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Pager label="Audit log pages" page={page} pages={Math.max(1, Math.ceil(log.data.total / AUDIT_PAGE_SIZE))} onPage={setPage} />
        </>
      )}
    </AdminSubpage>
  );
}
