// Issue 14's privacy operations in a real browser: from their quote page a customer downloads
// their data (a zip with your-data.json and their photo) and erases it (a wrong reference is
// refused with the server's sentence; the right one erases, and the link stops working); the
// admin then reads both in the audit log, and finds the quote gone from the desk and withdrawn in
// the enquiries list. axe at 375 and 1280 px on the panel, the dialog, the erased page and the
// audit log.
import { describe, expect, inject, it } from 'vitest';
import { axeAtBothSizes, browserAndAdminForFile, signedInContext } from './booking-support';
import { submitEnquiry } from './enquiry';
import { hasChromium, newConsentedContext, watchPageErrors } from './support';

const opened = browserAndAdminForFile();

describe.skipIf(!hasChromium)('your data', () => {
  it('downloads the data, erases it after the reference is typed, and the admin reads both in the audit log', async () => {
    const { browser } = opened;
    const context = await newConsentedContext(browser);
    const { id, reference } = await submitEnquiry(context, { name: 'Imogen Fairweather-Lutz' });
    const page = await context.newPage();
    const errors = watchPageErrors(page);
    await page.goto(`/quote/${id}`);
    const panel = page.getByRole('region', { name: 'Your data' });
    await panel.waitFor();
    await axeAtBothSizes(page, 'panel', 'privacy');

    const [download] = await Promise.all([page.waitForEvent('download'), panel.getByRole('link', { name: 'Download your data' }).click()]);
    expect(download.suggestedFilename()).toBe(`autorevive-${reference}.zip`);
    const chunks: Buffer[] = [];
    for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
    const zip = Buffer.concat(chunks);
    expect(zip.subarray(0, 2).toString()).toBe('PK');
    // A zip names its files in plain text: the data file and the customer's photo.
    expect(zip.includes('your-data.json')).toBe(true);
    expect(zip.includes('photos/damage-1.jpg')).toBe(true);

    await panel.getByRole('button', { name: 'Erase my data' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Erase your personal data?' });
    await dialog.waitFor();
    await axeAtBothSizes(page, 'dialog', 'privacy');
    await dialog.getByLabel(`Type your reference (${reference}) to confirm`).fill('AR-0000-0000');
    await dialog.getByRole('button', { name: 'Erase my data' }).click();
    await expect.poll(() => dialog.getByRole('alert').textContent()).toMatch(/^That is not this enquiry’s reference/);

    await dialog.getByLabel(`Type your reference (${reference}) to confirm`).fill(reference.toLowerCase());
    await dialog.getByRole('button', { name: 'Erase my data' }).click();
    await page.getByRole('heading', { name: 'Your data has been erased' }).waitFor();
    // The keyboard goes to what replaced the page (a review: it fell to the top of the page).
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('erased-heading');
    expect(await page.getByRole('region', { name: 'Your data has been erased' }).textContent()).toContain(`the photo of enquiry ${reference}`);
    await axeAtBothSizes(page, 'erased', 'privacy');

    // The grant went with the data: the page no longer opens.
    await page.reload();
    await page.getByRole('heading', { name: 'Assessment Not Found' }).waitFor();
    // The browser logs the refusals it was meant to get (the wrong reference, the erased record after the reload), nothing else.
    expect(new Set(errors)).toEqual(new Set(['Failed to load resource: the server responded with a status of 400 (Bad Request)', 'Failed to load resource: the server responded with a status of 404 (Not Found)']));
    await context.close();

    const admin = await signedInContext(browser, inject('accounts').admin);
    const adminPage = await admin.newPage();
    await adminPage.goto('/admin');
    await adminPage.getByRole('link', { name: 'Audit log' }).click();
    await adminPage.getByRole('heading', { level: 1, name: 'Audit log' }).waitFor();
    const rows = adminPage.getByRole('row').filter({ hasText: reference });
    await expect.poll(() => rows.count()).toBe(2);
    expect(await rows.nth(0).textContent()).toContain('The customerErased a customer’s personal data');
    expect(await rows.nth(1).textContent()).toContain('The customerDownloaded a customer’s data');
    await axeAtBothSizes(adminPage, 'audit-log', 'privacy');

    // Nobody is left to quote for: the quote has left the desk, on every page, and the enquiries
    // list says why.
    const onDesk: string[] = [];
    for (let n = 1; ; n++) {
      const list = (await (await admin.request.get(`/api/admin/quotes?status=needs-attention&page=${n}&pageSize=50`)).json()) as { items: { quote: { reference: string } }[] };
      onDesk.push(...list.items.map((card) => card.quote.reference));
      if (list.items.length < 50) break;
    }
    expect(onDesk).not.toContain(reference);
    await adminPage.goto('/admin');
    await adminPage.getByLabel('Search by reference, name, e-mail or postcode').fill(reference);
    const found = adminPage.getByRole('region', { name: 'All enquiries (table)' }).getByRole('row').filter({ hasText: reference });
    await expect.poll(() => found.textContent()).toContain('Withdrawn (details erased)');
    expect(await adminPage.getByRole('article', { name: new RegExp(reference) }).count()).toBe(0);
    await admin.close();
  });
});
