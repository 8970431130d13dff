// Issue 35 item 5's journey, step by step, for the browser tests that follow a new technician:
// they apply on /technicians, the team works through the vetting checklist, verifies and invites
// them, and they create their account from the invitation. Each step is its own function, so a
// later test (the technician setting their availability, a customer near them booking) starts
// where the last step left off: `joinAsTechnician` answers the technician's signed-in page.
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { expect, inject } from 'vitest';
import { site } from '../../src/shared/site';
import { headerOf, textOf } from '../helpers/smtp';
import { baseUrl, expectNoAxeViolations, hydrated, mailTo, newConsentedContext, screenshot, viewports } from './support';

export interface Applicant {
  businessName: string;
  contactName: string;
  email: string;
  phone: string;
  city: string;
  postcode: string;
  radius: string;
  years: string;
  insurer: string;
  policyNumber: string;
  /** YYYY-MM-DD, after today. */
  insuranceEnds: string;
}

/** An applicant of their own for each run (the lane's database outlives a file), near central London. */
export function newApplicant(insuranceEnds: string): Applicant {
  const tag = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  return {
    businessName: `Tyneside Smart Repairs ${tag}`,
    contactName: 'Dana Okafor',
    email: `dana.${tag}@tyneside-smart.example`,
    phone: '07700 900789',
    // Newcastle, where no other browser test books: a technician verified here is offered none of
    // their jobs (tests/e2e share one server, and a London technician was sent London's offers).
    city: 'Newcastle upon Tyne',
    postcode: 'NE1 7RU',
    radius: '25',
    years: '6',
    insurer: 'Hiscox',
    policyNumber: `PL-${tag.toUpperCase()}`,
    insuranceEnds,
  };
}

/** axe clean at 375 and 1280 px, the page left at `end`. */
export async function axeAtBothWidths(page: Page, name: string, end: keyof typeof viewports = 'desktop') {
  for (const size of ['mobile', 'desktop'] as const) {
    await page.setViewportSize(viewports[size]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth), `${name} scrolls sideways at ${size}`).toBeLessThanOrEqual(viewports[size].width);
    await expectNoAxeViolations(page);
    await screenshot(page, `${name}-${size}`);
  }
  await page.setViewportSize(viewports[end]);
}

/** Step 1: the applicant fills in /technicians and sends it; the page says it arrived. */
export async function applyOnTechniciansPage(page: Page, applicant: Applicant): Promise<void> {
  await page.goto('/technicians');
  await hydrated(page);
  const form = page.getByRole('form', { name: 'Apply to join' });
  await form.getByLabel('Business name').fill(applicant.businessName);
  await form.getByLabel('Your name').fill(applicant.contactName);
  await form.getByLabel('E-mail').fill(applicant.email);
  await form.getByLabel('Phone').fill(applicant.phone);
  await form.getByLabel('Years of experience').fill(applicant.years);
  await form.getByLabel('Town or city').fill(applicant.city);
  await form.getByLabel('Base postcode').fill(applicant.postcode);
  await form.getByLabel('Service radius (miles)').fill(applicant.radius);
  await form.getByLabel('Scratch Repair').check();
  await form.getByLabel('Paintless Dent Removal').check();
  await form.getByLabel('Insurer').fill(applicant.insurer);
  await form.getByLabel('Policy number').fill(applicant.policyNumber);
  await form.getByLabel('Policy end date').fill(applicant.insuranceEnds);
  await form.getByRole('button', { name: 'Send my application' }).click();
  await page.getByRole('status').filter({ hasText: 'Application received' }).waitFor();
}

/** The team's desktop page, signed in as the lane's admin. */
export async function adminDesk(browser: Browser): Promise<{ context: BrowserContext; page: Page }> {
  const context = await newConsentedContext(browser, 'desktop');
  const account = inject('accounts').admin;
  expect((await context.request.post(`${baseUrl()}/api/auth/sign-in`, { data: { email: account.email, password: account.password } })).status()).toBe(200);
  return { context, page: await context.newPage() };
}

/** The applicant's row on the Network tab. */
export async function networkRow(page: Page, businessName: string) {
  await page.goto('/admin');
  await page.getByRole('tab', { name: 'Repairer Network' }).click();
  await page.getByLabel('Name, town or postcode').fill(businessName);
  await page.getByRole('button', { name: 'Search' }).click();
  await page.getByRole('heading', { level: 2, name: 'Repairer Network (1)' }).waitFor();
  return page.getByRole('row').filter({ hasText: businessName }).first();
}

/** Step 2: the team ticks every check on the applicant's checklist (the insurance as they gave it). */
export async function recordEveryCheck(page: Page, applicant: Applicant, checks?: (checklist: Locator) => Promise<void>) {
  const row = await networkRow(page, applicant.businessName);
  await row.getByRole('button', { name: `Vetting checklist of ${applicant.businessName}` }).click();
  const checklist = page.getByRole('region', { name: `Vetting checklist: ${applicant.businessName}` });
  await checklist.waitFor();
  await checks?.(checklist);
  await checklist.getByRole('button', { name: 'Record insurance seen' }).click();
  await checklist.getByText(/Recorded .* by /).first().waitFor();
  await checklist.getByLabel('Note (optional)').fill('Driving licence seen on a video call');
  await checklist.getByRole('button', { name: 'Record identity checked' }).click();
  await expect.poll(() => checklist.getByText(/Recorded .* by /).count()).toBe(2);
  await checklist.getByLabel('How their skills were assessed').fill('Test panel: a dent pulled and a scratch blended, to standard');
  await checklist.getByRole('button', { name: 'Record skills assessed' }).click();
  await checklist.getByText('Every check is recorded: they can be verified and invited.').waitFor();
  return { row, checklist };
}

/** Issue 37: verifying asks once first (the technician can then be offered jobs and customers' details). */
export async function confirmVerify(page: Page, businessName: string) {
  await page.getByRole('alertdialog', { name: `Verify ${businessName}?` }).getByRole('button', { name: 'Verify' }).click();
}

/** Step 3: verify, then invite; answers the invitation's link from the e-mail the lane's mail server received. */
export async function verifyAndInvite(page: Page, applicant: Applicant): Promise<string> {
  const row = await networkRow(page, applicant.businessName);
  await row.getByRole('button', { name: `Verify ${applicant.businessName}` }).click();
  await confirmVerify(page, applicant.businessName);
  await expect.poll(() => row.textContent()).toContain('Verified');
  await row.getByRole('button', { name: `Invite ${applicant.businessName} to create an account` }).click();
  await page.getByText(`${applicant.businessName} can create their account from the link sent to ${applicant.email}.`).first().waitFor();
  const invitation = () => mailTo(applicant.email).find((mail) => headerOf(mail.raw, 'Subject') === `Create your ${site.brand} repairer account`);
  await expect.poll(() => Boolean(invitation()), { timeout: 15_000 }).toBe(true);
  const link = /(https?:\/\/\S+\/join\/[\w-]+)/.exec(textOf(invitation()!.raw))?.[1];
  expect(link, 'the invitation carries its link').toBeDefined();
  return new URL(link!).pathname;
}

/** Step 4: the technician creates their account from the link; answers their page, signed in on /repairer. */
export async function joinAsTechnician(page: Page, joinPath: string): Promise<Page> {
  await page.goto(joinPath);
  await page.getByLabel('Choose a password').fill('a long enough password for the test');
  await page.getByRole('button', { name: 'Create account' }).click();
  await page.waitForURL(/\/repairer/);
  return page;
}
