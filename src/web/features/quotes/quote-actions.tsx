import { useRef, useState, type MouseEvent } from 'react';
import { Link } from '../../components/navigation/router';
import { formatLondonDate } from '../../../shared/london-time';
import { Button, buttonClasses } from '../../components/ui/button';
import type { QuoteView as Quote } from '../../../shared/api/quotes';
import { quotePdfUrl } from './api/quote-pdf';
import { onDemand } from '../../components/on-demand';
import { useOpenModificationRequests } from './api/open-modification-requests';

// The dialog's form, its schema (zod), react-hook-form and Radix Dialog are 45 KiB gzipped that
// the quote does not need to show: fetched when the customer first asks for a change (issue 36).
const ModificationDialog = onDemand(async () => (await import('./modification-dialog')).ModificationDialog);
// Issue 37 item 7: the open request's panel, fetched only when the customer has one.
const OpenRequest = onDemand(async () => (await import('./open-request')).OpenRequest);

/** The sentence that describes Accept while a change request is open. */
const revisionComingId = 'quote-revision-coming';

/** What an expired quote's 'Ask for a fresh quote' starts the message with. */
export const freshQuoteMessage = (quote: Quote) =>
  `My quote ${quote.reference} expired on ${formatLondonDate(quote.validUntil)}. Please could you send me a fresh quote for the same repair?`;

/**
 * Accept goes to booking (D13); an expired quote cannot be accepted and offers to ask for a
 * fresh one instead. Changes are asked for in a dialog and the PDF is a real download (D21).
 */
export function QuoteActions({ quote }: { quote: Quote }) {
  const [dialog, setDialog] = useState<'change' | 'fresh' | null>(null);
  // Mounted from its first opening on, so it closes (and returns focus) as it always did.
  const [asked, setAsked] = useState(false);
  const opener = useRef<HTMLElement | null>(null);
  const openDialog = (kind: 'change' | 'fresh') => (event: MouseEvent<HTMLElement>) => {
    opener.current = event.currentTarget;
    setAsked(true);
    setDialog(kind);
  };
  const approved = quote.status === 'approved';
  const open = approved && !quote.expired;
  const requests = useOpenModificationRequests(quote.id, approved);
  // Read defensively: an older server (or a stub) may answer something else.
  const openRequests = Array.isArray(requests.data?.open) ? requests.data.open : [];
  const revisionComing = open && openRequests.length > 0;
  return (
    <section aria-labelledby="quote-next" className="grid gap-3 rounded-lg border border-slate-200 bg-slate-50 p-5">
      <h2 id="quote-next" className="text-xl font-bold text-navy-900">
        {approved ? 'Next step' : 'Your quote'}
      </h2>
      {openRequests.length > 0 ? <OpenRequest open={openRequests} /> : null}
      {open ? (
        <>
          <Link
            to={`/booking/${quote.id}`}
            aria-describedby={revisionComing ? revisionComingId : undefined}
            className={`${buttonClasses('primary', 'lg')} py-2 text-center`}>
            Accept Quote &amp; Book Appointment
          </Link>
          {revisionComing ? (
            <p id={revisionComingId} className="text-sm text-slate-700">
              A revised quote is on its way. Accepting now books this quote as it stands.
            </p>
          ) : null}
        </>
      ) : quote.expired && approved ? (
        <>
          <p role="status" className="rounded-md border border-amber-700 bg-amber-50 p-3 text-slate-900">
            This quote expired on {formatLondonDate(quote.validUntil)}, so it can no longer be accepted. Prices and availability may have
            changed: ask us for a fresh quote and we will send one within 24 hours.
          </p>
          <Button size="lg" onClick={openDialog('fresh')}>
            Ask for a fresh quote
          </Button>
        </>
      ) : null}
      <div className="grid gap-3">
        {open ? (
          <Button variant="outline" onClick={openDialog('change')}>
            Request Quote Modification
          </Button>
        ) : null}
        <a href={quotePdfUrl(quote.id)} download className={buttonClasses('outline')}>
          Download PDF Quote
        </a>
      </div>
      {asked ? (
        <ModificationDialog
          quoteId={quote.id}
          open={dialog !== null}
          onOpenChange={(next) => setDialog(next ? dialog : null)}
          title={dialog === 'fresh' ? 'Ask for a fresh quote' : 'Request Quote Modification'}
          initialMessage={dialog === 'fresh' ? freshQuoteMessage(quote) : ''}
          returnFocus={opener}
        />
      ) : null}
    </section>
  );
}
