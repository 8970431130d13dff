import { site } from './site';

// Issue 36 item 2: the one inline script of the customer screens' shells (scripts/prerender-site.ts
// puts it in their head; src/server/plugins/security.ts admits it by its hash, the CSP allowing no
// other inline script). A shell carries the cookie banner in its HTML (CookieBannerFrame's `shell`
// markup), so a first visit's banner is painted with the page rather than after the bundle; this
// script, run before the body is parsed, marks the page when a choice is stored so that
// SHELL_STYLE hides the banner (a returning visitor never sees it flash), and answers the
// banner's buttons until the app replaces the shell: the choice is stored as
// lib/cookie-consent.ts stores it, the banner goes, and focus goes to the page's content, as the
// app's banner does after a click. Changing this text changes its hash: the server works it out
// from this same string, so the two cannot drift.

const key = JSON.stringify(site.cookieConsentKey);

export const SHELL_SCRIPT =
  `(function(){var k=${key},d=document,h=d.documentElement,a="data-cookie-chosen";` +
  `try{var c=localStorage.getItem(k);if(c==="accepted"||c==="declined")h.setAttribute(a,"")}catch(e){}` +
  `d.addEventListener("click",function(e){var t=e.target,b=t instanceof Element?t.closest("[data-cookie-banner-shell] [data-consent]"):null;if(!b)return;` +
  `var s=b.closest("[data-cookie-banner-shell]"),f=s.contains(d.activeElement);` +
  `try{localStorage.setItem(k,b.getAttribute("data-consent"))}catch(x){}` +
  `h.setAttribute(a,"");if(f){var m=d.getElementById("main-content");if(m)m.focus({preventScroll:true})}})})();`;

/** Hides the shell's banner once a choice is stored (the attribute SHELL_SCRIPT sets). */
export const SHELL_STYLE = '[data-cookie-chosen] [data-cookie-banner-shell]{display:none}';
