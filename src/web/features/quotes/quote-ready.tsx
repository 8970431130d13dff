import type { AssessmentView as Assessment } from '../../../shared/api/assessments';
import { AssessmentSummary } from '../assessments';
import { QuoteActions } from './quote-actions';
import { QuoteBreakdown } from './quote-breakdown';
import { QuoteTerms, QuoteTimeline } from './quote-timeline';
import type { QuoteView as Quote } from '../../../shared/api/quotes';
import { bookingBadges, QuoteBookingStatus, useQuoteBooking } from './quote-booking';

/**
 * SPEC's quote view, once an admin has approved the quote (D12). Once booked it follows the
 * booking (issue 33): says so and links to it, then shows the repair as done with its warranty.
 */
export function QuoteReady({ assessment, quote }: { assessment: Assessment; quote: Quote }) {
  const booking = useQuoteBooking(quote);
  // The server says whether it is past its valid-until day in London (isQuoteExpired); a booked quote is past that.
  const expired = quote.expired && !booking;
  const badge = booking ? bookingBadges[booking.stage] : expired ? 'Expired' : 'Ready';
  return (
    <div className="grid gap-6">
      <div>
        <div className="flex flex-wrap items-center gap-3">
          <h1 className="text-3xl font-bold tracking-tight text-navy-900 sm:text-4xl">Your repair quote</h1>
          <span className={`rounded-full px-3 py-1 text-sm font-semibold text-white ${expired ? 'bg-slate-700' : 'bg-teal-brand'}`}>{badge}</span>
        </div>
        <p className="mt-3 text-lg text-slate-700">
          For your {assessment.vehicleYear} {assessment.vehicleMake} {assessment.vehicleModel}, reference{' '}
          <span className="font-mono font-semibold text-slate-900">{assessment.reference}</span>.
        </p>
      </div>
      {booking ? <QuoteBookingStatus booking={booking} /> : null}
      <div className="grid gap-6 lg:grid-cols-[3fr_2fr]">
        <QuoteBreakdown quote={quote} />
        <div className="grid content-start gap-6">
          <QuoteActions quote={quote} />
          <QuoteTerms quote={quote} expired={expired} booked={booking !== null} />
          {/* The timeline and its "if you book today" are for a quote still to book. */}
          {booking ? null : <QuoteTimeline quote={quote} />}
        </div>
      </div>
      <AssessmentSummary assessment={assessment} />
    </div>
  );
}
