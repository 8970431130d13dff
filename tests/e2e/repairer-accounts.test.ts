// Issue 12 item 7 in the browser: the admin's Repairer Network tab (verification, the invitation
// button, axe at both widths) and the join page a repairer's invitation opens (a spent or
// unknown link says so; a short password is refused before anything is sent). The invitation's
// server side, single use and all, is tests/integration/repairer-accounts.test.ts.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { baseUrl, expectNoAxeViolations, hasChromium, launchBrowser, newConsentedContext, screenshot, viewports, watchPageErrors } from './support';

let browser: Browser;
// The phone's page: a visitor opens the join links in it signed out, and the repairer then signs
// in in it, rather than each starting a context and a page (docs/decisions/0006, seventh round).
let phone: Promise<{ context: BrowserContext; page: Page }> | null = null;
function phonePage(): Promise<{ context: BrowserContext; page: Page }> {
  phone ??= newConsentedContext(browser, 'mobile').then(async (context) => ({ context, page: await context.newPage() }));
  return phone;
}
beforeAll(async () => {
  if (hasChromium) browser = await launchBrowser();
});
afterAll(async () => {
  await (await phone)?.context.close();
  await browser?.close();
});

describe.skipIf(!hasChromium)('repairer accounts', () => {
  it('lists the network with verification and invitations, and verifies and unverifies a repairer', async () => {
    const context = await newConsentedContext(browser, 'desktop');
    const account = inject('accounts').admin;
    expect((await context.request.post(`${baseUrl()}/api/auth/sign-in`, { data: { email: account.email, password: account.password } })).status()).toBe(200);
    const page = await context.newPage();
    const errors = watchPageErrors(page);
    await page.goto('/admin');
    await page.getByRole('tab', { name: 'Repairer Network' }).click();
    const table = page.getByRole('table', { name: /Repairers by business name/ });
    await table.waitFor();
    // The lane's test repairer: the one business with an account.
    const row = table.getByRole('row').filter({ hasText: 'Has an account' }).first();
    expect(await row.textContent()).toContain('Verified');
    expect(await row.getByRole('button', { name: /^Invite / }).isDisabled()).toBe(true);
    for (const size of ['mobile', 'desktop'] as const) {
      await page.setViewportSize(viewports[size]);
      await expectNoAxeViolations(page);
      await screenshot(page, `repairer-network-${size}`);
    }
    // Filters: nobody in the lane is Pending Verification; searching finds the repairer by name.
    await page.getByLabel('Verification').selectOption('false');
    await page.getByText('No repairers match.').waitFor();
    await page.getByLabel('Verification').selectOption('');
    await page.getByLabel('Name, town or postcode').fill('WC2N');
    await page.getByRole('button', { name: 'Search' }).click();
    await table.waitFor();
    // Unverify, then verify again (other tests in this lane offer it jobs).
    await row.getByRole('button', { name: /^Unverify / }).click();
    await expect.poll(() => row.textContent()).toContain('Pending Verification');
    await row.getByRole('button', { name: /^Verify / }).click();
    await expect.poll(() => row.textContent()).toContain('Verified');
    expect(await row.textContent()).not.toContain('Pending Verification');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('explains a spent link, and refuses a short password on a good one', async () => {
    const { page } = await phonePage();
    await page.setViewportSize(viewports.mobile);
    await page.goto('/join/this-link-was-never-sent-to-anyone');
    await page.getByRole('alert').filter({ hasText: 'This invitation link has expired or has already been used.' }).waitFor();
    await expectNoAxeViolations(page);

    // A good link, as the server answers it (its token is only ever in the repairer's e-mail).
    let posted = 0;
    await page.route('**/api/repairer-invitations/good-link-token-1234', (route) =>
      route.request().method() === 'GET' ? route.fulfill({ json: { businessName: 'Kim’s Smart Repairs', email: 'kim@example.com' } }) : (posted++, route.fulfill({ status: 500 })),
    );
    await page.goto('/join/good-link-token-1234');
    await page.getByText('Kim’s Smart Repairs').waitFor();
    await page.getByLabel('Choose a password').fill('too short');
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByText('Please choose a password of at least 12 characters').waitFor();
    expect(posted).toBe(0);
    for (const size of ['mobile', 'desktop'] as const) {
      await page.setViewportSize(viewports[size]);
      await expectNoAxeViolations(page);
      await screenshot(page, `repairer-join-${size}`);
    }
    await page.unrouteAll();
  });

  it('lets the signed-in repairer keep their profile: a bad radius is refused, a good save is confirmed', async () => {
    const account = inject('accounts').repairer;
    const { context, page } = await phonePage();
    expect((await context.request.post(`${baseUrl()}/api/auth/sign-in`, { data: { email: account.email, password: account.password } })).status()).toBe(200);
    await page.setViewportSize(viewports.mobile);
    const errors = watchPageErrors(page);
    await page.goto('/repairer');
    await page.getByRole('link', { name: 'Your profile and payouts' }).click();
    await page.getByRole('heading', { level: 1, name: 'Your profile' }).waitFor();
    await page.getByText('Card payments are in test mode: no payout account is needed.').waitFor();
    // The number as the repairer would write it, not as it is stored (+447700900000).
    expect(await page.getByLabel('Phone').inputValue()).toBe('07700 900000');
    const radius = page.getByLabel('Service radius (miles)');
    const before = await radius.inputValue();
    await radius.fill('0');
    await page.getByRole('button', { name: 'Save profile' }).click();
    await page.getByText('Please choose a service radius from 1 to 100 miles').waitFor();
    await radius.fill(before);
    await page.getByRole('button', { name: 'Save profile' }).click();
    await page.getByText('Your profile was saved.').first().waitFor();
    for (const size of ['mobile', 'desktop'] as const) {
      await page.setViewportSize(viewports[size]);
      await expectNoAxeViolations(page);
      await screenshot(page, `repairer-profile-${size}`);
    }
    expect(errors).toEqual([]);
  });
});
