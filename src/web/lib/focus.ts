// Where the keyboard goes after an action takes away the control it was on (a button that
// disappears, a form that closes, a card that leaves its list): to the heading of what the person
// is looking at, made focusable with tabIndex={-1}, never to the top of the page.

/** Focuses the element with this id, if it is on the page. */
export function focusById(id: string): void {
  document.getElementById(id)?.focus();
}

/**
 * A ref callback that focuses its element when it appears (a form just opened). Stable, so React
 * calls it once per mount, not on every render.
 */
export function focusOnMount(element: HTMLElement | null): void {
  element?.focus();
}
