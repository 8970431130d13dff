// Issue 33 items 5 and 6 in a real browser: a keyboard user who submits the empty details step
// lands on the error summary, inside the window, whose links lead to each field (GOV.UK's error
// summary pattern), with the cookie banner still to be answered; and a photo that is too large is
// refused in the wizard's own words.
import { resolve } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, expectNoAxeViolations, hasChromium, launchBrowser, screenshot } from './support';

let browser: Browser;
beforeAll(async () => {
  if (hasChromium) browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const images = resolve(import.meta.dirname, '../fixtures/images');

/** Where the focused element is drawn, against the window and the sticky header. */
const focusedBox = (page: Page) =>
  page.evaluate(() => {
    const element = document.activeElement as HTMLElement;
    const box = element.getBoundingClientRect();
    const header = document.querySelector('header')!.getBoundingClientRect();
    return {
      role: element.getAttribute('role'),
      id: element.id,
      label: element.getAttribute('aria-labelledby') ? document.getElementById(element.getAttribute('aria-labelledby')!)?.textContent : null,
      top: Math.round(box.top),
      bottom: Math.round(box.bottom),
      headerBottom: Math.round(header.bottom),
      windowHeight: window.innerHeight,
    };
  });

async function tabTo(page: Page, name: string, limit = 80) {
  for (let press = 0; press < limit; press++) {
    await page.keyboard.press('Tab');
    const text = await page.evaluate(() => (document.activeElement?.textContent ?? '').trim());
    if (text === name) return;
  }
  throw new Error(`Tab never reached ${name}`);
}

describe.skipIf(!hasChromium)('the details step by keyboard', () => {
  for (const viewport of [
    { width: 1280, height: 720 },
    { width: 375, height: 812 },
  ]) {
    it(`lands on the error summary inside the window, whose links lead to each field (${viewport.width} × ${viewport.height})`, async () => {
      // A first visit: the cookie banner is up too, and axe checks the two together.
      const context = await browser.newContext({ baseURL: baseUrl(), viewport, locale: 'en-GB', timezoneId: 'Europe/London' });
      const page = await context.newPage();
      await page.goto('/assessment');
      await page.getByRole('heading', { level: 2, name: 'Upload photos of the damage' }).waitFor();
      await page.getByRole('region', { name: 'Cookie consent' }).waitFor();
      await page.getByLabel('Choose photos').setInputFiles([resolve(images, 'sample.jpg')]);
      await page.getByText('1/10 files selected').waitFor();
      await expect.poll(() => page.getByRole('button', { name: 'Continue to Details' }).isEnabled()).toBe(true);
      // The damage comes with the photos (issue 37); from its description, on to the button.
      await page.getByLabel("Driver's door").check();
      await page.getByLabel('Describe the damage', { exact: true }).fill('A scratch along the driver door.');
      await tabTo(page, 'Continue to Details');
      await page.keyboard.press('Enter');
      await page.getByRole('heading', { level: 2, name: 'Your details' }).waitFor();

      // Down the empty form to its button, as a keyboard user goes, and Enter.
      await tabTo(page, 'Continue to Review');
      await page.keyboard.press('Enter');
      const summary = page.getByRole('alert').filter({ hasText: 'problems with your details' });
      await summary.waitFor();
      await expect.poll(async () => (await focusedBox(page)).id).toBe('error-summary');
      const box = await focusedBox(page);
      expect(box.label).toMatch(/^There are \d+ problems with your details$/);
      // Below the sticky header and wholly inside the window (it was a field at 798 px of 720).
      expect(box.top).toBeGreaterThanOrEqual(box.headerBottom);
      expect(box.bottom).toBeLessThanOrEqual(box.windowHeight);
      await expectNoAxeViolations(page);
      await screenshot(page, `intake-keyboard-${viewport.width}-summary`);

      // The summary's first link leads to its field and focuses it, in view.
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Name must be at least 2 characters');
      await page.keyboard.press('Enter');
      await expect.poll(async () => (await focusedBox(page)).id).toBe('assessment-name');
      const field = await focusedBox(page);
      expect(field.top).toBeGreaterThanOrEqual(field.headerBottom);
      expect(field.bottom).toBeLessThanOrEqual(field.windowHeight);
      // The field's label is in view too, above it.
      const label = await page.locator('label[for="assessment-name"]').boundingBox();
      expect(label!.y).toBeGreaterThanOrEqual(field.headerBottom);

      // A second failed submit comes back to the summary.
      await tabTo(page, 'Continue to Review');
      await page.keyboard.press('Enter');
      await expect.poll(async () => (await focusedBox(page)).id).toBe('error-summary');
      await context.close();
    });
  }

  it('refuses a photo over 10 MB, naming it, in megabytes', async () => {
    const context = await browser.newContext({ baseURL: baseUrl(), viewport: { width: 375, height: 812 }, locale: 'en-GB' });
    await context.addInitScript(() => window.localStorage.setItem('autorevive.cookie-consent', 'declined'));
    const page = await context.newPage();
    await page.goto('/assessment');
    await page.getByRole('heading', { level: 2, name: 'Upload photos of the damage' }).waitFor();
    await page.getByLabel('Choose photos').setInputFiles({ name: 'bonnet.jpg', mimeType: 'image/jpeg', buffer: Buffer.alloc(10 * 1024 * 1024 + 1) });
    const alert = page.getByRole('alert').filter({ hasText: 'bonnet.jpg' });
    await alert.waitFor();
    expect((await alert.textContent())?.trim()).toContain('bonnet.jpg is larger than 10 MB. Please choose a smaller photo');
    expect(await alert.textContent()).not.toContain('bytes');
    expect(await page.getByText('0/10 files selected').count()).toBe(1);
    await context.close();
  });
});
