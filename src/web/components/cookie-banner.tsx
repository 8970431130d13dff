import { useEffect, useRef, useState, type Ref } from 'react';
import { AppLink } from './navigation/app-link';
import { readCookieConsent, writeCookieConsent, type CookieConsent } from '../lib/cookie-consent';
import { Button } from './ui/button';

/** Whether the browser shows this element's focus as the keyboard's (false where it cannot tell). */
function matchesFocusVisible(element: HTMLElement): boolean {
  try {
    return element.matches(':focus-visible');
  } catch {
    return false;
  }
}

/** Whether the page is a customer screen's shell whose banner is up (read before the app replaces it). */
function shellBannerShown(): boolean {
  if (typeof document === 'undefined') return false;
  return document.querySelector('[data-cookie-banner-shell]') !== null && !document.documentElement.hasAttribute('data-cookie-chosen');
}

/**
 * SPEC section 2 and 4: shown until the visitor accepts or declines; the X counts as decline.
 * Nothing renders until mounted, so a prerendered page never flashes the banner at a
 * returning visitor; it is fixed to the bottom, so it takes no layout space either. It comes
 * first in the page's order (SiteLayout), before the skip link, as GOV.UK's does.
 */
export function CookieBanner() {
  // Over a customer screen's shell, whose banner is up from its HTML (shared/shell-script.ts),
  // the app draws it from its first render, so it stays on the screen while the shell is replaced.
  const [choice, setChoice] = useState<CookieConsent | null | 'unknown'>(() => (shellBannerShown() ? readCookieConsent() : 'unknown'));
  const banner = useRef<HTMLElement>(null);
  const shown = choice === null;

  useEffect(() => {
    setChoice(readCookieConsent());
  }, []);

  // While it is up, the page keeps the banner's height free at its foot, so that Tab and
  // scrolling can bring the last links and fields above it rather than leave them hidden under it.
  useEffect(() => {
    const node = banner.current;
    if (!shown || !node) return;
    const reserve = () => {
      document.documentElement.style.scrollPaddingBottom = `${node.offsetHeight}px`;
      document.body.style.paddingBottom = `${node.offsetHeight}px`;
    };
    // The observer's first call comes after the browser's own layout, before the banner is
    // painted: reading its height then costs nothing, where reading it here, just after React's
    // commit, made the browser lay out the whole page at once (260 ms of a main-thread task on
    // the wizard with the CPU slowed 4x, issue 36).
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(reserve);
    if (observer) observer.observe(node);
    else reserve();
    return () => {
      observer?.disconnect();
      document.documentElement.style.scrollPaddingBottom = '';
      document.body.style.paddingBottom = '';
    };
  }, [shown]);

  if (!shown) return null;

  const decide = (value: CookieConsent) => {
    // The banner goes with the button focus is on, so focus is moved, never dropped to the
    // document. The banner is first in the page (issue 33): a keyboard user answered it before
    // anything else, and goes on to what comes next, the skip link (shown where it is, at the
    // top). A click goes to the page's content, where the reader is, without scrolling.
    const active = document.activeElement;
    const hadFocus = banner.current?.contains(active) ?? false;
    const byKeyboard = hadFocus && active instanceof HTMLElement && matchesFocusVisible(active);
    writeCookieConsent(value);
    setChoice(value);
    if (!hadFocus) return;
    requestAnimationFrame(() => {
      const next = byKeyboard ? document.getElementById('skip-link') : null;
      (next ?? document.getElementById('main-content'))?.focus({ preventScroll: true });
    });
  };

  return <CookieBannerFrame bannerRef={banner} onDecide={decide} />;
}

/**
 * The banner's markup. `shell`: as a customer screen's shell carries it (issue 36: painted from the
 * HTML, so the first view is whole before the script runs); the shell's inline script
 * (shared/shell-script.ts) hides it when a choice is stored and answers its buttons until the app
 * replaces it.
 */
export function CookieBannerFrame({
  bannerRef,
  onDecide,
  shell = false,
}: {
  bannerRef?: Ref<HTMLElement>;
  onDecide?: (value: CookieConsent) => void;
  shell?: boolean;
}) {
  const choose = (value: CookieConsent) => (onDecide ? () => onDecide(value) : undefined);
  return (
    <section
      ref={bannerRef}
      role="region"
      aria-label="Cookie consent"
      className="fixed inset-x-0 bottom-0 z-50 border-t border-slate-300 bg-white shadow-[0_-4px_16px_rgba(15,23,42,0.12)]"
      {...(shell ? { 'data-cookie-banner-shell': '' } : {})}
    >
      <div className="relative mx-auto flex max-w-6xl flex-col gap-3 px-4 py-4 pr-14 sm:flex-row sm:items-center sm:gap-6">
        <div className="text-sm text-slate-800">
          <p className="font-semibold text-navy-900">We use cookies to improve your experience</p>
          <p className="mt-1">
            Essential cookies are used for payment processing, and analytics cookies help us improve the
            service. Read more in our{' '}
            <AppLink to="/privacy-policy" className="font-medium text-teal-brand-dark underline underline-offset-2">
              privacy policy
            </AppLink>
            .
          </p>
        </div>
        <div className="flex shrink-0 gap-2">
          <Button variant="outline" size="sm" onClick={choose('declined')} data-consent={shell ? 'declined' : undefined}>
            Decline
          </Button>
          <Button size="sm" onClick={choose('accepted')} data-consent={shell ? 'accepted' : undefined}>
            Accept All
          </Button>
        </div>
        <button
          type="button"
          aria-label="Close cookie banner"
          onClick={choose('declined')}
          data-consent={shell ? 'declined' : undefined}
          className="absolute top-2 right-2 inline-flex size-10 items-center justify-center rounded-md text-xl text-slate-700 hover:bg-slate-100"
        >
          <span aria-hidden="true">×</span>
        </button>
      </div>
    </section>
  );
}
