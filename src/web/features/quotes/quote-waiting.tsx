import { site } from '../../../shared/site';
import { Button } from '../../components/ui/button';
import type { AssessmentView as Assessment } from '../../../shared/api/assessments';
import { AssessmentSummary } from '../assessments';

/** No approved quote yet (D12: no sample quote is made up here). */
export function QuoteWaiting({ assessment, onCheckAgain, checking }: { assessment: Assessment; onCheckAgain: () => void; checking: boolean }) {
  return (
    <div className="grid gap-6">
      <div>
        <h1 className="text-3xl font-bold tracking-tight text-navy-900 sm:text-4xl">Generating Your Quote</h1>
        <p className="mt-3 max-w-3xl text-lg leading-8 text-slate-700">
          Thank you, {assessment.name}. Our team is reviewing your photos and preparing your quote. It will be ready{' '}
          {site.quoteTurnaround}, and we will e-mail you at <span className="font-semibold text-slate-900">{assessment.email}</span> as soon
          as it is.
        </p>
        <div className="mt-4 flex flex-wrap items-center gap-3">
          <Button variant="outline" onClick={onCheckAgain} disabled={checking}>
            {checking ? 'Checking…' : 'Check again'}
          </Button>
          <p className="text-sm text-slate-700">
            Nothing after 24 hours? Call {site.supportPhone}.
          </p>
        </div>
      </div>
      <AssessmentSummary assessment={assessment} />
    </div>
  );
}
