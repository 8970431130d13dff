import type { ComponentType, ReactNode } from 'react';
import type { RoutePattern } from '../../shared/routes';
import { Skeleton } from '../components/ui/skeleton';
import { BookingSkeleton } from '../features/booking';
import { CheckoutLoading } from '../features/checkout';
import { QuoteSkeleton } from '../features/quotes';
import { MyRepairsLoading } from '../features/my-repairs/my-repairs-loading';
import { AssessmentFrame } from '../routes/customer/assessment';

// Issue 36 item 2: what a customer screen shows from its HTML, before its script has run: the
// site's frame (entry-server.tsx renders SiteLayout around it at build time) and the screen's own
// loading state, the one it shows while its data comes (so the app, once mounted, draws the same
// thing again: nothing moves). Nothing here can be used before the app is there: no form fields
// or buttons, only headings, text and placeholders. The app replaces it when it mounts (main.tsx).

const frame = 'mx-auto w-full max-w-6xl px-4 py-10 sm:px-6 sm:py-14';

function Framed({ children }: { children: ReactNode }) {
  return <div className={frame}>{children}</div>;
}

/** A screen whose first view depends on what its address carries: a placeholder under a heading for screen readers. */
function Loading() {
  return (
    <div role="status" className="grid gap-6">
      <h1 className="sr-only">Loading…</h1>
      <Skeleton className="h-10 w-2/3" />
      <Skeleton className="h-6 w-1/2" />
      <Skeleton className="h-72" />
    </div>
  );
}

/** The wizard's place until it loads: the steps' bar and the first step's panel. */
function WizardLoading() {
  return (
    <div role="status" className="grid gap-8">
      <span className="sr-only">Loading…</span>
      <Skeleton className="h-16" />
      <Skeleton className="h-80" />
    </div>
  );
}

export interface AppShell {
  pattern: RoutePattern;
  /** The route's module, in the build manifest's names (its chunks are preloaded by the shell). */
  module: string;
  Content: ComponentType;
}

const route = (name: string) => `src/web/routes/customer/${name}.tsx`;

/** The customer screens with a shell of their own (src/server/plugins/web.ts serves it for the route). */
export const appShells: readonly AppShell[] = [
  {
    pattern: '/assessment',
    module: route('assessment'),
    Content: () => (
      <AssessmentFrame>
        <WizardLoading />
      </AssessmentFrame>
    ),
  },
  {
    pattern: '/thank-you',
    module: route('thank-you'),
    Content: () => (
      <Framed>
        <Loading />
      </Framed>
    ),
  },
  {
    pattern: '/quote/:id',
    module: route('quote'),
    Content: () => (
      <Framed>
        <QuoteSkeleton />
      </Framed>
    ),
  },
  {
    pattern: '/booking/:quoteId',
    module: route('booking'),
    Content: () => (
      <Framed>
        <BookingSkeleton label="Loading your quote…" />
      </Framed>
    ),
  },
  {
    pattern: '/checkout',
    module: route('checkout'),
    Content: () => (
      <Framed>
        <CheckoutLoading />
      </Framed>
    ),
  },
  {
    pattern: '/confirmation/:appointmentId',
    module: route('confirmation'),
    Content: () => (
      <Framed>
        <BookingSkeleton label="Loading your booking…" />
      </Framed>
    ),
  },
  {
    pattern: '/appointments/:id',
    module: route('appointment'),
    Content: () => (
      <Framed>
        <BookingSkeleton label="Loading your appointment…" />
      </Framed>
    ),
  },
  {
    pattern: '/my-repairs',
    module: route('my-repairs'),
    Content: () => (
      <div className="mx-auto w-full max-w-4xl px-4 py-10 sm:px-6 sm:py-14">
        <MyRepairsLoading />
      </div>
    ),
  },
];
