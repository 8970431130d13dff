// Issue 4 in a real browser, shared by the intake files (split so that no one file holds a
// lane for much longer than the others): the wizard with real photos (JPEG and HEIC), the
// thank-you page with the server's reference, the receipt's access link, and D10's promise
// that nobody else can read the assessment or its photos.
import { resolve } from 'node:path';
import { request, type BrowserContext, type Page } from 'playwright-core';
import { expect, inject } from 'vitest';
import { site } from '../../src/shared/site';
import type { EnquiryFields } from './enquiry';
import { baseUrl, expectNoAxeViolations, screenshot, type viewports } from './support';

const images = resolve(import.meta.dirname, '../fixtures/images');
export const REFERENCE = /AR-[0-9A-Z]{4}-[0-9A-Z]{4}/;

export const shot = (page: Page, name: string) => screenshot(page, `intake-${name}`, process.env.INTAKE_SCREENSHOTS ?? process.env.E2E_SCREENSHOTS);

const DESCRIPTION = 'A long scratch along the driver door, about 40 cm.';

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
  ];
  for (const [label, value] of fields) await page.getByLabel(label, { exact: true }).fill(value);
}

/** What completeWizard enters, as POST /api/assessments's fields (for submitEnquiry with sample.jpg and sample.heic). */
export function wizardDetails(email: string): EnquiryFields {
  return {
    name: 'Priya Shah', email, phone: '07700 900123', address: '12 Park Road', city: 'Bristol', county: 'Avon', postcode: 'bs1 5ty',
    vehicleMake: 'Ford', vehicleModel: 'Focus', vehicleYear: '2019',
    damageType: 'scuff', damageLocations: 'driver_door,wing_left', damageDescription: DESCRIPTION,
  };
}

/**
 * Issue 37: the damage is asked with the photos, and its typical price shows as soon as the type
 * and places are chosen, before any contact detail: the range GET /api/price-guide answers.
 */
async function chooseDamageAndSeeItsPrice(page: Page) {
  const guide = page.getByRole('status').filter({ hasText: 'typical price' });
  expect(await guide.textContent()).toContain('Choose the type of damage and where it is');
  await page.getByLabel('Scuff Removal').check();
  await page.getByLabel("Driver's door").check();
  await page.getByLabel('Left wing').check();
  const answer = (await (await page.request.get('/api/price-guide?damageType=scuff&damageLocations=driver_door,wing_left')).json()) as { guidePrice: { low: string; high: string } };
  const pounds = (value: string) => `£${Number(value).toLocaleString('en-GB')}`;
  const expected = `Typical price for repairs like this: ${pounds(answer.guidePrice.low)}–${pounds(answer.guidePrice.high)}, confirmed by our team`;
  await page.getByText(expected).waitFor();
  expect(await page.getByLabel('Full name').count(), 'no contact detail asked yet').toBe(0);
  await page.getByLabel('Describe the damage', { exact: true }).fill(DESCRIPTION);
}

/**
 * Steps 1, 2 and 3 with the two sample photos, checking each screen with axe; stops before
 * Submit on the review. `axe: false` for a later walk at a width whose five screens another test
 * already checks (intake.test.ts at desktop, intake-retry.test.ts's first test on a phone): the
 * screens are the same, so a second axe run on them adds nothing (docs/decisions/0006).
 */
export async function completeWizard(page: Page, email: string, size: keyof typeof viewports, { axe = true } = {}) {
  const checkAxe = async () => {
    if (axe) await expectNoAxeViolations(page);
  };
  await page.goto('/assessment');
  await page.getByRole('heading', { level: 2, name: 'Upload photos of the damage' }).waitFor();
  expect(await page.getByRole('button', { name: 'Continue to Details' }).isDisabled()).toBe(true);
  await checkAxe();
  await page.getByLabel('Choose photos').setInputFiles([resolve(images, 'sample.jpg'), resolve(images, 'sample.heic')]);
  await page.getByText('2/10 files selected').waitFor();
  await page.getByRole('button', { name: 'Remove photo 2: sample.heic' }).waitFor();
  await page.getByText('HEIC photo').waitFor();
  await expect.poll(() => page.getByRole('img', { name: 'Preview of photo 1' }).evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await chooseDamageAndSeeItsPrice(page);
  await checkAxe();
  await shot(page, `${size}-1-photos`);

  await page.getByRole('button', { name: 'Continue to Details' }).click();
  await page.getByRole('heading', { level: 2, name: 'Your details' }).waitFor();
  // Step 2 checks the details before the review (SPEC's submit is on step 3).
  await page.getByRole('button', { name: 'Continue to Review' }).click();
  await page.getByRole('alert').filter({ hasText: 'problems with your details' }).waitFor();
  expect(await page.getByLabel('Full name').getAttribute('aria-invalid')).toBe('true');
  await checkAxe();
  await shot(page, `${size}-2-errors`);

  await fillDetails(page, email);
  await checkAxe();
  await shot(page, `${size}-3-details`);

  await page.getByRole('button', { name: 'Continue to Review' }).click();
  await page.getByRole('heading', { level: 2, name: 'Check and send' }).waitFor();
  const damage = page.getByRole('region', { name: 'The damage' });
  expect(await damage.textContent()).toContain("Scuff Removal");
  expect(await damage.textContent()).toContain("Driver's door, Left wing");
  expect(await page.getByRole('region', { name: 'Where the car is' }).textContent()).toContain('BS1 5TY');
  await expect.poll(() => page.getByRole('img', { name: 'Photo 1: sample.jpg' }).evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await checkAxe();
  await shot(page, `${size}-3-review`);
}

export async function submitAndReachThankYou(page: Page): Promise<{ reference: string; id: string }> {
  await page.getByRole('button', { name: 'Submit Assessment' }).click();
  return reachThankYou(page);
}

export async function reachThankYou(page: Page): Promise<{ reference: string; id: string }> {
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
export async function accessPathFromEmail(email: string): Promise<{ path: string; count: number }> {
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

export async function expectNoAccess(context: BrowserContext, assessmentId: string, imageId: number) {
  for (const path of [`/api/assessments/${assessmentId}`, `/api/images/${imageId}`, `/api/images/${imageId}?size=thumb`]) {
    const response = await context.request.get(path);
    expect(response.status(), path).toBe(404);
    const body = await response.text();
    for (const secret of ['Priya', 'Park Road', '7700', 'BS1 5TY', '@example.co.uk']) expect(body, path).not.toContain(secret);
  }
}
