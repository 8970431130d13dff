import { Component, createContext, useCallback, useContext, useEffect, useLayoutEffect, useMemo, useRef, useState, type ComponentType, type MouseEvent, type ReactNode } from 'react';
import { redirectPaths } from '../../shared/routes';
import {
  NavigationProvider,
  type AppLinkProps,
  type AppNavigate,
  type AppNavigateOptions,
  type AppRouteLocation,
  type RouterHooks,
} from '../components/navigation/app-link';
import { matchCustomerRoute, type CustomerMatch } from './customer-routes';
import { titleForMatches } from './document-title';
import { BareErrorPage, ErrorMessage } from './error-screen';
import { NavigationProgress, useFocusOnNavigate } from './navigation-effects';
import { SiteLayout } from './site-layout';

// Issue 36: the customer's screens on a router of their own, so they load no react-router (its data
// router was 30 KiB gzipped of every screen's 130 KiB budget). main.tsx boots this app when the page
// opened is a customer route (customer-routes.ts); every other path, and the unit tests, run the whole
// app on the data router, where the same screens work through the same hooks
// (components/navigation/router.ts). What the data router gave these screens, this keeps:
// - links and navigate() between customer screens stay in the page (history entries with state, in
//   react-router's own format, so a reload or either app reads them); anything else is a page load;
// - the next screen's code is loaded before it is shown, the current one staying meanwhile with the
//   progress bar, as with the data router's lazy routes; a newer navigation wins;
// - the document title, focus moved to the new page's heading, and the scroll position: the top of
//   a new page (or its #fragment), where it was on Back and Forward and after a reload;
// - the route error screen when a screen's code fails to load or it throws while rendering.

type HistoryState = { usr?: unknown; key?: string; idx?: number } | null;
type Action = 'POP' | 'PUSH' | 'REPLACE';

interface View {
  location: AppRouteLocation;
  action: Action;
  match: CustomerMatch;
  Page: ComponentType | null;
  error: unknown;
}

function historyState(): HistoryState {
  return (window.history.state as HistoryState) ?? null;
}

function currentLocation(): AppRouteLocation {
  const state = historyState();
  const { pathname, search, hash } = window.location;
  return { pathname, search, hash, state: state?.usr ?? null, key: state?.key ?? 'default' };
}

const newKey = () => Math.random().toString(36).slice(2, 10);

async function viewFor(location: AppRouteLocation, match: CustomerMatch, action: Action): Promise<View> {
  try {
    return { location, action, match, Page: (await match.route.load()).default, error: null };
  } catch (error) {
    return { location, action, match, Page: null, error };
  }
}

/** A path's customer route after the redirects (/quote is the wizard), or null: a page load. */
function customerTarget(url: URL): { url: URL; match: CustomerMatch; redirected: boolean } | null {
  if (url.origin !== window.location.origin) return null;
  const redirect = redirectPaths[url.pathname];
  const target = redirect ? new URL(`${redirect}${url.search}${url.hash}`, url) : url;
  const match = matchCustomerRoute(target.pathname);
  return match ? { url: target, match, redirected: redirect !== undefined } : null;
}

// --- Scroll positions, by history entry (as react-router's ScrollRestoration keeps them) ---

const SCROLL_KEY = 'autorevive.scroll-positions';

function readPositions(): Record<string, number> {
  try {
    return JSON.parse(window.sessionStorage.getItem(SCROLL_KEY) ?? '{}') as Record<string, number>;
  } catch {
    return {};
  }
}

function useScrollRestoration(view: View, positions: Record<string, number>) {
  const first = useRef(true);
  useEffect(() => {
    window.history.scrollRestoration = 'manual';
    const onPageHide = () => {
      positions[currentLocation().key] = window.scrollY;
      try {
        window.sessionStorage.setItem(SCROLL_KEY, JSON.stringify(positions));
      } catch {
        // Storage full or refused: positions are only a convenience.
      }
      window.history.scrollRestoration = 'auto';
    };
    window.addEventListener('pagehide', onPageHide);
    return () => window.removeEventListener('pagehide', onPageHide);
  }, [positions]);

  const { key, hash } = view.location;
  useLayoutEffect(() => {
    const initial = first.current;
    first.current = false;
    const saved = positions[key];
    const target = hash ? document.getElementById(decodeURIComponent(hash.slice(1))) : null;
    // Nothing returned: React calls what an effect returns on clean-up, and Chromium's scroll
    // methods now return a promise.
    if ((initial || view.action === 'POP') && saved !== undefined) window.scrollTo(0, saved);
    else if (target) target.scrollIntoView();
    else if (!initial) window.scrollTo(0, 0);
    // The view's key is what changes with a navigation; its action and hash come with it.
  }, [key]);
}

// --- Errors ---

class ErrorBoundary extends Component<
  { resetKey: string; fallback: (error: unknown) => ReactNode; children: ReactNode },
  { failed: boolean; error: unknown; key: string }
> {
  override state = { failed: false, error: null as unknown, key: this.props.resetKey };

  static getDerivedStateFromError(error: unknown) {
    return { failed: true, error };
  }

  /** A navigation leaves the failed page behind, as the data router's error boundaries do. */
  static getDerivedStateFromProps(props: { resetKey: string }, state: { key: string }) {
    return props.resetKey === state.key ? null : { failed: false, error: null, key: props.resetKey };
  }

  override render() {
    return this.state.failed ? this.props.fallback(this.state.error) : this.props.children;
  }
}

