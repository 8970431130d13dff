import { lazy, Suspense } from 'react';
import { Link, useLocation, useSearchParams } from '../../components/navigation/router';
import { site } from '../../../shared/site';
import { company } from '../../lib/company';
import { buttonClasses } from '../../components/ui/button';

// The reference is the server's (e.g. AR-7K3Q-9XPM), never made up here: SPEC's client-side
// reference from the clock would match nothing in our records.
const REFERENCE = /^AR-[0-9A-Z]{4}-[0-9A-Z]{4}$/;

function useSubmission(): { reference: string | null; id: string | null } {
  const [search] = useSearchParams();
  const state = useLocation().state as { reference?: unknown; id?: unknown } | null;
  const reference = search.get('ref') ?? (typeof state?.reference === 'string' ? state.reference : null);
  const id = search.get('id') ?? (typeof state?.id === 'number' ? String(state.id) : null);
  return {
    reference: reference && REFERENCE.test(reference) ? reference : null,
    id: id && /^\d{1,10}$/.test(id) ? id : null,
  };
}

const nextSteps = [
  { title: 'We review your photos', text: 'A member of our team looks at the damage and prices the repair.' },
  { title: 'Your quote arrives by e-mail', text: `It comes ${site.quoteTurnaround}, with a private link to view it.` },
  { title: 'Accept and book', text: 'Choose a date and time, and a vetted technician comes to you.' },
];

// Issue 35: whether a technician covers the customer, read after the page shows (its own chunk:
// the thank-you screen's script budget, docs/decisions/0022).
const CoverageOf = lazy(() => import('./thank-you-coverage'));

export default function ThankYouPage() {
  const { reference, id } = useSubmission();
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-12 sm:px-6 sm:py-16">
      <div className="flex items-center gap-3">
        <span aria-hidden="true" className="flex size-12 shrink-0 items-center justify-center rounded-full bg-teal-brand text-2xl text-white">
          ✓
        </span>
        <h1 className="text-3xl font-bold tracking-tight text-navy-900 sm:text-4xl">Thank you!</h1>
      </div>
      <p className="mt-4 text-lg leading-8 text-slate-800">
        We have received your assessment and photos. Your quote will arrive by e-mail {site.quoteTurnaround}.
      </p>

      {reference ? (
        <div className="mt-6 rounded-lg border border-teal-brand bg-white p-5">
          <p className="text-sm font-semibold text-slate-700">Your reference number</p>
          <p className="mt-1 font-mono text-2xl font-bold tracking-wider text-navy-900">{reference}</p>
          <p className="mt-2 text-sm text-slate-700">Please quote it if you contact us. It is also in the e-mail we have just sent you.</p>
        </div>
      ) : (
        <p className="mt-6 rounded-lg border border-slate-200 bg-slate-50 p-5 text-slate-800">
          Your reference number is in the e-mail we sent you when your assessment arrived.
        </p>
      )}

      {id ? (
        <Suspense fallback={null}>
          <CoverageOf id={id} />
        </Suspense>
      ) : null}

      <section aria-labelledby="next-steps" className="mt-10">
        <h2 id="next-steps" className="text-2xl font-bold tracking-tight text-navy-900">
          What happens next
        </h2>
        <ol className="mt-4 grid gap-4">
          {nextSteps.map((step, index) => (
            <li key={step.title} className="flex gap-4">
              <span aria-hidden="true" className="flex size-9 shrink-0 items-center justify-center rounded-full bg-navy-900 font-bold text-white">
                {index + 1}
              </span>
              <div>
                <h3 className="font-semibold text-navy-900">{step.title}</h3>
                <p className="text-slate-700">{step.text}</p>
              </div>
            </li>
          ))}
        </ol>
        {id ? (
          <p className="mt-4 text-slate-800">
            You can check on your quote at any time on{' '}
            <Link to={`/quote/${id}`} className="font-medium text-teal-brand-dark underline underline-offset-2 hover:text-navy-900">
              your quote page
            </Link>
            .
          </p>
        ) : null}
        <p className="mt-4 text-slate-800">
          All your enquiries with us, on any phone or computer, are in{' '}
          <Link to="/my-repairs" className="font-medium text-teal-brand-dark underline underline-offset-2 hover:text-navy-900">
            My repairs
          </Link>
          : we e-mail you a link to sign in.
        </p>
      </section>

      <section aria-labelledby="questions" className="mt-10 rounded-lg bg-slate-50 p-5">
        <h2 id="questions" className="text-xl font-bold text-navy-900">
          Questions?
        </h2>
        <p className="mt-2 text-slate-800">
          E-mail{' '}
          <a href={`mailto:${company().supportEmail}`} className="font-medium text-teal-brand-dark underline underline-offset-2">
            {company().supportEmail}
          </a>{' '}
          or call{' '}
          <a href={`tel:${company().supportPhoneE164}`} className="font-medium text-teal-brand-dark underline underline-offset-2">
            {company().supportPhone}
          </a>
          , {company().supportHoursSentence}.
        </p>
      </section>

      <div className="mt-10 flex flex-wrap gap-3">
        <Link to="/" className={buttonClasses('primary')}>
          Back to the home page
        </Link>
        <Link to="/services" className={buttonClasses('outline')}>
          Explore our services
        </Link>
      </div>
    </div>
  );
}
