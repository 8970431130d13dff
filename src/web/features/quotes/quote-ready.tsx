import type { AssessmentView as Assessment } from '../../../shared/api/assessments';
import { AssessmentSummary } from '../assessments';
import { QuoteActions } from './quote-actions';
import { QuoteBreakdown } from './quote-breakdown';
import { QuoteTerms, QuoteTimeline } from './quote-timeline';
import type { QuoteView as Quote } from '../../../shared/api/quotes';

/** SPEC's quote view, once an admin has approved the quote (D12). */
export function QuoteReady({ assessment, quote }: { assessment: Assessment; quote: Quote }) {
  // The server says whether it is past its valid-until day in London (isQuoteExpired).
  const { expired } = quote;
  return (
    <div className="grid gap-6">
      <div>
        <div className="flex flex-wrap items-center gap-3">
          <h1 className="text-3xl font-bold tracking-tight text-navy-900 sm:text-4xl">Your repair quote</h1>
          <span className={`rounded-full px-3 py-1 text-sm font-semibold text-white ${expired ? 'bg-slate-700' : 'bg-teal-brand'}`}>
            {expired ? 'Expired' : 'Ready'}
          </span>
        </div>
        <p className="mt-3 text-lg text-slate-700">
          For your {assessment.vehicleYear} {assessment.vehicleMake} {assessment.vehicleModel}, reference{' '}
          <span className="font-mono font-semibold text-slate-900">{assessment.reference}</span>.
        </p>
      </div>
      <div className="grid gap-6 lg:grid-cols-[3fr_2fr]">
        <QuoteBreakdown quote={quote} />
        <div className="grid content-start gap-6">
          <QuoteActions quote={quote} />
          <QuoteTerms quote={quote} expired={expired} />
          <QuoteTimeline quote={quote} />
        </div>
      </div>
      <AssessmentSummary assessment={assessment} />
    </div>
  );
}
