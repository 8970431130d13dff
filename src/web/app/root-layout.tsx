import { useEffect, useRef } from 'react';
import { Outlet, ScrollRestoration, useLocation, useNavigation } from 'react-router';
import { CookieBanner } from '../components/cookie-banner';
import { HelpDialog } from '../components/help/help-dialog';
import { HelpDialogProvider } from '../components/help/help-dialog-context';
import { Footer } from '../components/layout/footer';
import { Header } from '../components/layout/header';
import { Toaster } from '../components/ui/toaster';
import { useDocumentTitle } from './document-title';

/** After an in-app navigation, move focus to the new page's heading, as a page load would. */
function useFocusOnNavigate() {
  const { pathname } = useLocation();
  const previous = useRef(pathname);
  useEffect(() => {
    if (previous.current === pathname) return;
    previous.current = pathname;
    const main = document.getElementById('main-content');
    const target = main?.querySelector<HTMLElement>('h1') ?? main;
    if (!target) return;
    if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
    target.focus({ preventScroll: true });
  }, [pathname]);
}

function NavigationProgress() {
  const navigation = useNavigation();
  if (navigation.state === 'idle') return null;
  return <div aria-hidden="true" className="fixed inset-x-0 top-0 z-[60] h-1 animate-pulse bg-teal-brand" />;
}

export function RootLayout() {
  useDocumentTitle();
  useFocusOnNavigate();

  return (
    <HelpDialogProvider>
      <div className="flex min-h-dvh flex-col">
        <a
          href="#main-content"
          className="sr-only z-50 rounded-md bg-navy-900 px-4 py-3 font-semibold text-white focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
        >
          Skip to main content
        </a>
        <NavigationProgress />
        <Header />
        <main id="main-content" tabIndex={-1} className="flex-1 focus:outline-none">
          <Outlet />
        </main>
        <Footer />
      </div>
      <CookieBanner />
      <Toaster />
      <HelpDialog />
      <ScrollRestoration />
    </HelpDialogProvider>
  );
}
