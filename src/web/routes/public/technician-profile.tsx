import { useCallback, useEffect, useState } from 'react';
import { Link, useParams } from '../../components/navigation/router';
import type { TechnicianProfile } from '../../../shared/api/reviews';
import { howReviewsAreCollected } from '../../../shared/reviews';
import { site } from '../../../shared/site';
import { buttonClasses } from '../../components/ui/button';
import { Skeleton } from '../../components/ui/skeleton';
import { apiJsonAs, isApiError } from '../../lib/api';
import { ReviewsBlock } from '../../features/reviews';

// Issue 37 item 2: a verified technician's public profile, at /technicians/{name}-{opaque id} (D10:
// no id that counts), with the checks AutoRevive made, their completed repairs and every review of
// them, newest first. Structured data: the technician is an independent business that does not
// control its reviews here, so its AggregateRating may show in search (decision 0034).

type State = { status: 'loading' } | { status: 'missing' } | { status: 'failed' } | { status: 'ready'; profile: TechnicianProfile };

const checkLabels: { key: keyof TechnicianProfile['checks']; label: string }[] = [
  { key: 'insurance', label: 'Public liability insurance checked' },
  { key: 'identity', label: 'Identity checked' },
  { key: 'skills', label: 'Skills assessed' },
];

function StructuredData({ profile, url }: { profile: TechnicianProfile; url: string }) {
  const { summary } = profile.reviews;
  if (summary.averageTenths === null || summary.count === 0) return null;
  const data = {
    '@context': 'https://schema.org',
    '@type': 'LocalBusiness',
    name: profile.businessName,
    url,
    address: { '@type': 'PostalAddress', addressLocality: profile.town, addressCountry: 'GB' },
    aggregateRating: { '@type': 'AggregateRating', ratingValue: (summary.averageTenths / 10).toFixed(1), ratingCount: summary.count, bestRating: 5, worstRating: 1 },
  };
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: JSON.stringify(data).replace(/</g, '\\u003c') }} />;
}

export default function TechnicianProfilePage() {
  const { slug = '' } = useParams();
  const [state, setState] = useState<State>({ status: 'loading' });
  useEffect(() => {
    let live = true;
    apiJsonAs<TechnicianProfile>('GET', `/api/technicians/${encodeURIComponent(slug)}`).then(
      (profile) => live && setState({ status: 'ready', profile }),
      (error: unknown) => live && setState({ status: isApiError(error) && error.status === 404 ? 'missing' : 'failed' }),
    );
    return () => {
      live = false;
    };
  }, [slug]);

  const profile = state.status === 'ready' ? state.profile : null;
  // The first page came with the profile; later ones are read on their own.
  const loadReviews = useCallback(
    (page: number) => (page === 1 && profile ? Promise.resolve(profile.reviews) : apiJsonAs<TechnicianProfile>('GET', `/api/technicians/${encodeURIComponent(slug)}?page=${page}`).then((p) => p.reviews)),
    [profile, slug],
  );

  if (state.status === 'loading') {
    return (
      <div className="mx-auto w-full max-w-6xl px-4 py-12 sm:px-6" role="status">
        <span className="sr-only">Loading the technician’s profile…</span>
        <Skeleton className="h-10 w-2/3" />
        <Skeleton className="mt-6 h-40 w-full" />
      </div>
    );
  }
  if (state.status !== 'ready' || !profile) {
    return (
      <div className="mx-auto w-full max-w-3xl px-4 py-12 sm:px-6">
        <h1 className="text-3xl font-bold tracking-tight text-navy-900">{state.status === 'missing' ? 'Technician not found' : 'We could not load this profile'}</h1>
        <p className="mt-4 text-slate-700">
          {state.status === 'missing' ? 'We could not find that technician. They may no longer be part of our network.' : 'Please refresh the page, or try again in a few minutes.'}
        </p>
        <p className="mt-6">
          <Link to="/" className="font-medium text-teal-brand-dark underline underline-offset-2">
            Back to home
          </Link>
        </p>
      </div>
    );
  }

  const facts = [profile.firstName, profile.town, profile.yearsExperience === null ? null : `${profile.yearsExperience} ${profile.yearsExperience === 1 ? 'year' : 'years'}’ experience`].filter(Boolean);
  return (
    <>
      <StructuredData profile={profile} url={`${window.location.origin}${profile.profilePath}`} />
      <div className="border-b border-slate-200 bg-slate-50">
        <div className="mx-auto w-full max-w-6xl px-4 py-12 sm:px-6">
          <p className="text-sm font-semibold tracking-wide text-teal-brand-dark uppercase">Verified {site.brand} technician</p>
          <h1 className="mt-2 text-3xl font-bold tracking-tight text-navy-900 sm:text-4xl">{profile.businessName}</h1>
          <p className="mt-3 text-lg text-slate-700">{facts.join(' · ')}</p>
          <p className="mt-2 text-lg font-semibold text-navy-900">
            {profile.completedRepairs.toLocaleString('en-GB')} {profile.completedRepairs === 1 ? 'repair' : 'repairs'} completed with {site.brand}
          </p>
        </div>
      </div>
      <div className="mx-auto grid w-full max-w-6xl gap-8 px-4 py-10 sm:px-6 md:grid-cols-2">
        <section aria-labelledby="checks-heading">
          <h2 id="checks-heading" className="text-2xl font-bold tracking-tight text-navy-900">
            What we checked
          </h2>
          <ul className="mt-3 space-y-2 text-slate-800">
            {checkLabels.map(({ key, label }) => (
              <li key={key} className="flex gap-2">
                <span aria-hidden="true" className="font-bold text-teal-brand-dark">
                  {profile.checks[key] ? '✓' : '–'}
                </span>
                {label}
                {profile.checks[key] ? '' : ' (not yet)'}
              </li>
            ))}
          </ul>
        </section>
        <section aria-labelledby="services-heading">
          <h2 id="services-heading" className="text-2xl font-bold tracking-tight text-navy-900">
            Repairs they carry out
          </h2>
          <ul className="mt-3 list-disc space-y-1 pl-6 text-slate-800">
            {profile.services.map((service) => (
              <li key={service}>{service}</li>
            ))}
          </ul>
        </section>
      </div>
      <section aria-labelledby="reviews-heading" className="bg-slate-50">
        <div className="mx-auto w-full max-w-6xl px-4 py-12 sm:px-6">
          <h2 id="reviews-heading" className="text-2xl font-bold tracking-tight text-navy-900">
            Reviews of {profile.businessName}
          </h2>
          <p className="mt-3 max-w-3xl text-slate-700">{howReviewsAreCollected}</p>
          <ReviewsBlock load={loadReviews} showTechnician={false} />
          <p className="mt-6">
            <Link to="/assessment" className={buttonClasses('primary', 'lg')}>
              Get a free quote
            </Link>
          </p>
        </div>
      </section>
    </>
  );
}
