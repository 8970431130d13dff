import { Link } from 'react-router';
import { site } from '../../../shared/site';
import { Button, buttonClasses } from '../../components/ui/button';
import type { QuoteView as Quote } from '../../../shared/api/quotes';

/**
 * Accept goes to booking (D13). Changing the quote and its PDF (D21) are still being built,
 * so their buttons are shown, disabled, with a way to get either today.
 */
export function QuoteActions({ quote, expired }: { quote: Quote; expired: boolean }) {
  const open = quote.status === 'approved' && !expired;
  return (
    <section aria-labelledby="quote-next" className="grid gap-3 rounded-lg border border-slate-200 bg-slate-50 p-5">
      <h2 id="quote-next" className="text-xl font-bold text-navy-900">
        Next step
      </h2>
      {open ? (
        <Link to={`/booking/${quote.id}`} className={`${buttonClasses('primary', 'lg')} py-2 text-center`}>
          Accept Quote &amp; Book Appointment
        </Link>
      ) : (
        <p className="text-slate-800">
          {expired
            ? `This quote has expired. Call us on ${site.supportPhone} and we will refresh it.`
            : 'You have accepted this quote. We will be in touch about your appointment.'}
        </p>
      )}
      <div className="grid gap-3">
        <Button variant="outline" disabled aria-describedby="quote-coming-soon">
          Request Quote Modification
        </Button>
        <Button variant="outline" disabled aria-describedby="quote-coming-soon">
          Download PDF Quote
        </Button>
      </div>
      <p id="quote-coming-soon" className="text-sm text-slate-700">
        Requesting changes online and downloading a PDF are coming soon. Until then, call {site.supportPhone} or e-mail{' '}
        {site.supportEmail} and we will help.
      </p>
    </section>
  );
}
