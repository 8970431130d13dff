import { createContext, useContext, useMemo, type AnchorHTMLAttributes, type ComponentType, type ReactNode } from 'react';

// The site shell and the public pages link through this context instead of importing the
// router. In the app, the router's Link fills it (client-side navigation); on prerendered
// public pages it stays a plain <a>, so those pages hydrate without shipping the router.
// The router's hooks come through it too (./router.ts): the customer screens run on react-router's
// data router inside the whole app and on a small router of their own when a customer route is
// opened (app/customer-app.tsx, issue 36), with the same code.

export type AppLinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & {
  /** A path, optionally with a #fragment or ?query: '/services', '/#coverage'. */
  to: string;
  /** History state for the page it opens (inside the app; a plain link ignores it). */
  state?: unknown;
  /** Replace the current history entry instead of adding one (inside the app). */
  replace?: boolean;
  children?: ReactNode;
};

export type AppLocation = { pathname: string; hash: string };

/** Where the app is, as react-router's `useLocation` says it. */
export type AppRouteLocation = AppLocation & { search: string; state: unknown; key: string };
export type AppNavigateOptions = { replace?: boolean; state?: unknown };
export type AppNavigate = {
  (to: string, options?: AppNavigateOptions): void | Promise<void>;
  (delta: number): void | Promise<void>;
};

/** A router's hooks, called by the screens through ./router.ts. */
export type RouterHooks = {
  useLocation: () => AppRouteLocation;
  useParams: () => Readonly<Record<string, string | undefined>>;
  useNavigate: () => AppNavigate;
};

type Navigation = {
  Link: ComponentType<AppLinkProps>;
  location: AppLocation;
  /** Absent on the prerendered public pages, which have no router. */
  router?: RouterHooks;
};

function PlainLink({ to, state: _state, replace: _replace, ...props }: AppLinkProps) {
  return <a href={to} {...props} />;
}

export const NavigationContext = createContext<Navigation>({ Link: PlainLink, location: { pathname: '/', hash: '' } });

export function NavigationProvider({
  Link = PlainLink,
  location,
  router,
  children,
}: {
  Link?: ComponentType<AppLinkProps>;
  location: AppLocation;
  router?: RouterHooks;
  children: ReactNode;
}) {
  const { pathname, hash } = location;
  const value = useMemo(() => ({ Link, location: { pathname, hash }, router }), [Link, pathname, hash, router]);
  return <NavigationContext.Provider value={value}>{children}</NavigationContext.Provider>;
}

export function useAppLocation(): AppLocation {
  return useContext(NavigationContext).location;
}

export function AppLink(props: AppLinkProps) {
  const { Link } = useContext(NavigationContext);
  return <Link {...props} />;
}

type AppNavLinkProps = Omit<AppLinkProps, 'className'> & {
  className?: string | ((state: { isActive: boolean }) => string);
};

/** A link that knows when it points at the current page (aria-current="page"). */
export function AppNavLink({ to, className, ...props }: AppNavLinkProps) {
  const { pathname } = useAppLocation();
  const target = to.split(/[?#]/)[0] ?? to;
  const isActive = pathname === target || (target !== '/' && pathname.startsWith(`${target}/`));
  return (
    <AppLink
      to={to}
      aria-current={isActive ? 'page' : undefined}
      className={typeof className === 'function' ? className({ isActive }) : className}
      {...props}
    />
  );
}
