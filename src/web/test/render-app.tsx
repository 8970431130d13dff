import { act, cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, type InitialEntry, type RouteObject } from 'react-router';
import { afterEach, beforeEach, expect, vi } from 'vitest';
import { AppProviders, createQueryClient } from '../app/providers';
import { dismissToast } from '../components/ui/use-toast';
import { routes as appRoutes } from '../app/routes';

/** Renders the real route tree at `path` (with history state, when an entry is given), as the browser would, with a fresh query cache. */
export function renderApp(path: InitialEntry, routes: RouteObject[] = appRoutes) {
  // jsdom has no scrolling; ScrollRestoration calls it on every navigation.
  window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const queryClient = createQueryClient();
  const result = render(
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...result, router, queryClient };
}

/** Replaces fetch with one that answers each call from `respond`. */
export function stubFetch(respond: (url: string, init?: RequestInit) => Response | Promise<Response>) {
  const fetchMock = vi.fn<typeof fetch>(async (input, init) => respond(String(input), init));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/**
 * The hooks every customer-page test file needs: the cookie banner answered (so it does not
 * cover the page), the clock fixed at `now` when given (only Date: timers stay real), and after
 * each test the toast dismissed, real time back, the DOM cleared and fetch restored.
 */
export function resetCustomerPageBetweenTests({ now }: { now?: Date } = {}) {
  beforeEach(() => {
    window.localStorage.setItem('autorevive.cookie-consent', 'declined');
    if (now) {
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(now);
    }
  });
  afterEach(() => {
    act(() => dismissToast());
    vi.useRealTimers();
    cleanup();
    vi.unstubAllGlobals();
  });
}

/**
 * Opens `path` with every request left unanswered and expects the loading screen's one h1 to be
 * `name` (axe's page-has-heading-one holds while a page loads).
 */
export async function expectOneHeadingWhileLoading(path: string, name: string) {
  stubFetch(() => new Promise<Response>(() => {}));
  renderApp(path);
  expect(await screen.findByRole('heading', { level: 1, name })).toBeInTheDocument();
  expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
}
