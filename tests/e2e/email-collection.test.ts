// Issue 13 item 4 in the browser: the admin runs a batch from the AI Email Collection tab against
// three local repairer websites (tests/e2e/collection-sites.ts) and watches the progress bar
// reach 100%; two addresses are found (one from a contact page, one obfuscated), one site has
// none; axe is clean at 375 and 1280 px before and after.
import { describe, expect, inject, it } from 'vitest';
import { axeAtBothSizes, browserAndAdminForFile, signedInContext } from './booking-support';
import { hasChromium, watchPageErrors } from './support';

const opened = browserAndAdminForFile();

describe.skipIf(!hasChromium)('AI Email Collection', () => {
  it('runs a batch and shows its progress to 100% and its results', async () => {
    const context = await signedInContext(opened.browser, inject('accounts').admin);
    const page = await context.newPage();
    const errors = watchPageErrors(page);
    await page.goto('/admin');
    await page.getByRole('tab', { name: 'AI Email Collection' }).click();
    const needs = page.getByRole('region', { name: 'E-mail collection status' }).locator('div').filter({ hasText: 'Needs collection' }).locator('dd').first();
    await expect.poll(() => needs.textContent()).toBe('3');
    await page.getByText('No websites have been read yet.').waitFor();
    await axeAtBothSizes(page, 'start', 'email-collection');

    await page.getByLabel('Batch size').fill('3');
    await page.getByRole('button', { name: 'Collect Batch' }).click();
    const bar = page.getByRole('progressbar', { name: 'E-mail collection progress' });
    await bar.waitFor();
    await expect.poll(() => bar.getAttribute('aria-valuenow'), { timeout: 30_000, interval: 250 }).toBe('100');
    await page.getByText('3 of 3 repairers tried: 2 found, 1 not found').waitFor();
    await page.getByRole('heading', { name: 'Finished: the last collection' }).waitFor();

    const results = page.getByRole('region', { name: 'Last 5 results' });
    await results.getByText('info@brightside-repairs.co.uk').waitFor();
    await results.getByText('bookings@dentdoctors.co.uk').waitFor();
    await results.getByText('No e-mail address was found on the home page, which links to no contact page.').waitFor();
    await expect.poll(() => needs.textContent()).toBe('1');
    await axeAtBothSizes(page, 'finished', 'email-collection');
    expect(errors).toEqual([]);
    await context.close();
  });
});
