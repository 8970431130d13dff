// Issue 14: the API reference at /api/docs is a page people read: axe at 375 and 1280 px.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoAxeViolations, hasChromium, launchBrowser, newContext, screenshot, viewports } from './support';

let browser: Browser;
beforeAll(async () => {
  if (hasChromium) browser = await launchBrowser();
});
afterAll(() => browser?.close());

describe.skipIf(!hasChromium)('the API reference', () => {
  it('lists the calls by area and passes axe at both widths', async () => {
    const context = await newContext(browser, 'mobile');
    const page = await context.newPage();
    await page.goto('/api/docs');
    await page.getByRole('heading', { level: 1, name: 'AutoRevive API reference' }).waitFor();
    expect(await page.getByRole('heading', { level: 3, name: 'POST /api/appointments', exact: true }).count()).toBe(1);
    await page.getByRole('link', { name: 'OpenAPI 3.1 description' }).waitFor();
    for (const size of ['mobile', 'desktop'] as const) {
      await page.setViewportSize(viewports[size]);
      await expectNoAxeViolations(page);
      await screenshot(page, `api-docs-${size}`);
    }
    await context.close();
  });
});
