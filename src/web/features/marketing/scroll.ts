import { useEffect } from 'react';
import { useAppLocation } from '../../components/navigation/app-link';

function prefersReducedMotion(): boolean {
  return typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches === true;
}

/**
 * Scrolls to an element by id (smoothly unless the user asked for reduced motion) and
 * moves focus to it, so keyboard and screen-reader users land where sighted users look.
 */
export function scrollToSection(id: string): void {
  const target = document.getElementById(id);
  if (!target) return;
  target.scrollIntoView?.({ behavior: prefersReducedMotion() ? 'auto' : 'smooth', block: 'start' });
  if (target.tabIndex >= 0 || target.hasAttribute('tabindex')) target.focus({ preventScroll: true });
}

/**
 * Honours links such as /#coverage or /services#alloy-wheel-repair after navigation. It
 * waits a frame so that it runs after the root layout moves focus to the new page's h1:
 * a link to a fragment should leave focus at the fragment, as a full page load would.
 */
export function useScrollToHash(): void {
  const { hash } = useAppLocation();
  useEffect(() => {
    if (hash.length <= 1) return;
    let id = hash.slice(1);
    try {
      id = decodeURIComponent(id);
    } catch {
      // keep the raw fragment
    }
    const frame = requestAnimationFrame(() => scrollToSection(id));
    return () => cancelAnimationFrame(frame);
  }, [hash]);
}
