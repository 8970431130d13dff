import { useEffect, useRef, useState } from 'react';
import type { AssessmentView as Assessment } from '../../../shared/api/assessments';
import { toast, useToastOnce } from '../../components/ui/use-toast';
import { useAssessment } from '../assessments';
import { UncoveredNotice } from '../coverage';
import { DataErased, YourDataPanel } from '../privacy';
import type { ErasureResult } from '../../../shared/api/privacy';
import { assessmentNotFoundMessage, assessmentNotFoundTitle, QuoteNotFound } from './quote-not-found';
import { QuoteReady } from './quote-ready';
import { QuoteSkeleton } from './quote-skeleton';
import { QuoteWaiting } from './quote-waiting';

/** While the quote is being prepared the page reads the assessment again this often, quietly. */
export const QUOTE_POLL_MS = 30_000;

const pollWhileWaiting = (assessment: Assessment | undefined) => (assessment && !assessment.quote ? QUOTE_POLL_MS : false);

/** SPEC's quote view for the assessment `id`: skeleton, not found, Generating Your Quote, or Ready. */
export function QuoteForAssessment({ id }: { id: string }) {
  const [erased, setErased] = useState<ErasureResult | null>(null);
  const { data: assessment, isPending, refetch } = useAssessment(id, { refetchInterval: pollWhileWaiting, enabled: erased === null });
  const [checking, setChecking] = useState(false);
  const sawWaiting = useRef(false);
  const quoteId = assessment?.quote?.id;
  const waiting = assessment !== undefined && !assessment.quote;

  // SPEC section 8's toast, only when the quote turns up while the customer is watching.
  useEffect(() => {
    if (waiting) sawWaiting.current = true;
    else if (quoteId !== undefined && sawWaiting.current) {
      sawWaiting.current = false;
      toast({ title: 'Quote Ready!', description: 'Your repair quote has been generated.', variant: 'success' });
    }
  }, [waiting, quoteId]);

  useToastOnce(!isPending && !assessment && erased === null, { title: assessmentNotFoundTitle, description: assessmentNotFoundMessage, variant: 'destructive' });

  const checkAgain = () => {
    setChecking(true);
    void refetch().finally(() => setChecking(false));
  };

  if (erased) return <DataErased result={erased} />;
  if (isPending) return <QuoteSkeleton />;
  // A failed 'Check again' or poll keeps what was already shown; a failed first read is a 404 (D10).
  if (!assessment) return <QuoteNotFound />;
  return (
    <>
      {assessment.coverage.covered ? null : (
        <div className="mb-8">
          <UncoveredNotice assessment={assessment} />
        </div>
      )}
      {assessment.quote ? <QuoteReady assessment={assessment} quote={assessment.quote} /> : <QuoteWaiting assessment={assessment} onCheckAgain={checkAgain} checking={checking} />}
      <YourDataPanel assessmentId={assessment.id} reference={assessment.reference} onErased={setErased} />
    </>
  );
}
