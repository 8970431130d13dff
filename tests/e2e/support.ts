// Real Chromium (Debian's) through playwright-core, with axe on every page a test visits.
import { AxeBuilder } from '@axe-core/playwright';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { expect, inject } from 'vitest';

export const viewports = {
  mobile: { width: 375, height: 812 },
  desktop: { width: 1280, height: 900 },
} as const;

export const baseUrl = () => inject('baseUrl');
export const hasChromium = inject('chromiumPath') !== null;

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: inject('chromiumPath')!,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'],
  });
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

export async function expectNoAxeViolations(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
  const summary = results.violations.map((v) => `${v.id} (${v.impact}): ${v.help}\n    ${v.nodes.map((n) => n.target.join(' ')).slice(0, 5).join('\n    ')}`);
  expect(summary, `axe violations on ${page.url()}`).toEqual([]);
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
