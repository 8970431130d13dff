// The site-wide elements of SPEC section 2 in a real browser, with axe on every page visited.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { expectNoAxeViolations, hasChromium, launchBrowser, newConsentedContext, newContext, sharedConsentedPages, watchPageErrors } from './support';

let browser: Browser;
beforeAll(async () => {
  if (hasChromium) browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});
// For the tests below that start by loading their own page (not the first-visit, keyboard-focus
// or signed-in ones, which need a context of their own).
const shared = sharedConsentedPages(() => browser);
afterAll(() => shared.close());

const consent = (page: Page) => page.evaluate(() => window.localStorage.getItem('autorevive.cookie-consent'));

describe.skipIf(!hasChromium)('cookie banner', () => {
  for (const [button, stored] of [['Accept All', 'accepted'], ['Decline', 'declined'], ['Close cookie banner', 'declined']] as const) {
    it(`"${button}" stores "${stored}", hides the banner, and it stays hidden after a reload`, async () => {
      const context = await newContext(browser);
      const page = await context.newPage();
      await page.goto('/');
      const banner = page.getByRole('region', { name: 'Cookie consent' });
      await expect.poll(() => banner.isVisible()).toBe(true);
      await expect.poll(() => banner.getByText('We use cookies to improve your experience').isVisible()).toBe(true);
      expect(await banner.getByRole('link', { name: /privacy/i }).getAttribute('href')).toBe('/privacy-policy');
      // The page with the banner up is the same before each of the three answers: axe checks it
      // once, here (the phone width's is in public-site.test.ts's keyboard test).
      if (button === 'Accept All') await expectNoAxeViolations(page);
      await banner.getByRole('button', { name: button }).click();
      await expect.poll(() => banner.isVisible()).toBe(false);
      // The keyboard was on the banner's button: it goes to the page's content, not the document's top.
      await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('main-content');
      expect(await consent(page)).toBe(stored);
      await page.reload();
      await page.getByRole('heading', { level: 1 }).waitFor();
      expect(await banner.count()).toBe(0);
      await context.close();
    });
  }
});

/** Tabs `presses` times (backwards with Shift) and names every focused element that the sticky header or the cookie banner hides. */
async function focusHiddenWhileTabbing(page: Page, key: 'Tab' | 'Shift+Tab', presses: number): Promise<string[]> {
  const hidden: string[] = [];
  for (let press = 0; press < presses; press += 1) {
    await page.keyboard.press(key);
    const name = await page.evaluate(() => {
      const focused = document.activeElement as HTMLElement | null;
      if (!focused || focused === document.body) return null;
      // Hidden: what is drawn at the centre of the focused element (its first line, for a link
      // that wraps) is something else, the header or the banner above it.
      const box = focused.getClientRects()[0] ?? focused.getBoundingClientRect();
      const onTop = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
      return onTop !== null && focused.contains(onTop) ? null : (focused.innerText || focused.getAttribute('aria-label') || focused.tagName).trim().slice(0, 40);
    });
    if (name !== null) hidden.push(name);
  }
  return hidden;
}

describe.skipIf(!hasChromium)('keyboard focus on a phone', () => {
  it('is never hidden under the sticky header or the cookie banner, tabbing down the page and back up (WCAG 2.4.11)', async () => {
    const context = await newContext(browser, 'mobile');
    const page = await context.newPage();
    await page.goto('/contact');
    await page.getByRole('region', { name: 'Cookie consent' }).waitFor();
    expect(await focusHiddenWhileTabbing(page, 'Tab', 60)).toEqual([]);
    expect(await focusHiddenWhileTabbing(page, 'Shift+Tab', 60)).toEqual([]);
    // Answered, the banner gives the room back.
    await page.getByRole('button', { name: 'Decline' }).click();
    expect(await page.evaluate(() => document.body.style.paddingBottom)).toBe('');
    await context.close();
  });
});

