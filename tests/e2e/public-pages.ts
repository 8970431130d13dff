// Issue 3's sweep of every public page at one width, with axe: the largest piece of browser
// work, so each width is split across two test files (public-pages-<width>.test.ts has the
// first half of the pages, public-pages-<width>-2.test.ts the rest), and the four run in
// parallel with the other files instead of two of them holding both lanes at the end.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoAxeViolations, hasChromium, hydrated, launchBrowser, newConsentedContext, publicPaths, viewports, watchPageErrors } from './support';

async function headingLevels(page: Page): Promise<number[]> {
  return page.locator('main h1, main h2, main h3, main h4, main h5, main h6').evaluateAll((nodes) => nodes.map((node) => Number(node.tagName[1])));
}

/** Half 1 or 2 of the public pages, in publicPaths' order. */
export function describePublicPages(viewport: keyof typeof viewports, half: 1 | 2) {
  const middle = Math.ceil(publicPaths.length / 2);
  const paths = half === 1 ? publicPaths.slice(0, middle) : publicPaths.slice(middle);
  let browser: Browser;
  beforeAll(async () => {
    if (hasChromium) browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  describe.skipIf(!hasChromium)(`every public page at ${viewport} width`, () => {
    // One page for the file: each test loads its path afresh (a new document, hydrated again),
    // so a new page per path only started another renderer (docs/decisions/0006).
    let context: BrowserContext;
    let page: Page;
    let errors: string[];
    beforeAll(async () => {
      context = await newConsentedContext(browser, viewport);
      page = await context.newPage();
      errors = watchPageErrors(page);
    });
    afterAll(async () => {
      await context?.close();
    });

    it.each(paths)(`%s is complete, hydrates cleanly and has no axe violations (${viewports[viewport].width} px)`, async (path) => {
      errors.length = 0;
      const response = await page.goto(path);
      expect(response?.status()).toBe(200);
      await hydrated(page);
      expect(await page.locator('h1').count()).toBe(1);
      const levels = await headingLevels(page);
      levels.forEach((level, index) => expect(level, `heading ${index} on ${path}`).toBeLessThanOrEqual((levels[index - 1] ?? 1) + 1));
      await expectNoAxeViolations(page);
      // A hydration mismatch, a missing chunk or a failed request would show up here.
      expect(errors, `errors on ${path}`).toEqual([]);
    });
  });
}
