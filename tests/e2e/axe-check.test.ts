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

  it('passes a screen already found clean at once, and checks it again when its markup, a value or the width changes', async () => {
    const context = await newContext(browser, 'mobile');
    const tab = await context.newPage();
    await open(tab, { '/axe-check/again': '<label for="name">Name</label><input id="name"><p id="note" style="color:#595959;background:#fff">Readable text</p>' });
    await expectNoAxeViolations(tab);
    // Each axe run from here on is counted in the page.
    await tab.evaluate(() => {
      const page = window as unknown as { axe: { run: (...args: unknown[]) => Promise<unknown> }; axeRuns: number };
      const run = page.axe.run.bind(page.axe);
      page.axeRuns = 0;
      page.axe.run = (...args: unknown[]) => ((page.axeRuns += 1), run(...args));
    });
    const runs = () => tab.evaluate(() => (window as unknown as { axeRuns: number }).axeRuns);
    await expectNoAxeViolations(tab);
    expect(await runs(), 'the same clean screen again').toBe(0);
    // Changed markup: checked again, and the violation found; a screen with violations is checked every time.
    await tab.evaluate(() => document.getElementById('note')!.setAttribute('style', 'color:#aaa;background:#fff'));
    await expect(expectNoAxeViolations(tab)).rejects.toThrow(/axe violations on .*\/axe-check\/again/);
    await expect(expectNoAxeViolations(tab)).rejects.toThrow(/axe violations on .*\/axe-check\/again/);
    expect(await runs()).toBe(2);
    await tab.evaluate(() => document.getElementById('note')!.setAttribute('style', 'color:#595959;background:#fff'));
    await expectNoAxeViolations(tab);
    expect(await runs(), 'the first clean screen once more').toBe(2);
    // A value typed is a property, not in the markup: the screen is checked again.
    await tab.getByLabel('Name').fill('Priya');
    await tab.getByLabel('Name').blur();
    await expectNoAxeViolations(tab);
    expect(await runs(), 'a value typed').toBe(3);
    await tab.setViewportSize({ width: 1280, height: 900 });
    await expectNoAxeViolations(tab);
    expect(await runs(), 'another width').toBe(4);
    await context.close();
  });
});
