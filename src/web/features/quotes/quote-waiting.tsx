import { decimalStringToPence } from '../../../shared/money';
import { guidePriceLabel } from '../../../shared/guide-price';
import { site } from '../../../shared/site';
import { company } from '../../lib/company';
import { Button } from '../../components/ui/button';
import type { AssessmentView as Assessment } from '../../../shared/api/assessments';
import { AssessmentSummary } from '../assessments';

/** "Typical price for repairs like this: £105–£165", or null when the server gave no guide. */
export function guidePriceText(guide: Assessment['guidePrice']): string | null {
  if (!guide) return null;
  const lowPence = decimalStringToPence(guide.low);
  const highPence = decimalStringToPence(guide.high);
  if (lowPence === null || highPence === null) return null;
  return guidePriceLabel({ lowPence, highPence });
}

/** No approved quote yet (D12: the price list's guide is shown, labelled as a guide; no sample quote is made up here). */
export function QuoteWaiting({ assessment, onCheckAgain, checking }: { assessment: Assessment; onCheckAgain: () => void; checking: boolean }) {
  const guide = guidePriceText(assessment.guidePrice);
  return (
    <div className="grid gap-6">
      <div>
        <h1 className="text-3xl font-bold tracking-tight text-navy-900 sm:text-4xl">Generating Your Quote</h1>
        <p className="mt-3 max-w-3xl text-lg leading-8 text-slate-700">
          Thank you, {assessment.name}. Our team is reviewing your photos and preparing your quote. It will be ready{' '}
          {site.quoteTurnaround}, and we will e-mail you at <span className="font-semibold text-slate-900">{assessment.email}</span> as soon
          as it is.
        </p>
        {guide ? (
          <section aria-labelledby="quote-guide" className="mt-4 max-w-3xl rounded-lg border border-navy-100 bg-navy-50 p-4">
            <h2 id="quote-guide" className="text-lg font-semibold text-navy-900">
              {guide}
            </h2>
            <p className="mt-1 text-slate-800">
              This is a guide from our price list, not your quote: your price is set once our team has looked at your photos.
            </p>
          </section>
        ) : null}
        <div className="mt-4 flex flex-wrap items-center gap-3">
          <Button variant="outline" onClick={onCheckAgain} disabled={checking}>
            {checking ? 'Checking…' : 'Check again'}
          </Button>
          <p className="text-sm text-slate-700">
            This page also checks by itself every 30 seconds. Nothing after 24 hours? Call {company().supportPhone}.
          </p>
        </div>
      </div>
      <AssessmentSummary assessment={assessment} />
    </div>
  );
}
