import { useId } from 'react';
import { formatWhen } from '../../../lib/format';
import type { QuoteNotification } from '../../../../shared/api/dispatch';
import { useQuoteNotifications } from './dispatch-api';
import { cancelledAfterAccepting } from '../../../../shared/lifecycles/job-notification';
import { responseStatus } from './offer-summary';

const statusLabel: Record<QuoteNotification['status'], string> = {
  sent: 'Sent, not opened',
  viewed: 'Opened',
  accepted: 'Accepted',
  declined: 'Declined',
  expired: 'Expired or withdrawn',
};

/** SPEC's repairer responses on a job: who it was sent to, when, and what they said. */
export function RepairerResponses({ quoteId }: { quoteId: number }) {
  const headingId = useId();
  const responses = useQuoteNotifications(quoteId);
  return (
    <div role="group" aria-labelledby={headingId} className="mt-3">
      <h4 id={headingId} className="font-semibold text-navy-900">
        Repairer responses
      </h4>
      {responses.isError ? <p role="alert">We could not load the responses.</p> : null}
      {responses.data?.length === 0 ? <p className="text-sm text-slate-800">Not sent to any repairer yet.</p> : null}
      {responses.data && responses.data.length > 0 ? (
        <ul className="mt-1 grid gap-1 text-sm">
          {responses.data.map((n) => (
            <li key={n.id} className="rounded-md border border-slate-200 bg-white p-2">
              <span className="font-semibold text-navy-900">{n.repairerName}</span>: {cancelledAfterAccepting(n) ? 'Accepted, then taken away' : statusLabel[responseStatus(n, new Date())]} · sent{' '}
              {formatWhen(n.sentAt)}
              {n.respondedAt ? ` · answered ${formatWhen(n.respondedAt)}` : ''}
              {n.declineReason ? <span className="block text-slate-800">Reason: “{n.declineReason}”</span> : null}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
