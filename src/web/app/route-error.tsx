import { isRouteErrorResponse, useRouteError } from 'react-router';
import { NotFoundMessage } from '../components/not-found-message';
import { BareErrorPage, ErrorMessage } from './error-screen';

function RouteError() {
  const error = useRouteError();
  return isRouteErrorResponse(error) && error.status === 404 ? <NotFoundMessage /> : <ErrorMessage error={error} />;
}

/** Inside the layout: the header and footer stay, the page area shows the problem. */
export function RouteErrorBoundary() {
  return <RouteError />;
}

/** The layout itself failed: a bare page with its own landmark. */
export function RootErrorBoundary() {
  return (
    <BareErrorPage>
      <RouteError />
    </BareErrorPage>
  );
}

/**
 * Shown only if the first render still has route modules to load: main.tsx loads them
 * before rendering, so in practice only when that failed and the router is retrying.
 */
export function AppLoading() {
  return (
    <div role="status" className="grid min-h-dvh place-items-center text-slate-700">
      Loading…
    </div>
  );
}
