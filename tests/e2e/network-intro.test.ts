// Issue 13 item 2 (D19) in the browser: the admin introduces a business from the Repairer Network
// tab, the business follows the unsubscribe link from that e-mail (read from the outbox) and
// confirms, and introducing everyone afterwards skips it (the toast counts it as skipped; the
// outbox shows no second e-mail). axe on the tab and the unsubscribe page at 375 and 1280 px.
// The server side (headers, one-click POST, races, bounces) is tests/integration/outreach.test.ts.
import type { APIRequestContext, Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { axeAtBothSizes, browserAndAdminForFile, signedInContext } from './booking-support';
import { hasChromium, newConsentedContext, watchPageErrors } from './support';

const opened = browserAndAdminForFile();
// Made in every lane by tests/setup/e2e-global.ts (introBusinesses).
const bodywork = { name: 'Intro Lane Bodywork', email: 'intro-lane-bodywork@example.com' };
const smart = { name: 'Intro Lane Smart Repairs', email: 'intro-lane-smart@example.com' };

async function introsTo(admin: APIRequestContext, address: string) {
  const emails = (await (await admin.get('/api/admin/emails?limit=200')).json()) as { kind: string; toAddress: string; textBody: string }[];
  return emails.filter((e) => e.kind === 'repairer-intro' && e.toAddress === address);
}

async function openNetwork(page: Page) {
  await page.goto('/admin');
  await page.getByRole('tab', { name: 'Repairer Network' }).click();
  await page.getByLabel('Name, town or postcode').fill('Intro Lane');
  await page.getByRole('button', { name: 'Search' }).click();
  // The search's own answer (its two businesses), not the unfiltered first page that also lists
  // them: selecting all on that page, and then having the search reset the selection, failed a run.
  await page.getByRole('heading', { level: 2, name: 'Repairer Network (2)' }).waitFor();
  await page.getByRole('row').filter({ hasText: smart.name }).waitFor();
}

describe.skipIf(!hasChromium)('introduction e-mails from the Repairer Network tab', () => {
  it('introduces a business, which unsubscribes by its link; introducing everyone then skips it', async () => {
    const { browser, admin } = opened;
    const context = await signedInContext(browser, inject('accounts').admin);
    const page = await context.newPage();
    const errors = watchPageErrors(page);
    await openNetwork(page);
    await page.getByText('Introduction e-mails').waitFor();
    const row = page.getByRole('row').filter({ hasText: bodywork.name });
    await row.getByRole('button', { name: `Send an introduction to ${bodywork.name}` }).click();
    await page.getByText('Introduction Email Sent', { exact: true }).first().waitFor();
    await expect.poll(() => row.textContent()).toMatch(/Introduced \d+ \w+ \d{4}/);
    expect(await row.getByRole('button', { name: `Send an introduction to ${bodywork.name}` }).isDisabled()).toBe(true);
    // Selection for the bulk actions: one row, then the whole page.
    await page.getByRole('checkbox', { name: `Select ${smart.name}` }).check();
    await page.getByText('1 repairer selected').waitFor();
    await page.getByRole('checkbox', { name: 'Select all repairers on this page' }).check();
    await page.getByText('2 repairers selected').waitFor();
    await page.getByRole('checkbox', { name: 'Select all repairers on this page' }).uncheck();
    await axeAtBothSizes(page, 'network', 'intro');

    // The business opens the unsubscribe link in the e-mail it received, and confirms.
    const [intro] = await introsTo(admin, bodywork.email);
    const link = /https?:\/\/[^\s]+(\/unsubscribe\/[\w.-]+)/.exec(intro!.textBody);
    expect(link, 'the e-mail has an unsubscribe link').not.toBeNull();
    const visitor = await newConsentedContext(browser, 'mobile');
    const unsubscribePage = await visitor.newPage();
    await unsubscribePage.goto(link![1]!);
    await unsubscribePage.getByText(bodywork.email).waitFor();
    await axeAtBothSizes(unsubscribePage, 'unsubscribe', 'intro');
    await unsubscribePage.getByRole('button', { name: 'Unsubscribe' }).click();
    await unsubscribePage.getByText('You are unsubscribed.').waitFor();
    await axeAtBothSizes(unsubscribePage, 'unsubscribed', 'intro');
    await visitor.close();

    // Introducing everyone now writes to the other business only.
    await openNetwork(page);
    page.once('dialog', (dialog) => void dialog.accept());
    await page.getByRole('button', { name: 'Introduce everyone not yet introduced' }).click();
    const toast = page.getByText(/introductions? queued, \d+ failed/).first();
    await toast.waitFor();
    const [, queued, skipped] = /(\d+) introductions? queued, \d+ failed \(address not valid\); (\d+) skipped/.exec((await toast.textContent()) ?? '') ?? [];
    expect(Number(queued)).toBeGreaterThanOrEqual(1);
    expect(Number(skipped)).toBeGreaterThanOrEqual(1);
    await expect.poll(() => page.getByRole('row').filter({ hasText: bodywork.name }).textContent()).toContain('Unsubscribed');
    expect(await introsTo(admin, bodywork.email)).toHaveLength(1);
    expect(await introsTo(admin, smart.email)).toHaveLength(1);
    expect(errors).toEqual([]);
    await context.close();
  });
});
