import { useParams } from 'react-router';
import { useAssessment } from '../../features/assessments/api/get-assessment';
import { QuoteNotFound } from '../../features/quotes/quote-not-found';
import { QuoteReady } from '../../features/quotes/quote-ready';
import { QuoteSkeleton } from '../../features/quotes/quote-skeleton';
import { QuoteWaiting } from '../../features/quotes/quote-waiting';

const frame = 'mx-auto w-full max-w-6xl px-4 py-10 sm:px-6 sm:py-14';

function QuoteForAssessment({ id }: { id: string }) {
  const { data: assessment, isPending, refetch, isFetching } = useAssessment(id);
  if (isPending) return <QuoteSkeleton />;
  // A failed 'Check again' keeps what was already shown; a failed first read is a 404 (D10).
  if (!assessment) return <QuoteNotFound />;
  if (!assessment.quote) return <QuoteWaiting assessment={assessment} onCheckAgain={() => void refetch()} checking={isFetching} />;
  return <QuoteReady assessment={assessment} quote={assessment.quote} />;
}

/** /quote/{id}, where id is the assessment's id (SPEC section 2). */
export default function QuotePage() {
  const { id = '' } = useParams();
  const valid = /^\d{1,10}$/.test(id);
  return <div className={frame}>{valid ? <QuoteForAssessment id={id} /> : <QuoteNotFound />}</div>;
}
