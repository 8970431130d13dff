// Every screen that waits for the API before it can show anything says so with the page's one h1,
// and passes axe while it waits, at 375 and 1280 px: a slow answer is when a screen reader user
// lands on it. The answers are held (never given), so each screen stays in its loading state.
import type { BrowserContext, Route } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { browserAndAdminForFile } from './booking-support';
import { baseUrl, expectNoAxeViolations, hasChromium, newConsentedContext, screenshot, viewports } from './support';

const opened = browserAndAdminForFile();

/** Each screen that reads the API before showing its content, by who may open it. */
const screens = {
  customer: ['/quote/41', '/booking/5', '/checkout?quote_id=5', '/confirmation/7', '/appointments/7', '/my-repairs', '/join/0123456789abcdef0123456789abcdef', '/unsubscribe/0123456789abcdef0123456789abcdef'],
  repairer: ['/repairer', '/repairer/profile'],
  admin: ['/admin', '/admin/price-list', '/admin/audit-log', '/admin/outbox'],
} as const;

async function contextFor(who: keyof typeof screens): Promise<BrowserContext> {
  const context = await newConsentedContext(opened.browser, 'mobile');
  if (who !== 'customer') {
    const account = inject('accounts')[who];
    const signIn = await context.request.post(`${baseUrl()}/api/auth/sign-in`, { data: { email: account.email, password: account.password } });
    expect(signIn.status()).toBe(200);
  }
  return context;
}

describe.skipIf(!hasChromium)('screens while their data loads', () => {
  // One test per role, so the browser lanes can share them; each screen is opened once and checked
  // at both widths (resized in place: a loading screen does not change its layout by itself).
  for (const who of ['customer', 'repairer', 'admin'] as const) {
    it(`show one h1 and pass axe at 375 and 1280 px (${who})`, async () => {
      const context = await contextFor(who);
      const page = await context.newPage();
      // A signed-in screen is seen twice: while the account is checked (nothing answered), then
      // while the page's own data loads (only the account answered).
      for (const letAccountThrough of who === 'customer' ? [false] : [false, true]) {
        const held: Route[] = [];
        await page.route('**/api/**', (route) => {
          if (letAccountThrough && new URL(route.request().url()).pathname === '/api/auth/me') return route.continue();
          held.push(route);
        });
        for (const path of screens[who]) {
          const before = held.length;
          await page.setViewportSize(viewports.mobile);
          await page.goto(path);
          expect(new URL(page.url()).pathname, 'not sent to sign in').toBe(path.split('?')[0]);
          const h1 = page.getByRole('heading', { level: 1 });
          await h1.first().waitFor({ state: 'attached' });
          // Still waiting: the screen asked the API and has had no answer.
          await expect.poll(() => held.length, { message: `${path} asked the API` }).toBeGreaterThan(before);
          expect(await h1.count(), `${path} has one h1`).toBe(1);
          for (const size of ['mobile', 'desktop'] as const) {
            await page.setViewportSize(viewports[size]);
            await expectNoAxeViolations(page);
            await screenshot(page, `loading${path.replace(/[/?=]/g, '-')}${letAccountThrough ? '-page' : ''}-${size}`);
          }
        }
        await page.unrouteAll({ behavior: 'ignoreErrors' });
      }
      await context.close();
    });
  }
});
