import { assessmentMessages } from '../../../shared/assessment-messages';
import { company } from '../../lib/company';
import { NotFoundActions } from '../../components/not-found-message';

export const assessmentNotFoundMessage = assessmentMessages.notFound;
/** SPEC section 8's title, the page's heading and its toast's. */
export const assessmentNotFoundTitle = 'Assessment Not Found';

/** Missing, or not this visitor's to see (D10): both look the same from here. */
export function QuoteNotFound() {
  return (
    <div className="mx-auto max-w-2xl py-8 text-center">
      <h1 className="text-3xl font-bold text-navy-900">{assessmentNotFoundTitle}</h1>
      <p className="mt-4 text-lg text-slate-800">{assessmentNotFoundMessage}</p>
      <p className="mt-3 text-slate-700">
        If you sent us photos, open the link in the e-mail we sent you: it lets you see your quote on any device. Or call us on{' '}
        {company().supportPhone}.
      </p>
      <NotFoundActions />
    </div>
  );
}