// --- The router ---

interface CustomerRouting {
  location: AppRouteLocation;
  params: Readonly<Record<string, string | undefined>>;
  navigate: AppNavigate;
}

const RoutingContext = createContext<CustomerRouting | null>(null);

function useRouting(): CustomerRouting {
  const routing = useContext(RoutingContext);
  if (!routing) throw new Error('Outside the customer app');
  return routing;
}

const customerRouter: RouterHooks = {
  useLocation: () => useRouting().location,
  useParams: () => useRouting().params,
  useNavigate: () => useRouting().navigate,
};

const modified = (event: MouseEvent) => event.button !== 0 || event.metaKey || event.altKey || event.ctrlKey || event.shiftKey;

/** An in-app link to a customer screen; to anywhere else, an ordinary link (a page load). */
function CustomerLink({ to, state, replace, onClick, target, ...props }: AppLinkProps) {
  const { navigate } = useRouting();
  return (
    <a
      href={to}
      target={target}
      {...props}
      onClick={(event) => {
        onClick?.(event);
        if (event.defaultPrevented || modified(event) || (target && target !== '_self') || props.download !== undefined) return;
        const url = new URL(to, window.location.href);
        if (!customerTarget(url)) return;
        event.preventDefault();
        // As react-router's Link: a link to the page already shown replaces its entry.
        void navigate(to, { state, replace: replace ?? url.href === window.location.href });
      }}
    />
  );
}

function CustomerRouter({ first }: { first: View }) {
  const [view, setView] = useState(first);
  const [loading, setLoading] = useState(false);
  const shown = useRef(view);
  const latest = useRef(0);
  const positions = useMemo(readPositions, []);

  useEffect(() => {
    shown.current = view;
  }, [view]);

  /** Loads the screen, then (unless a newer navigation came meanwhile) records the entry and shows it. */
  const show = useCallback(
    async (location: AppRouteLocation, match: CustomerMatch, action: Action, record?: () => void) => {
      const ticket = ++latest.current;
      setLoading(true);
      const next = await viewFor(location, match, action);
      if (ticket !== latest.current) return;
      positions[shown.current.location.key] = window.scrollY;
      record?.();
      setView(next);
      setLoading(false);
    },
    [positions],
  );

  const navigate = useCallback(
    ((to: string | number, options: AppNavigateOptions = {}) => {
      if (typeof to === 'number') return window.history.go(to);
      const found = customerTarget(new URL(to, window.location.href));
      if (!found) {
        const href = new URL(to, window.location.href).href;
        return options.replace ? window.location.replace(href) : window.location.assign(href);
      }
      const { url, match } = found;
      const replace = options.replace === true || found.redirected;
      const state = options.state ?? null;
      const location: AppRouteLocation = { pathname: url.pathname, search: url.search, hash: url.hash, state, key: newKey() };
      const index = historyState()?.idx ?? 0;
      void show(location, match, replace ? 'REPLACE' : 'PUSH', () => {
        const entry = { usr: state, key: location.key, idx: replace ? index : index + 1 };
        const path = `${url.pathname}${url.search}${url.hash}`;
        if (replace) window.history.replaceState(entry, '', path);
        else window.history.pushState(entry, '', path);
      });
    }) as AppNavigate,
    [show],
  );

  useEffect(() => {
    // react-router numbers the entries; a fresh one gets its number, as the data router does.
    const state = historyState();
    if (state?.idx === undefined) window.history.replaceState({ usr: null, key: 'default', ...state, idx: 0 }, '');
    const onPopState = () => {
      const location = currentLocation();
      const match = matchCustomerRoute(location.pathname);
      // Back to a page that is not a customer screen: load it.
      if (!match) return window.location.reload();
      void show(location, match, 'POP');
    };
    window.addEventListener('popstate', onPopState);
    return () => window.removeEventListener('popstate', onPopState);
  }, [show]);

  const { location, match } = view;
  const routing = useMemo(() => ({ location, params: match.params, navigate }), [location, match.params, navigate]);

  useEffect(() => {
    document.title = titleForMatches([{ handle: { title: match.route.title }, params: match.params }]);
  }, [match]);
  useFocusOnNavigate(location.pathname);
  useScrollRestoration(view, positions);

  const { Page, error } = view;
  return (
    <RoutingContext.Provider value={routing}>
      <NavigationProvider Link={CustomerLink} location={{ pathname: location.pathname, hash: location.hash }} router={customerRouter}>
        <SiteLayout top={<NavigationProgress loading={loading} />}>
          <ErrorBoundary resetKey={location.key} fallback={(thrown) => <ErrorMessage error={thrown} />}>
            {Page ? <Page /> : <ErrorMessage error={error} />}
          </ErrorBoundary>
        </SiteLayout>
      </NavigationProvider>
    </RoutingContext.Provider>
  );
}

/** The customer app at `match` (the page opened), its screen's code loaded first so the first render shows it. */
export async function customerApp(match: CustomerMatch): Promise<ReactNode> {
  const first = await viewFor(currentLocation(), match, 'POP');
  return (
    <ErrorBoundary resetKey="" fallback={(error) => (
        <BareErrorPage>
          <ErrorMessage error={error} />
        </BareErrorPage>
      )}>
      <CustomerRouter first={first} />
    </ErrorBoundary>
  );
}
