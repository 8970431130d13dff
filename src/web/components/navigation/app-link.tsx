import { createContext, useContext, useMemo, type AnchorHTMLAttributes, type ComponentType, type ReactNode } from 'react';

// The site shell and the public pages link through this context instead of importing the
// router. In the app, the router's Link fills it (client-side navigation); on prerendered
// public pages it stays a plain <a>, so those pages hydrate without shipping the router.

export type AppLinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & {
  /** A path, optionally with a #fragment or ?query: '/services', '/#coverage'. */
  to: string;
  children?: ReactNode;
};

export type AppLocation = { pathname: string; hash: string };

type Navigation = {
  Link: ComponentType<AppLinkProps>;
  location: AppLocation;
};

function PlainLink({ to, ...props }: AppLinkProps) {
  return <a href={to} {...props} />;
}

const NavigationContext = createContext<Navigation>({ Link: PlainLink, location: { pathname: '/', hash: '' } });

export function NavigationProvider({
  Link = PlainLink,
  location,
  children,
}: {
  Link?: ComponentType<AppLinkProps>;
  location: AppLocation;
  children: ReactNode;
}) {
  const { pathname, hash } = location;
  const value = useMemo(() => ({ Link, location: { pathname, hash } }), [Link, pathname, hash]);
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
