// Issue 12 item 7 in the browser: the admin's Repairer Network tab (verification, the invitation
// button, axe at both widths) and the join page a repairer's invitation opens (a spent or
// unknown link says so; a short password is refused before anything is sent). An invitation the
// local SMTP server received is unsubscribed from by its link (D19), and the admin's next one is
// refused with the reason. The invitation's server side, single use and all, is
// tests/integration/repairer-accounts.test.ts; the one-click POST is tests/integration/outreach.test.ts.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { outreachMessages } from '../../src/shared/api/outreach';
import { site } from '../../src/shared/site';
import { headerOf, textOf } from '../helpers/smtp';
import { baseUrl, expectNoAxeViolations, hasChromium, launchBrowser, mailTo, newConsentedContext, screenshot, viewports, watchPageErrors } from './support';

let browser: Browser;
// The phone's page: a visitor opens the join links in it signed out, and the repairer then signs
// in in it, rather than each starting a context and a page (docs/notes/0006-test-suite-history.md,
// seventh round).
let phone: Promise<{ context: BrowserContext; page: Page }> | null = null;
function phonePage(): Promise<{ context: BrowserContext; page: Page }> {
  phone ??= newConsentedContext(browser, 'mobile').then(async (context) => ({ context, page: await context.newPage() }));
  return phone;
}
// The admin's desktop page, signed in: the network test and the invitation test each load /admin in it.
let desk: Promise<{ context: BrowserContext; page: Page }> | null = null;
function adminPage(): Promise<{ context: BrowserContext; page: Page }> {
  desk ??= newConsentedContext(browser, 'desktop').then(async (context) => {
    const account = inject('accounts').admin;
    expect((await context.request.post(`${baseUrl()}/api/auth/sign-in`, { data: { email: account.email, password: account.password } })).status()).toBe(200);
    return { context, page: await context.newPage() };
  });
  return desk;
}
beforeAll(async () => {
  if (hasChromium) browser = await launchBrowser();
});
afterAll(async () => {
  await (await desk)?.context.close();
  await (await phone)?.context.close();
  await browser?.close();
});

// Made in every lane by tests/setup/e2e-global.ts (invitedBusiness): no account, far from London.
const invited = { name: 'Invite Lane Panel Works', email: 'invite-lane-panels@example.com' };

async function networkRowOf(page: Page, businessName: string) {
  await page.goto('/admin');
  await page.getByRole('tab', { name: 'Repairer Network' }).click();
  await page.getByLabel('Name, town or postcode').fill(businessName);
  await page.getByRole('button', { name: 'Search' }).click();
  await page.getByRole('heading', { level: 2, name: 'Repairer Network (1)' }).waitFor();
  return page.getByRole('row').filter({ hasText: businessName });
}

