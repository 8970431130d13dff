import { useEffect, useRef, type ComponentType } from 'react';
import { NavigationProvider } from '../components/navigation/app-link';
import { SiteLayout } from './site-layout';

/** Marks the document once the page is interactive (tests and monitoring wait for it). */
function useHydrated(onHydrated?: () => void) {
  const callback = useRef(onHydrated);
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
    callback.current?.();
  }, []);
}

/**
 * A prerendered public page: the site frame around one page, with plain links (page
 * loads) instead of the router. entry-server.tsx renders it to HTML at build time and
 * public-hydrate.tsx hydrates the same tree in the browser.
 */
export function PublicApp({
  pathname,
  hash = '',
  Page,
  onHydrated,
}: {
  pathname: string;
  hash?: string;
  Page: ComponentType;
  /** Runs once, after hydration. */
  onHydrated?: () => void;
}) {
  useHydrated(onHydrated);
  return (
    <NavigationProvider location={{ pathname, hash }}>
      <SiteLayout>
        <Page />
      </SiteLayout>
    </NavigationProvider>
  );
}
