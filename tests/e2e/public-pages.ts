// Issue 3's sweep of every public page at one width, with axe: the largest piece of browser
// work, so each width is a test file of its own (public-pages-*.test.ts) and the two run in
// parallel.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoAxeViolations, hasChromium, hydrated, launchBrowser, newConsentedContext, publicPaths, viewports, watchPageErrors } from './support';

async function headingLevels(page: Page): Promise<number[]> {
  return page.locator('main h1, main h2, main h3, main h4, main h5, main h6').evaluateAll((nodes) => nodes.map((node) => Number(node.tagName[1])));
}

export function describePublicPages(viewport: keyof typeof viewports) {
  let browser: Browser;
  beforeAll(async () => {
    if (hasChromium) browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  describe.skipIf(!hasChromium)(`every public page at ${viewport} width`, () => {
    let context: BrowserContext;
    beforeAll(async () => {
      context = await newConsentedContext(browser, viewport);
    });
    afterAll(async () => {
      await context?.close();
    });

    it.each(publicPaths)(`%s is complete, hydrates cleanly and has no axe violations (${viewports[viewport].width} px)`, async (path) => {
      const page = await context.newPage();
      const errors = watchPageErrors(page);
      const response = await page.goto(path);
      expect(response?.status()).toBe(200);
      await hydrated(page);
      expect(await page.locator('h1').count()).toBe(1);
      const levels = await headingLevels(page);
      levels.forEach((level, index) => expect(level, `heading ${index} on ${path}`).toBeLessThanOrEqual((levels[index - 1] ?? 1) + 1));
      await expectNoAxeViolations(page);
      // A hydration mismatch, a missing chunk or a failed request would show up here.
      expect(errors, `errors on ${path}`).toEqual([]);
      await page.close();
    });
  });
}
