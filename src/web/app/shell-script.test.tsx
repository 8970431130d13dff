// @vitest-environment jsdom
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { site } from '../../shared/site';
import { SHELL_SCRIPT, SHELL_STYLE } from '../../shared/shell-script';
import { CookieBannerFrame } from '../components/cookie-banner';
import { NavigationProvider } from '../components/navigation/app-link';

// Issue 36: a customer shell's cookie banner, painted from the HTML, and the inline script that
// hides it for a returning visitor and answers it until the app replaces the shell.
const shellHtml = renderToString(
  <NavigationProvider location={{ pathname: '/quote/1', hash: '' }}>
    <CookieBannerFrame shell />
    <main id="main-content" tabIndex={-1}>
      <h1>Loading your quote…</h1>
    </main>
  </NavigationProvider>,
);

let listeners: [string, EventListenerOrEventListenerObject][] = [];
const realAdd = document.addEventListener.bind(document);

function runShell(): void {
  document.body.innerHTML = `<style>${SHELL_STYLE}</style>${shellHtml}`;
  document.addEventListener = ((type: string, listener: EventListenerOrEventListenerObject) => {
    listeners.push([type, listener]);
    realAdd(type, listener);
  }) as typeof document.addEventListener;
  new Function(SHELL_SCRIPT)();
  document.addEventListener = realAdd;
}

const banner = () => document.querySelector<HTMLElement>('[data-cookie-banner-shell]')!;
const chosen = () => document.documentElement.hasAttribute('data-cookie-chosen');

beforeEach(() => {
  window.localStorage.clear();
  document.documentElement.removeAttribute('data-cookie-chosen');
});
afterEach(() => {
  for (const [type, listener] of listeners) document.removeEventListener(type, listener);
  listeners = [];
  document.body.innerHTML = '';
});

describe("the customer shells' cookie banner", () => {
  it('is in the HTML for a first visit, with its three answers', () => {
    runShell();
    expect(chosen()).toBe(false);
    expect(banner().getAttribute('aria-label')).toBe('Cookie consent');
    expect([...banner().querySelectorAll('[data-consent]')].map((b) => [b.textContent, b.getAttribute('data-consent')])).toEqual([
      ['Decline', 'declined'],
      ['Accept All', 'accepted'],
      ['×', 'declined'],
    ]);
  });

  it('is hidden before the body is drawn when a choice is stored, and not for anything else stored', () => {
    window.localStorage.setItem(site.cookieConsentKey, 'accepted');
    runShell();
    expect(chosen()).toBe(true);
    document.documentElement.removeAttribute('data-cookie-chosen');
    window.localStorage.setItem(site.cookieConsentKey, 'maybe');
    runShell();
    expect(chosen()).toBe(false);
  });

  it('stores the answer as the app does, goes, and hands focus to the content when it had it', () => {
    runShell();
    const accept = banner().querySelector<HTMLButtonElement>('[data-consent="accepted"]')!;
    accept.focus();
    accept.click();
    expect(window.localStorage.getItem(site.cookieConsentKey)).toBe('accepted');
    expect(chosen()).toBe(true);
    expect(document.activeElement?.id).toBe('main-content');
  });

  it('leaves every other click alone (the app’s own banner has no data-consent)', () => {
    runShell();
    banner().querySelector('a')!.addEventListener('click', (event) => event.preventDefault());
    banner().querySelector<HTMLAnchorElement>('a')!.click();
    expect(window.localStorage.getItem(site.cookieConsentKey)).toBeNull();
    expect(chosen()).toBe(false);
  });
});
