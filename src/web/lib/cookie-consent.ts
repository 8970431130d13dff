import { site } from '../../shared/site';

// SPEC section 3: one value, accepted or declined, kept in local storage.
export type CookieConsent = 'accepted' | 'declined';

export function readCookieConsent(): CookieConsent | null {
  try {
    const value = window.localStorage.getItem(site.cookieConsentKey);
    return value === 'accepted' || value === 'declined' ? value : null;
  } catch {
    // Storage blocked (private mode, strict settings): treat as not yet chosen.
    return null;
  }
}

export function writeCookieConsent(value: CookieConsent): void {
  try {
    window.localStorage.setItem(site.cookieConsentKey, value);
  } catch {
    // The choice still applies for this page view; the banner closes either way.
  }
}