describe.skipIf(!hasChromium)('repairer accounts', () => {
  it('lists the network with verification and invitations, and verifies and unverifies a repairer', async () => {
    const { page } = await adminPage();
    await page.setViewportSize(viewports.desktop);
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
    await page.getByRole('alertdialog', { name: /^Verify / }).getByRole('button', { name: 'Verify' }).click();
    await expect.poll(() => row.textContent()).toContain('Verified');
    expect(await row.textContent()).not.toContain('Pending Verification');

    // A business the team knows, added by hand (an operator's review: without Google Places the
    // network could not grow). A missing field is named and focused; added, it is listed Pending Verification.
    await page.getByRole('button', { name: 'Add a repairer' }).click();
    const form = page.getByRole('form', { name: 'Add a repairer' });
    await form.getByLabel('Business name').fill('Aire Valley Smart Repairs');
    await form.getByRole('button', { name: 'Add to the network' }).click();
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('add-repairer-city');
    for (const size of ['mobile', 'desktop'] as const) {
      await page.setViewportSize(viewports[size]);
      await expectNoAxeViolations(page);
      await screenshot(page, `add-repairer-${size}`);
    }
    await form.getByLabel('Town or city').fill('Leeds');
    await form.getByLabel('Base postcode').fill('LS1 4AP');
    await form.getByLabel('Scratch Repair').check();
    await form.getByRole('button', { name: 'Add to the network' }).click();
    await page.getByText('Repairer added', { exact: true }).first().waitFor();
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('network-heading');
    await page.getByLabel('Name, town or postcode').fill('Aire Valley');
    await page.getByRole('button', { name: 'Search' }).click();
    const added = table.getByRole('row').filter({ hasText: 'Aire Valley Smart Repairs' });
    await expect.poll(() => added.textContent()).toContain('Pending Verification');
    expect(await added.textContent()).toContain('No account');
    // The same business again: refused in the form itself, naming it, with the keyboard on the refusal.
    await page.getByRole('button', { name: 'Add a repairer' }).click();
    await form.getByLabel('Business name').fill('aire valley smart repairs');
    await form.getByLabel('Town or city').fill('Leeds');
    await form.getByLabel('Base postcode').fill('ls14ap');
    await form.getByLabel('Scratch Repair').check();
    await form.getByRole('button', { name: 'Add to the network' }).click();
    const refusal = form.getByRole('alert').filter({ hasText: 'Aire Valley Smart Repairs in LS1 4AP is already in the network.' });
    await refusal.waitFor();
    await expect.poll(() => refusal.evaluate((element) => element === document.activeElement)).toBe(true);
    // The browser's own line for the 409 the page then handled; nothing else.
    expect(errors).toEqual(['Failed to load resource: the server responded with a status of 409 (Conflict)']);
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
      route.request().method() === 'GET' ? route.fulfill({ json: { businessName: 'Kim’s Smart Repairs', email: 'kim.lee.smart.repairs.belfast@repairers.autorevive.example' } }) : (posted++, route.fulfill({ status: 500 })),
    );
    await page.goto('/join/good-link-token-1234');
    await page.getByText('Kim’s Smart Repairs').waitFor();
    await page.getByLabel('Choose a password').fill('too short');
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByText('Please choose a password of at least 12 characters').waitFor();
    expect(posted).toBe(0);
    for (const size of ['mobile', 'desktop'] as const) {
      await page.setViewportSize(viewports[size]);
      // A long address wraps: the page never scrolls sideways (it did at 375 px).
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewports[size].width);
      await expectNoAxeViolations(page);
      await screenshot(page, `repairer-join-${size}`);
    }
    await page.unrouteAll();
  });

  it('unsubscribes by the link in an invitation the mail server received; the admin’s next invitation is refused with the reason', async () => {
    const { page: admin } = await adminPage();
    await admin.setViewportSize(viewports.desktop);
    const adminErrors = watchPageErrors(admin);
    const row = await networkRowOf(admin, invited.name);
    const invite = row.getByRole('button', { name: `Invite ${invited.name} to create an account` });
    await invite.click();
    await admin.getByText(`${invited.name} can create their account from the link sent to ${invited.email}.`).first().waitFor();
    await expect.poll(() => row.textContent()).toContain('Invitation sent');

    // The invitation as the business's mail program gets it (the lane's local SMTP server).
    const invitationsReceived = () => mailTo(invited.email).filter((mail) => headerOf(mail.raw, 'Subject') === `Create your ${site.brand} repairer account`);
    await expect.poll(() => invitationsReceived().length).toBe(1);
    const [mail] = invitationsReceived();
    const listUnsubscribe = headerOf(mail!.raw, 'List-Unsubscribe');
    expect(headerOf(mail!.raw, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    const oneClick = /^<(https?:\/\/[^>]+)>, <mailto:[^>]+>$/.exec(listUnsubscribe ?? '');
    expect(oneClick, `List-Unsubscribe: ${listUnsubscribe}`).not.toBeNull();
    const line = /^Not interested\? Unsubscribe and we will never write to you again: (\S+)$/m.exec(textOf(mail!.raw));
    expect(line, 'the e-mail has an unsubscribe line').not.toBeNull();
    const link = new URL(line![1]!);
    expect(link.pathname).toMatch(/^\/unsubscribe\/\d+\.[\w-]{43}$/);
    // The header's one-click address is the same token's (the POST itself: tests/integration/outreach.test.ts).
    expect(new URL(oneClick![1]!).pathname).toBe(`/api${link.pathname}`);

    // The business opens the link (the lane's server stands for PUBLIC_URL), reads and confirms.
    const { page } = await phonePage();
    await page.setViewportSize(viewports.mobile);
    const errors = watchPageErrors(page);
    await page.goto(link.pathname);
    await page.getByRole('heading', { level: 1, name: 'Unsubscribe' }).waitFor();
    const question = page.getByText(`Stop all e-mails from ${site.brand} to`);
    await question.waitFor();
    expect(await question.textContent()).toBe(`Stop all e-mails from ${site.brand} to ${invited.name} at ${invited.email}? Once you confirm, we will never write to you again.`);
    for (const size of ['mobile', 'desktop'] as const) {
      await page.setViewportSize(viewports[size]);
      await expectNoAxeViolations(page);
      await screenshot(page, `unsubscribe-invitation-${size}`);
    }
    await page.getByRole('button', { name: 'Unsubscribe' }).click();
    const done = page.getByRole('status').filter({ hasText: 'You are unsubscribed.' });
    await done.waitFor();
    expect(await done.textContent()).toContain(`We will not e-mail ${invited.name} at ${invited.email} again.`);
    // Where to say it was a mistake: the company's support address, as a link.
    expect(await done.getByRole('link').getAttribute('href')).toMatch(/^mailto:\S+@\S+$/);

    // A mail program without one-click opens the header's address in a browser instead: it
    // lands on the same page, which now says it is done (the link works a second time).
    await page.goto(new URL(oneClick![1]!).pathname);
    await page.waitForURL(`${baseUrl()}${link.pathname}`);
    await done.waitFor();
    expect(await page.getByRole('button', { name: 'Unsubscribe' }).count()).toBe(0);
    for (const size of ['mobile', 'desktop'] as const) {
      await page.setViewportSize(viewports[size]);
      await expectNoAxeViolations(page);
      await screenshot(page, `unsubscribed-invitation-${size}`);
    }
    expect(errors).toEqual([]);

    // The admin's tab, opened before the unsubscribe, still offers Invite: the server refuses,
    // the toast says why, and the row then shows Unsubscribed with Invite switched off.
    await invite.click();
    await admin.getByText(outreachMessages.unsubscribed).first().waitFor();
    await expect.poll(() => row.textContent()).toContain('Unsubscribed');
    expect(await invite.isDisabled()).toBe(true);
    const outbox = (await (await admin.context().request.get(`${baseUrl()}/api/admin/emails?limit=200`)).json()) as { kind: string; toAddress: string }[];
    expect(outbox.filter((e) => e.kind === 'repairer-invitation' && e.toAddress === invited.email)).toHaveLength(1);
    expect(invitationsReceived()).toHaveLength(1);
    expect(adminErrors.filter((e) => !e.includes('409'))).toEqual([]);
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
