import { formatLondonDateTime } from '../../../shared/london-time';
import { modificationReplyBy } from '../../../shared/modification-reply';
import type { ModificationRequestView } from '../../../shared/api/quotes';

/**
 * Issue 37 item 7: the change the customer asked for, when, and when the team's answer is due,
 * shown until the team sends a revised quote (which answers it). Its own chunk: the quote page
 * fetches it only when a request is open.
 */
export function OpenRequest({ open }: { open: ModificationRequestView[] }) {
  const latest = open.at(-1);
  if (!latest) return null;
  const asked = formatLondonDateTime(new Date(latest.createdAt));
  const replyBy = formatLondonDateTime(new Date(modificationReplyBy(latest.createdAt)));
  return (
    <section aria-labelledby="quote-request-heading" className="rounded-md border border-amber-700 bg-amber-50 p-3 text-slate-900">
      <h3 id="quote-request-heading" className="font-bold text-navy-900">
        Your change request
      </h3>
      <p className="mt-1">
        You asked on {asked}
        {open.length > 1 ? ` (the latest of your ${open.length} requests)` : ''}:
      </p>
      <blockquote className="mt-1 border-l-4 border-amber-700 pl-3 break-words whitespace-pre-line">{latest.message}</blockquote>
      <p className="mt-2">
        We will e-mail you a revised quote or an answer by <strong>{replyBy}</strong>.
      </p>
    </section>
  );
}
