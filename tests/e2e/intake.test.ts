// Issue 4 in a real browser: the assessment wizard with real photos (JPEG and HEIC), the
// thank-you page with the server's reference, the e-mailed access link on another device,
// and D10's promise that nobody else can read the assessment or its photos. The phone's retry
// and the approved quote's view are in intake-retry.test.ts and intake-quote-view.test.ts.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessPathFromEmail, completeWizard, expectNoAccess, reachThankYou, shot } from './intake';
import { expectNoAxeViolations, hasChromium, launchBrowser, newConsentedContext, watchPageErrors } from './support';

let browser: Browser;
beforeAll(async () => {
  if (hasChromium) browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe.skipIf(!hasChromium)('assessment intake', () => {
  it('takes real photos and details, thanks with the server reference, and the e-mailed link opens the quote elsewhere', async () => {
    const email = `intake-${Date.now()}@example.co.uk`;
    const context = await newConsentedContext(browser, 'desktop');
    const page = await context.newPage();
    const errors = watchPageErrors(page);
    await completeWizard(page, email, 'desktop');

    // On a slow connection the bars fill photo by photo: the first is done before the second starts.
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 20, downloadThroughput: -1, uploadThroughput: 16_000 });
    const overall = page.getByRole('progressbar', { name: 'Upload progress, all photos' });
    const first = page.getByRole('progressbar', { name: 'Upload progress, photo 1: sample.jpg' });
    const second = page.getByRole('progressbar', { name: 'Upload progress, photo 2: sample.heic' });
    const percent = async (bar: typeof overall) => Number(await bar.getAttribute('aria-valuenow'));
    await page.getByRole('button', { name: 'Submit Assessment' }).click();
    await expect.poll(() => percent(overall), { timeout: 15_000, interval: 50 }).toBeGreaterThan(20);
    await expect.poll(() => percent(second), { timeout: 15_000, interval: 50 }).toBeGreaterThan(0);
    expect(await percent(first)).toBe(100);
    await shot(page, 'desktop-4-sending');
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
    const { id } = await reachThankYou(page);
    await expectNoAxeViolations(page);
    await shot(page, 'desktop-5-thank-you');

    // The submitting browser holds the grant: its quote page and photos load.
    await page.getByRole('link', { name: 'your quote page' }).click();
    await page.getByRole('heading', { level: 1, name: 'Generating Your Quote' }).waitFor();
    const thumbnails = page.getByRole('img', { name: /^Damage photo \d$/ });
    await expect.poll(() => thumbnails.count()).toBe(2);
    await expect.poll(() => thumbnails.evaluateAll((imgs) => imgs.every((img) => (img as HTMLImageElement).naturalWidth > 0))).toBe(true);
    await expectNoAxeViolations(page);
    await shot(page, 'desktop-6-quote-waiting');
    const assessment = (await (await context.request.get(`/api/assessments/${id}`)).json()) as { images: number[]; email: string };
    expect(assessment.email).toBe(email);
    expect(assessment.images).toHaveLength(2);
    expect(errors).toEqual([]);

    // A photo opened on its own shows in the browser's own viewer: the API answer's CSP blocks
    // nothing the viewer needs (a blocked inline style is a console error).
    await page.goto(`/api/images/${assessment.images[0]}`);
    expect(await page.locator('img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    expect(errors).toEqual([]);

    // Another device, through the link in the e-mail.
    const { path } = await accessPathFromEmail(email);
    const elsewhere = await newConsentedContext(browser, 'desktop');
    const other = await elsewhere.newPage();
    await other.goto(path);
    await other.waitForURL(`**/quote/${id}`);
    await other.getByRole('heading', { level: 1, name: 'Generating Your Quote' }).waitFor();

    // A third device without the link sees nothing.
    const stranger = await newConsentedContext(browser, 'desktop');
    await expectNoAccess(stranger, id, assessment.images[0]!);
    const strangerPage = await stranger.newPage();
    await strangerPage.goto(`/quote/${id}`);
    await strangerPage.getByRole('heading', { level: 1, name: 'Assessment Not Found' }).waitFor();
    expect(await strangerPage.getByRole('main').textContent()).not.toContain('Priya');
    await expectNoAxeViolations(strangerPage);
    await shot(strangerPage, 'desktop-7-not-found');

    await Promise.all([context.close(), elsewhere.close(), stranger.close()]);
  });
});
