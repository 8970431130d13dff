// Issue 4 in a real browser: the assessment wizard with real photos (JPEG and HEIC), the
// thank-you page with the server's reference, the e-mailed access link on another device,
// and D10's promise that nobody else can read the assessment or its photos.
import { resolve } from 'node:path';
import { request, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { site } from '../../src/shared/site';
import { baseUrl, expectNoAxeViolations, hasChromium, launchBrowser, newConsentedContext, watchPageErrors, type viewports } from './support';

const images = resolve(import.meta.dirname, '../fixtures/images');
const REFERENCE = /AR-[0-9A-Z]{4}-[0-9A-Z]{4}/;
const SCREENSHOTS = process.env.INTAKE_SCREENSHOTS ?? '/tmp';

let browser: Browser;
beforeAll(async () => {
  if (hasChromium) browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const shot = (page: Page, name: string) => page.screenshot({ path: `${SCREENSHOTS}/intake-${name}.png`, fullPage: true });

async function fillDetails(page: Page, email: string) {
  const fields: Array<[string, string]> = [
    ['Full name', 'Priya Shah'],
    ['E-mail address', email],
    ['Phone number', '07700 900123'],
    ['Street address', '12 Park Road'],
    ['Town or city', 'Bristol'],
    ['County', 'Avon'],
    ['Postcode', 'bs1 5ty'],
    ['Make', 'Ford'],
    ['Model', 'Focus'],
    ['Year', '2019'],
    ['Describe the damage', 'A long scratch along the driver door, about 40 cm.'],
  ];
  for (const [label, value] of fields) await page.getByLabel(label, { exact: true }).fill(value);
  await page.getByLabel('Scuff Removal').check();
  await page.getByLabel("Driver's door").check();
  await page.getByLabel('Left wing').check();
}

/** Steps 1, 2 and 3 with the two sample photos, checking each screen with axe; stops before Submit on the review. */
async function completeWizard(page: Page, email: string, size: keyof typeof viewports) {
  await page.goto('/assessment');
  await page.getByRole('heading', { level: 2, name: 'Upload photos of the damage' }).waitFor();
  expect(await page.getByRole('button', { name: 'Continue to Details' }).isDisabled()).toBe(true);
  await expectNoAxeViolations(page);
  await page.getByLabel('Choose photos').setInputFiles([resolve(images, 'sample.jpg'), resolve(images, 'sample.heic')]);
  await page.getByText('2/10 files selected').waitFor();
  await page.getByRole('button', { name: 'Remove photo 2: sample.heic' }).waitFor();
  await page.getByText('HEIC photo').waitFor();
  await expect.poll(() => page.getByRole('img', { name: 'Preview of photo 1' }).evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await expectNoAxeViolations(page);
  await shot(page, `${size}-1-photos`);

  await page.getByRole('button', { name: 'Continue to Details' }).click();
  await page.getByRole('heading', { level: 2, name: 'Your details' }).waitFor();
  // Step 2 checks the details before the review (SPEC's submit is on step 3).
  await page.getByRole('button', { name: 'Continue to Review' }).click();
  await page.getByRole('alert').filter({ hasText: 'problems with your details' }).waitFor();
  expect(await page.getByLabel('Full name').getAttribute('aria-invalid')).toBe('true');
  await expectNoAxeViolations(page);
  await shot(page, `${size}-2-errors`);

  await fillDetails(page, email);
  await expectNoAxeViolations(page);
  await shot(page, `${size}-3-details`);

  await page.getByRole('button', { name: 'Continue to Review' }).click();
  await page.getByRole('heading', { level: 2, name: 'Check and send' }).waitFor();
  const damage = page.getByRole('region', { name: 'The damage' });
  expect(await damage.textContent()).toContain("Scuff Removal");
  expect(await damage.textContent()).toContain("Driver's door, Left wing");
  expect(await page.getByRole('region', { name: 'Where the car is' }).textContent()).toContain('BS1 5TY');
  await expect.poll(() => page.getByRole('img', { name: 'Photo 1: sample.jpg' }).evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await expectNoAxeViolations(page);
  await shot(page, `${size}-3-review`);
}

async function submitAndReachThankYou(page: Page): Promise<{ reference: string; id: string }> {
  await page.getByRole('button', { name: 'Submit Assessment' }).click();
  return reachThankYou(page);
}

async function reachThankYou(page: Page): Promise<{ reference: string; id: string }> {
  await page.waitForURL(/\/thank-you\?/, { timeout: 30_000 });
  const url = new URL(page.url());
  const reference = url.searchParams.get('ref') ?? '';
  const id = url.searchParams.get('id') ?? '';
  expect(reference).toMatch(REFERENCE);
  await page.getByText(reference, { exact: true }).waitFor();
  expect(await page.getByRole('main').textContent()).toContain(site.quoteTurnaround);
  return { reference, id };
}

/** The customer's receipt e-mail, read from the outbox by an admin signed in through the API. */
async function accessPathFromEmail(email: string): Promise<{ path: string; count: number }> {
  const admin = inject('accounts').admin;
  const api = await request.newContext({ baseURL: baseUrl() });
  try {
    const signIn = await api.post('/api/auth/sign-in', { data: { email: admin.email, password: admin.password } });
    expect(signIn.status()).toBe(200);
    const outbox = (await (await api.get('/api/admin/emails?limit=200')).json()) as Array<{ kind: string; toAddress: string; textBody: string }>;
    const receipts = outbox.filter((message) => message.toAddress === email && message.kind === 'assessment-received');
    const link = /https?:\/\/\S+\/access\/\S+/.exec(receipts[0]?.textBody ?? '')?.[0];
    expect(link, 'access link in the receipt e-mail').toBeTruthy();
    const url = new URL(link!);
    return { path: `${url.pathname}${url.search}`, count: receipts.length };
  } finally {
    await api.dispose();
  }
}

async function expectNoAccess(context: BrowserContext, assessmentId: string, imageId: number) {
  for (const path of [`/api/assessments/${assessmentId}`, `/api/images/${imageId}`, `/api/images/${imageId}?size=thumb`]) {
    const response = await context.request.get(path);
    expect(response.status(), path).toBe(404);
    const body = await response.text();
    for (const secret of ['Priya', 'Park Road', '7700', 'BS1 5TY', '@example.co.uk']) expect(body, path).not.toContain(secret);
  }
}

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

  // Admins cannot approve quotes until a later issue, so the approved quote's screen is checked
  // with the real assessment and a quote shaped like the API's, answered by the test.
  for (const size of ['desktop', 'mobile'] as const) {
    it(`shows an approved quote as SPEC's quote view (${size})`, async () => {
      const context = await newConsentedContext(browser, size);
      const page = await context.newPage();
      await completeWizard(page, `intake-quote-${size}-${Date.now()}@example.co.uk`, size);
      const { id } = await submitAndReachThankYou(page);
      const assessment = (await (await context.request.get(`/api/assessments/${id}`)).json()) as Record<string, unknown>;
      const quote = {
        id: 9, assessmentId: Number(id), laborCost: '480.00', partsCost: '1170.00', materialsCost: '35.00', autoReviveFee: '330.00',
        vatAmount: '403.00', totalCost: '2418.00', totalPrice: '2418.00', repairerPayment: '1320.00', estimatedDays: 1, estimatedHours: 6,
        workDescription: [{ item: 'Respray driver door', cost: 650 }, { item: 'Blend left wing', cost: 120 }, { item: 'Replace door trim', cost: 880 }],
        validUntil: '2099-01-30', warrantyMonths: 12, status: 'approved', assignmentStatus: 'unassigned', createdAt: new Date().toISOString(),
        reference: assessment.reference, expired: false, approvedAt: new Date().toISOString(),
      };
      await page.route(`**/api/assessments/${id}`, (route) => route.fulfill({ json: { ...assessment, quote } }));
      await page.goto(`/quote/${id}`);
      await page.getByRole('heading', { level: 1, name: 'Your repair quote' }).waitFor();
      const main = (await page.getByRole('main').textContent()) ?? '';
      for (const text of ['Ready', 'Total Estimate', '£2,418.00', '£650.00', 'Estimated completion: 4–5 business days', 'Friday 30 January 2099', '12 months']) {
        expect(main).toContain(text);
      }
      expect(await page.getByRole('link', { name: 'Accept Quote & Book Appointment' }).getAttribute('href')).toBe('/booking/9');
      await expectNoAxeViolations(page);
      await shot(page, `${size}-8-quote-ready`);
      await context.close();
    });
  }
});
