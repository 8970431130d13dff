import { useContext, useMemo } from 'react';
import { NavigationContext, type AppNavigate, type AppRouteLocation, type RouterHooks } from './app-link';

// Issue 36: what the customer's screens import instead of react-router. The whole app (main.tsx on
// a staff or other path, and the unit tests' renderApp) fills these with react-router's hooks
// (app/router-navigation.tsx); a customer route opened in the browser with the customer app's own
// small router (app/customer-app.tsx), so those screens load no react-router. A module a customer
// screen imports must take its routing from here (the budget test fails if react-router reaches one).

export { AppLink as Link } from './app-link';

function useRouter(): RouterHooks {
  const { router } = useContext(NavigationContext);
  if (!router) throw new Error('A routed screen was rendered without a router');
  return router;
}

export function useLocation(): AppRouteLocation {
  return useRouter().useLocation();
}

export function useParams(): Readonly<Record<string, string | undefined>> {
  return useRouter().useParams();
}

export function useNavigate(): AppNavigate {
  return useRouter().useNavigate();
}

/** The query string's parameters (read only: the screens change them by navigating). */
export function useSearchParams(): readonly [URLSearchParams] {
  const { search } = useLocation();
  return useMemo(() => [new URLSearchParams(search)] as const, [search]);
}
