import type { ComponentType } from 'react';
import type { RoutePattern } from '../../shared/routes';

// Issue 36: the customer's screens, one list for both routers: the whole app's data router
// (routes.tsx makes its routes from it) and the customer app's own (customer-app.tsx), which
// main.tsx boots when one of these is opened, so those screens load no react-router. Patterns
// follow src/shared/routes.ts. A customer screen added here gets the customer app; it must then
// take its routing from components/navigation/router.ts, not from react-router.

export type PageModule = { default: ComponentType };

export interface CustomerRoute {
  pattern: RoutePattern;
  /** The document title's page part (document-title.ts adds the brand). */
  title: string;
  load: () => Promise<PageModule>;
}

/** A module loaded once; a failed load (a deploy since the page opened, no network) is tried again next time. */
function once(load: () => Promise<PageModule>): () => Promise<PageModule> {
  let loading: Promise<PageModule> | undefined;
  return () => {
    loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    });
    return loading;
  };
}

const route = (pattern: RoutePattern, title: string, load: () => Promise<PageModule>): CustomerRoute => ({ pattern, title, load: once(load) });

// Customer journey (SPEC section 2, D13, D21).
export const customerRoutes: readonly CustomerRoute[] = [
  route('/assessment', 'Get a free quote', () => import('../routes/customer/assessment')),
  route('/thank-you', 'Thank you', () => import('../routes/customer/thank-you')),
  route('/quote/:id', 'Your quote', () => import('../routes/customer/quote')),
  route('/checkout', 'Payment', () => import('../routes/customer/checkout')),
  route('/booking/:quoteId', 'Schedule your repair', () => import('../routes/customer/booking')),
  route('/confirmation/:appointmentId', 'Booking confirmed', () => import('../routes/customer/confirmation')),
  route('/appointments/:id', 'Your appointment', () => import('../routes/customer/appointment')),
  // Issue 38 item 1 (docs/decisions/0036).
  route('/my-repairs', 'My repairs', () => import('../routes/customer/my-repairs')),
  // Issue 37 item 2: a verified technician's profile and reviews (read per technician, so not prerendered).
  route('/technicians/:slug', 'Technician profile', () => import('../routes/public/technician-profile')),
];

export interface CustomerMatch {
  route: CustomerRoute;
  params: Record<string, string>;
}

/** The customer route a path opens, with its params (as react-router matches them: a trailing slash is ignored). */
export function matchCustomerRoute(pathname: string): CustomerMatch | null {
  const parts = (pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname).split('/');
  for (const candidate of customerRoutes) {
    const segments = candidate.pattern.split('/');
    if (segments.length !== parts.length) continue;
    const params: Record<string, string> = {};
    const matches = segments.every((segment, index) => {
      const part = parts[index] ?? '';
      if (!segment.startsWith(':')) return segment === part;
      if (part === '') return false;
      params[segment.slice(1)] = decode(part);
      return true;
    });
    if (matches) return { route: candidate, params };
  }
  return null;
}

function decode(part: string): string {
  try {
    return decodeURIComponent(part);
  } catch {
    return part;
  }
}
