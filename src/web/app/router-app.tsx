import type { ReactNode } from 'react';
import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { resolveLazyRoutes } from './resolve-lazy-routes';
import { routes } from './routes';

/**
 * The whole app on react-router's data router: every page that is not a customer screen (those
 * boot customer-app.tsx), with the customer screens among its routes too, for in-app navigation
 * from the others. This URL's route modules are loaded first, so the first render shows the page,
 * not a fallback.
 */
export async function routerApp(): Promise<ReactNode> {
  await resolveLazyRoutes(routes, window.location.pathname);
  return <RouterProvider router={createBrowserRouter(routes)} />;
}
