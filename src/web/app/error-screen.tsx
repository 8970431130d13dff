import type { ReactNode } from 'react';
import { buttonClasses } from '../components/ui/button';
import { company } from '../lib/company';

// What a page that failed shows, in either router: the data router's error boundaries
// (route-error.tsx) and the customer app's (customer-app.tsx).

function isChunkLoadError(error: unknown): boolean {
  return (
    error instanceof Error &&
    /dynamically imported module|Importing a module script failed|error loading dynamically/i.test(error.message)
  );
}

export function ErrorMessage({ error }: { error: unknown }) {
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
        {/* A page load, not an in-app navigation: the app that failed is left behind. */}
        <a href="/" className={buttonClasses('outline')}>
          Go to the home page
        </a>
      </div>
    </div>
  );
}

/** The layout itself failed: a bare page with its own landmark. */
export function BareErrorPage({ children }: { children: ReactNode }) {
  return (
    <main id="main-content" className="min-h-dvh">
      {children}
    </main>
  );
}
