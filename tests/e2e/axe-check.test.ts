// The accessibility check every browser test relies on (expectNoAxeViolations in support.ts)
// must fail on a page that breaks the rules, and pass the same page once fixed: otherwise a
// change to how axe is run could make every "no violations" silently true.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, baseUrl, expectNoAxeViolations, hasChromium, launchBrowser, newContext } from './support';

let browser: Browser;
beforeAll(async () => {
  if (hasChromium) browser = await launchBrowser();
});
afterAll(() => browser?.close());

const dot = 'data:image/gif;base64,R0lGODlhAQABAAAAACw=';
const html = (body: string) => `<!doctype html><html lang="en-GB"><head><title>Axe check</title></head><body><main><h1>Axe check</h1>${body}</main></body></html>`;

/** Serves `pages` (path → body, or a whole document) on the lane's own origin, as the app's pages are, and opens the first. */
async function open(tab: Page, pages: Record<string, string>): Promise<void> {
  await tab.route(`${baseUrl()}/axe-check/**`, (route) => {
    const body = pages[new URL(route.request().url()).pathname];
    return body === undefined ? route.fulfill({ status: 404 }) : route.fulfill({ contentType: 'text/html', body: body.startsWith('<!doctype') ? body : html(body) });
  });
  await tab.goto(`/axe-check/${Object.keys(pages)[0]!.split('/').pop()}`);
}

const rules = (violations: string[]) => violations.map((line) => line.split(' ')[0]);

describe.skipIf(!hasChromium)('the accessibility check', () => {
  it('names each violation, WCAG and best practice, in the page and its frames, and passes the page once it is fixed', async () => {
    const context = await newContext(browser, 'mobile');
    const tab = await context.newPage();
    // A WCAG A failure (an image without alternative text), a WCAG AA one (grey on white below
    // 4.5:1) and a best-practice one (a heading level skipped).
    await open(tab, { '/axe-check/broken': `<img src="${dot}" width="10" height="10"><p style="color:#aaa;background:#fff">Faint text</p><h3>Skipped a level</h3>` });
    expect(rules(await axeViolations(tab))).toEqual(['color-contrast', 'heading-order', 'image-alt']);
    await expect(expectNoAxeViolations(tab)).rejects.toThrow(/axe violations on .*\/axe-check\/broken/);
    await tab.unrouteAll();

    // A violation inside a same-origin frame is found too.
    await open(tab, { '/axe-check/outer': '<iframe title="Inner" src="/axe-check/inner"></iframe>', '/axe-check/inner': `<!doctype html><html lang="en-GB"><title>Inner</title><p>A photo</p><img src="${dot}" width="10" height="10"></html>` });
    await tab.frameLocator('iframe').locator('p').waitFor();
    expect(rules(await axeViolations(tab))).toEqual(['image-alt']);
    await tab.unrouteAll();

    await open(tab, { '/axe-check/fixed': `<img src="${dot}" width="10" height="10" alt="A dot"><p style="color:#595959;background:#fff">Readable text</p><h2>In order</h2>` });
    await expectNoAxeViolations(tab);
    await context.close();
  });
});
