import type { ReactNode } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { NavigationProvider, type AppLinkProps, type RouterHooks } from '../components/navigation/app-link';

function RouterLink({ to, ...props }: AppLinkProps) {
  return <Link to={to} {...props} />;
}

/** react-router's hooks, for the screens that route through components/navigation/router.ts. */
const reactRouter: RouterHooks = { useLocation, useParams, useNavigate };

/** Inside the app, shell and page links navigate with the router instead of a page load. */
export function RouterNavigation({ children }: { children: ReactNode }) {
  const { pathname, hash } = useLocation();
  return (
    <NavigationProvider Link={RouterLink} location={{ pathname, hash }} router={reactRouter}>
      {children}
    </NavigationProvider>
  );
}
