import { useParams } from '../../components/navigation/router';
import { QuoteForAssessment, QuoteNotFound } from '../../features/quotes';

const frame = 'mx-auto w-full max-w-6xl px-4 py-10 sm:px-6 sm:py-14';

/** /quote/{id}, where id is the assessment's id (SPEC section 2). */
export default function QuotePage() {
  const { id = '' } = useParams();
  const valid = /^\d{1,10}$/.test(id);
  return <div className={frame}>{valid ? <QuoteForAssessment id={id} /> : <QuoteNotFound />}</div>;
}
