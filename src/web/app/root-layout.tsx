import { useEffect, useRef } from 'react';
import { Outlet, ScrollRestoration, useLocation, useNavigation } from 'react-router';
import { Toaster } from '../components/ui/toaster';
import { useDocumentTitle } from './document-title';
import { RouterNavigation } from './router-navigation';
import { SiteLayout } from './site-layout';

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
    <RouterNavigation>
      <SiteLayout top={<NavigationProgress />} toaster={<Toaster />}>
        <Outlet />
      </SiteLayout>
      <ScrollRestoration />
    </RouterNavigation>
  );
}
