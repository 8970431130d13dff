import { useEffect, useRef } from 'react';

// What an in-app navigation does besides showing the page, in either router (root-layout.tsx,
// customer-app.tsx).

/** How long after a navigation focus follows the page's heading while its data loads. */
const FOLLOW_HEADING_MS = 10_000;

/**
 * After an in-app navigation, move focus to the new page's heading, as a page load would. A page
 * that is still loading has no heading yet (focus goes to main) or a loading one that its loaded
 * heading replaces (focus would fall to nothing): focus follows to the page's heading once it
 * comes, unless the person has moved focus meanwhile.
 */
export function useFocusOnNavigate(pathname: string) {
  const previous = useRef(pathname);
  useEffect(() => {
    if (previous.current === pathname) return;
    previous.current = pathname;
    const main = document.getElementById('main-content');
    if (!main) return;
    const focusHeading = () => {
      const target = main.querySelector<HTMLElement>('h1') ?? main;
      if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
      target.focus({ preventScroll: true });
      return target;
    };
    let focused = focusHeading();
    const observer = new MutationObserver(() => {
      const active = document.activeElement;
      // Still where it was put, or gone with the element that had it (a replaced heading).
      const ours = active === focused || (!focused.isConnected && (active === null || active === document.body));
      if (!ours) return observer.disconnect(); // the person has moved on
      const heading = main.querySelector<HTMLElement>('h1');
      if (heading !== focused && (heading || !focused.isConnected)) focused = focusHeading();
    });
    observer.observe(main, { childList: true, subtree: true });
    const stop = setTimeout(() => observer.disconnect(), FOLLOW_HEADING_MS);
    return () => {
      observer.disconnect();
      clearTimeout(stop);
    };
  }, [pathname]);
}

/** The bar across the top while the next page's code loads. */
export function NavigationProgress({ loading }: { loading: boolean }) {
  if (!loading) return null;
  return <div aria-hidden="true" className="fixed inset-x-0 top-0 z-[60] h-1 animate-pulse bg-teal-brand" />;
}
