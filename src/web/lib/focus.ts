import { useLayoutEffect, useRef, type RefObject } from 'react';

// Where the keyboard goes after an action takes away the control it was on (a button that
// disappears, a form that closes, a card that leaves its list): to the heading of what the person
// is looking at, made focusable with tabIndex={-1}, never to the top of the page.

/** Focuses the element with this id, if it is on the page. */
export function focusById(id: string): void {
  document.getElementById(id)?.focus();
}

/**
 * A ref for an item that can leave its list while the keyboard is on it (a filtered row whose
 * action un-filters it): if focus is inside the item when it unmounts, it goes to `targetId`
 * rather than to the top of the page. A layout effect's cleanup runs while the item is still in
 * the document, so it can tell.
 */
export function useFocusWhenGone<T extends HTMLElement>(targetId: string): RefObject<T | null> {
  const ref = useRef<T>(null);
  useLayoutEffect(() => {
    const element = ref.current;
    return () => {
      if (element?.contains(document.activeElement)) queueMicrotask(() => focusById(targetId));
    };
  }, [targetId]);
  return ref;
}

/**
 * A ref callback that focuses its element when it appears (a form just opened). Stable, so React
 * calls it once per mount, not on every render.
 */
export function focusOnMount(element: HTMLElement | null): void {
  element?.focus();
}
