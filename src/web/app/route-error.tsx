import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { company } from '../lib/company';
import { buttonClasses } from '../components/ui/button';
import { NotFoundMessage } from '../components/not-found-message';

function isChunkLoadError(error: unknown): boolean {
  return (
    error instanceof Error &&
    /dynamically imported module|Importing a module script failed|error loading dynamically/i.test(error.message)
  );
}

function ErrorMessage() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundMessage />;

  const stale = isChunkLoadError(error);
  return (
    <div className="mx-auto max-w-2xl px-4 py-16">
      <h1 className="text-3xl font-bold text-navy-900">
        {stale ? 'This page needs a refresh' : 'Something went wrong'}
      </h1>
      <p className="mt-4 text-lg text-slate-800">
        {stale
          ? 'We have updated the site since this page was opened. Reload to get the latest version.'
          : `Sorry, this page could not be shown. Please reload, or call us on ${company().supportPhone} if it keeps happening.`}
      </p>
      <div className="mt-8 flex flex-wrap gap-3">
        <button type="button" className={buttonClasses('primary')} onClick={() => window.location.reload()}>
          Reload the page
        </button>
        <Link to="/" reloadDocument className={buttonClasses('outline')}>
          Go to the home page
        </Link>
      </div>
    </div>
  );
}

/** Inside the layout: the header and footer stay, the page area shows the problem. */
export function RouteErrorBoundary() {
  return <ErrorMessage />;
}

/** The layout itself failed: a bare page with its own landmark. */
export function RootErrorBoundary() {
  return (
    <main id="main-content" className="min-h-dvh">
      <ErrorMessage />
    </main>
  );
}

/**
 * Shown only if the first render still has route modules to load: main.tsx loads them
 * before rendering, so in practice only when that failed and the router is retrying.
 */
export function AppLoading() {
  return (
    <div role="status" className="grid min-h-dvh place-items-center text-slate-700">
      Loading…
    </div>
  );
}
