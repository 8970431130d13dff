// Issue 4 in a real browser, on a phone: a submission whose answer is lost is retried with
// Try again and makes one assessment, not two (shared steps in ./intake.ts).
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessPathFromEmail, completeWizard, REFERENCE, shot } from './intake';
import { expectNoAxeViolations, hasChromium, launchBrowser, newConsentedContext } from './support';

let browser: Browser;
beforeAll(async () => {
  if (hasChromium) browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe.skipIf(!hasChromium)('assessment intake', () => {
  it('on a phone: a lost answer is retried with Try again and creates one assessment, not two', async () => {
    const email = `intake-retry-${Date.now()}@example.co.uk`;
    const context = await newConsentedContext(browser, 'mobile');
    const page = await context.newPage();
    await completeWizard(page, email, 'mobile');

    // The first attempt reaches the server, but its answer never reaches the browser.
    let attempts = 0;
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/assessments', async (route) => {
      attempts += 1;
      if (attempts === 1) {
        await route.fetch();
        await route.abort('connectionreset');
      } else {
        await released; // held, so the progress can be seen
        await route.continue();
      }
    });
    await page.getByRole('button', { name: 'Submit Assessment' }).click();
    await page.getByRole('button', { name: 'Try again' }).waitFor({ timeout: 30_000 });
    await page.getByText('Submission Failed', { exact: true }).waitFor();
    await expectNoAxeViolations(page);
    await shot(page, 'mobile-4-failed-answer-lost');

    await page.getByRole('button', { name: 'Try again' }).click();
    await page.getByRole('progressbar', { name: 'Upload progress, all photos' }).waitFor();
    expect(await page.getByRole('progressbar', { name: 'Upload progress, photo 2: sample.heic' }).count()).toBe(1);
    expect(await page.getByRole('button', { name: 'Sending…' }).isDisabled()).toBe(true);
    await expectNoAxeViolations(page);
    await shot(page, 'mobile-4-sending');
    release();
    await page.waitForURL(/\/thank-you\?/, { timeout: 30_000 });
    expect(new URL(page.url()).searchParams.get('ref')).toMatch(REFERENCE);
    // The URL changes before the lazily loaded page renders; check the page, not the URL.
    await page.getByRole('heading', { level: 1, name: 'Thank you!' }).waitFor();
    await expectNoAxeViolations(page);
    await shot(page, 'mobile-5-thank-you');
    expect(attempts).toBe(2);
    expect((await accessPathFromEmail(email)).count).toBe(1);

    await page.getByRole('link', { name: 'your quote page' }).click();
    await page.getByRole('heading', { level: 1, name: 'Generating Your Quote' }).waitFor();
    await expectNoAxeViolations(page);
    await shot(page, 'mobile-6-quote-waiting');
    await context.close();
  });

  it("on a phone: the browser's Back and Forward move between the steps and keep the photos", async () => {
    const context = await newConsentedContext(browser, 'mobile');
    const page = await context.newPage();
    await page.goto('/');
    await completeWizard(page, 'back.button@example.co.uk', 'mobile', { axe: false }); // its screens' axe: the test above
    const heading = (name: string) => page.getByRole('heading', { level: 2, name }).waitFor();
    await page.goBack();
    await heading('Your details');
    expect(await page.getByLabel('Full name').inputValue()).toBe('Priya Shah');
    await page.goBack();
    await heading('Upload photos of the damage');
    await page.getByText('2/10 files selected').waitFor();
    await page.goForward();
    await heading('Your details');
    // The page's own Back goes the same way, and the browser's Back then leaves the wizard.
    await page.getByRole('button', { name: 'Back to Photos' }).click();
    await heading('Upload photos of the damage');
    await page.getByText('2/10 files selected').waitFor();
    await page.goBack();
    await page.waitForURL((url) => url.pathname === '/');
    await context.close();
  });
});
