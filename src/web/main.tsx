import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { matchCustomerRoute } from './app/customer-routes';
import { AppProviders, createQueryClient } from './app/providers';
import './styles.css';

// The app's entry (index.html, and the customer screens' shells). A customer screen boots the
// customer app, its own small router, with the screen's code fetched at the same time (issue 36:
// no react-router on those screens, docs/decisions/0022); every other page the whole app on
// react-router's data router (router-app.tsx). The prerendered public pages boot public-entry.tsx.
async function start() {
  const container = document.getElementById('root');
  if (!container) throw new Error('The page has no #root element');

  const customer = matchCustomerRoute(window.location.pathname);
  // The screen's code while the customer app's comes (the shells preload both; this is for the rest).
  customer?.route.load().catch(() => undefined);
  const page = customer
    ? await import('./app/customer-app').then(({ customerApp }) => customerApp(customer))
    : await import('./app/router-app').then(({ routerApp }) => routerApp());

  const app = (
    <StrictMode>
      <AppProviders queryClient={createQueryClient()}>{page}</AppProviders>
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
