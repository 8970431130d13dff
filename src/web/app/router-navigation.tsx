import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { NavigationProvider, type AppLinkProps } from '../components/navigation/app-link';

function RouterLink({ to, ...props }: AppLinkProps) {
  return <Link to={to} {...props} />;
}

/** Inside the app, shell and page links navigate with the router instead of a page load. */
export function RouterNavigation({ children }: { children: ReactNode }) {
  const { pathname, hash } = useLocation();
  return (
    <NavigationProvider Link={RouterLink} location={{ pathname, hash }}>
      {children}
    </NavigationProvider>
  );
}
