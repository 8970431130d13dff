import { startTransition, StrictMode, type ComponentType } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { PublicApp } from './public-app';

/**
 * Hydrates a prerendered public page: the same tree entry-server.tsx rendered at build time.
 * As a transition, so React hydrates in short slices and the page stays responsive (a
 * phone's main thread is not blocked for the length of the whole page).
 */
export function hydratePublicPage(container: HTMLElement, pathname: string, Page: ComponentType, onHydrated?: () => void): void {
  startTransition(() => {
    hydrateRoot(
      container,
      <StrictMode>
        <PublicApp pathname={pathname} hash={window.location.hash} Page={Page} onHydrated={onHydrated} />
      </StrictMode>,
    );
  });
}
