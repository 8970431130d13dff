// Real Chromium (Debian's) through playwright-core, with axe on every page a test visits.
import { existsSync, readFileSync } from 'node:fs';
import axe from 'axe-core';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { expect, inject } from 'vitest';
import { cities } from '../../src/shared/cities';
import { chromiumArgs } from '../helpers/chromium.mjs';
import type { ReceivedMail } from '../helpers/smtp';

export const viewports = {
  mobile: { width: 375, height: 812 },
  desktop: { width: 1280, height: 900 },
} as const;

/**
 * This worker's lane (tests/setup/e2e-global.ts): its own server and its own Chromium, so test
 * files run in parallel without sharing a database or a browser.
 */
function lane() {
  const lanes = inject('lanes');
  const worker = Number(process.env.VITEST_POOL_ID ?? 1);
  return lanes[(Math.max(worker, 1) - 1) % lanes.length]!;
}

export const baseUrl = () => lane().baseUrl;

/** The messages this lane's local SMTP server has accepted for `address` so far, oldest first (wait with expect.poll). */
export function mailTo(address: string): ReceivedMail[] {
  const mailbox = lane().mailbox;
  if (!existsSync(mailbox)) return [];
  return readFileSync(mailbox, 'utf8')
    .split('\n')
    .slice(0, -1) // a line still being written has no newline yet
    .map((line) => JSON.parse(line) as ReceivedMail)
    .filter((mail) => mail.to.includes(address.toLowerCase()));
}

export const hasChromium = inject('chromiumPath') !== null;

/** The lane's Chromium, already running; close() disconnects and closes this file's contexts. */
export async function launchBrowser(): Promise<Browser> {
  const endpoint = lane().browserEndpoint;
  if (endpoint) return chromium.connect(endpoint);
  return chromium.launch({ executablePath: inject('chromiumPath')!, args: chromiumArgs });
}

export async function newContext(browser: Browser, viewport: keyof typeof viewports = 'desktop'): Promise<BrowserContext> {
  return browser.newContext({ baseURL: baseUrl(), viewport: viewports[viewport], locale: 'en-GB', timezoneId: 'Europe/London' });
}

/** A context where the cookie banner has already been answered, for tests about other things. */
export async function newConsentedContext(browser: Browser, viewport: keyof typeof viewports = 'desktop'): Promise<BrowserContext> {
  const context = await newContext(browser, viewport);
  await context.addInitScript(() => window.localStorage.setItem('autorevive.cookie-consent', 'declined'));
  return context;
}

/**
 * One consented page per width, shared by a file's tests that each begin by loading the page they
 * are about (never by relying on where the previous test left it): a new page starts renderer
 * processes of its own, where a reused one runs the app and axe with the code it has already
 * compiled (docs/notes/0006-test-suite-history.md, sixth round). Not for a test about a first
 * visit, a signed-in session, the HTTP cache or routes: give those a context of their own.
 */
export function sharedConsentedPages(browser: () => Browser) {
  const pages = new Map<keyof typeof viewports, Promise<{ context: BrowserContext; page: Page }>>();
  return {
    page: async (viewport: keyof typeof viewports = 'desktop'): Promise<Page> => {
      if (!pages.has(viewport)) pages.set(viewport, newConsentedContext(browser(), viewport).then(async (context) => ({ context, page: await context.newPage() })));
      return (await pages.get(viewport)!).page;
    },
    close: async () => {
      for (const shared of pages.values()) await (await shared).context.close();
      pages.clear();
    },
  };
}

/** The rule sets every screen is checked against: WCAG 2.1 A and AA, and axe's best practices. */
const axeTags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];

/**
 * Runs axe-core in the page, as @axe-core/playwright's legacy mode does, at a quarter of its
 * default mode's cost (docs/decisions/0006): axe is injected once into each frame (the default
 * mode injects it twice and again into a new blank page for axe.finishRun, which starts a
 * renderer for every check), and only violations are gathered node by node (`resultTypes`:
 * every rule still runs on every node; passes and incomplete results keep one example each).
 * Same-origin frames are checked through axe's own frame messaging; the app has no iframes.
 * Each violation comes back as "rule (impact): help" and its first five elements.
 */
export async function axeViolations(page: Page): Promise<string[]> {
  for (const frame of page.frames()) {
    // axe's 550 kB go to a frame only when it has none yet (after a navigation): a state of the
    // same document checked again (a tab, a dialog) would otherwise send and parse them again.
    const present = await frame.evaluate(() => 'axe' in window).catch(() => null); // null: the frame has gone away
    if (present === false) await frame.evaluate(axe.source).catch(() => undefined);
  }
  // The state a person sees, not a frame of a colour transition: a button enabled a moment ago
  // fades from its disabled grey to its colour over 150 ms, too little contrast part way through.
  await page.evaluate(() => Promise.all(document.getAnimations().filter((animation) => animation instanceof CSSTransition).map((animation) => animation.finished.catch(() => undefined))).then(() => undefined));
  const results = await page.evaluate(
    (tags) => (window as unknown as { axe: typeof axe }).axe.run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] }),
    axeTags,
  );
  return results.violations.map((v) => `${v.id} (${v.impact}): ${v.help}\n    ${v.nodes.map((n) => n.target.join(' ')).slice(0, 5).join('\n    ')}`);
}

/** Fails with each violation's rule, impact and first five elements (axeViolations). */
export async function expectNoAxeViolations(page: Page): Promise<void> {
  expect(await axeViolations(page), `axe violations on ${page.url()}`).toEqual([]);
}

/** Collects uncaught page errors and failed console errors so a test can assert there were none. */
export function watchPageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  return errors;
}

/**
 * A full-page screenshot for a person to look at, taken only when E2E_SCREENSHOTS names a
 * folder (or the older per-file INTAKE_/ADMIN_/QUOTE_SCREENSHOTS do): screenshots assert
 * nothing, and encoding dozens of full-page PNGs cost the browser stage CPU on every run.
 */
export async function screenshot(page: Page, name: string, folder = process.env.E2E_SCREENSHOTS): Promise<void> {
  if (!folder) return;
  await page.screenshot({ path: `${folder}/${name}.png`, fullPage: true });
}

/** Every prerendered public page. */
export const publicPaths = ['/', '/services', '/about', '/contact', '/privacy-policy', '/terms', '/technicians', ...cities.map((city) => `/areas/${city.slug}`)];

/** Waits until the prerendered page has been hydrated (public-app.tsx marks the document). */
export async function hydrated(page: Page) {
  await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' });
}
