import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { AppProviders, createQueryClient } from './app/providers';
import { resolveLazyRoutes } from './app/resolve-lazy-routes';
import { routes } from './app/routes';
import './styles.css';

async function start() {
  const container = document.getElementById('root');
  if (!container) throw new Error('The page has no #root element');

  // Load this URL's route modules first, so the first render shows the page, not a fallback
  // (and would match server-rendered HTML; the prerendered public pages boot public-entry.tsx).
  await resolveLazyRoutes(routes, window.location.pathname);
  const router = createBrowserRouter(routes);

  const app = (
    <StrictMode>
      <AppProviders queryClient={createQueryClient()}>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>
  );

  // A customer screen's shell (its frame and loading state, issue 36) is replaced, not hydrated:
  // the app draws the same loading state over it, then the screen.
  if (container.firstElementChild && container.dataset.appShell === undefined) {
    hydrateRoot(container, app);
  } else {
    createRoot(container).render(app);
  }
}

void start();