describe.skipIf(!hasChromium)('help dialog', () => {
  it('opens the Quick Troubleshooting Guide, lets two sections be open together, and closes with Back to Application', async () => {
    const page = await shared.page('desktop');
    const errors = watchPageErrors(page);
    await page.goto('/');
    await page.getByRole('button', { name: 'Help', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Quick Troubleshooting Guide' });
    await dialog.waitFor();
    expect(await dialog.getByText('Need Immediate Help?').isVisible()).toBe(true);
    for (const section of ['Photo Upload Issues', 'Quote Taking Too Long']) await dialog.getByRole('button', { name: new RegExp(section) }).click();
    expect(await dialog.getByText('Step-by-Step Solution:').count()).toBe(2);
    expect(await dialog.getByText('High Priority').count()).toBeGreaterThan(0);
    expect(await dialog.getByText('Still Having Issues?').isVisible()).toBe(true);
    await expectNoAxeViolations(page);
    await dialog.getByRole('button', { name: 'Back to Application' }).click();
    await expect.poll(() => dialog.count()).toBe(0);
    expect(errors).toEqual([]);
  });
});

describe.skipIf(!hasChromium)('mobile navigation drawer', () => {
  it('opens from the menu button, and tapping a link navigates and closes it', async () => {
    const page = await shared.page('mobile');
    await page.goto('/');
    expect(await page.getByRole('navigation', { name: 'Main' }).isVisible()).toBe(false);
    await page.getByRole('button', { name: 'Open menu' }).click();
    const drawer = page.getByRole('dialog');
    await drawer.waitFor();
    await expectNoAxeViolations(page);
    await drawer.getByRole('link', { name: 'Services' }).click();
    await page.waitForURL('**/services');
    await expect.poll(() => drawer.count()).toBe(0);
  });

  it('offers Help & Troubleshooting, which opens the guide', async () => {
    const page = await shared.page('mobile');
    await page.goto('/');
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('button', { name: 'Help & Troubleshooting' }).click();
    await page.getByRole('dialog', { name: 'Quick Troubleshooting Guide' }).waitFor();
  });
});

describe.skipIf(!hasChromium)('sign-in and sign-out', () => {
  it('sends an anonymous visitor from /admin to sign-in, signs in, and signs out', async () => {
    const { admin } = inject('accounts');
    const context = await newConsentedContext(browser);
    const page = await context.newPage();
    await page.goto('/admin');
    await page.waitForURL(/\/sign-in\?next=%2Fadmin$/);
    await page.getByRole('heading', { level: 1, name: 'Sign in' }).waitFor();
    await expectNoAxeViolations(page);

    await page.getByLabel('E-mail address').fill(admin.email);
    await page.getByLabel('Password').fill('not-the-password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    expect(await page.getByRole('alert').filter({ hasText: 'The e-mail or password is not right.' }).textContent()).toContain('not right');

    await page.getByLabel('Password').fill(admin.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL('**/admin');
    await page.getByText(admin.email).waitFor();
    await expectNoAxeViolations(page);

    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL(/\/sign-in/);
    await page.goto('/admin');
    await page.waitForURL(/\/sign-in\?next=%2Fadmin$/);
    await context.close();
  });

  it('answers a repairer at /admin with the server’s 403 page', async () => {
    const { repairer } = inject('accounts');
    const context = await newConsentedContext(browser);
    const page = await context.newPage();
    await page.goto('/sign-in');
    await page.getByLabel('E-mail address').fill(repairer.email);
    await page.getByLabel('Password').fill(repairer.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL('**/repairer');
    // Issue 7: the server answers 403; the page is the site's own, saying whose page it is, with a way out.
    const response = await page.goto('/admin');
    expect(response?.status()).toBe(403);
    await page.getByRole('heading', { level: 1, name: /^This page is for / }).waitFor();
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL(/\/sign-in/);
    await context.close();
  });
});

describe.skipIf(!hasChromium)('not-found page (D23)', () => {
  it('answers an unknown path with HTTP 404 and the not-found page', async () => {
    const page = await shared.page('desktop');
    const response = await page.goto('/no-such-page');
    expect(response?.status()).toBe(404);
    await page.getByRole('heading', { level: 1, name: 'Page not found' }).waitFor();
    await expectNoAxeViolations(page);
  });
});
