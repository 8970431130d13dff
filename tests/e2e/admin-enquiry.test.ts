// Issue 33 in the browser: an admin opens an enquiry from its reference in the enquiry list and
// reads it as the team, on /admin/enquiries/{id}: the customer, the quote, the booking and its
// payment, with the team's actions for its state. Not the customer's quote page (with its "Erase
// my data" and a 404 for the customer's held-appointment call): no console error and no failed
// API call on the way. axe at 375 and 1280 px.
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { bookAndPayThroughApi, browserAndAdminForFile, signedInContext, workingDayFrom } from './booking-support';
import { submitEnquiry } from './enquiry';
import { expectNoAxeViolations, hasChromium, newConsentedContext, screenshot, viewports, watchPageErrors } from './support';
import { dayAndSlotLabel } from '../../src/shared/calendar';

const opened = browserAndAdminForFile();
const closers: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const close of closers) await close();
});

/** Every API answer of 400 or more the page receives. */
function watchFailedCalls(page: Page): string[] {
  const failed: string[] = [];
  page.on('response', (response) => {
    if (new URL(response.url()).pathname.startsWith('/api/') && response.status() >= 400) failed.push(`${response.status()} ${response.request().method()} ${response.url()}`);
  });
  page.on('requestfailed', (request) => failed.push(`failed ${request.method()} ${request.url()}`));
  return failed;
}

describe.skipIf(!hasChromium)('the admin’s enquiry page', () => {
  it('opens from the reference in the enquiry list and shows the customer, the quote and the paid booking', async () => {
    const { browser, admin } = opened;
    const customer = await newConsentedContext(browser, 'desktop');
    closers.push(() => customer.close());
    const { id, reference } = await submitEnquiry(customer, { name: 'Enid Enquiry', postcode: 'SW1A 2AA', city: 'London', county: 'Greater London' });
    const draft = (await (await admin.get(`/api/quotes/assessment/${id}`)).json()) as { id: number; totalCost: string };
    expect((await admin.post(`/api/admin/quotes/${draft.id}/approve`, { data: { adjustedAmount: draft.totalCost } })).status()).toBe(200);
    const day = workingDayFrom(60);
    await bookAndPayThroughApi(customer, draft.id, day, 'morning');

    const context = await signedInContext(browser, inject('accounts').admin);
    closers.push(() => context.close());
    const page = await context.newPage();
    const errors = watchPageErrors(page);
    const failed = watchFailedCalls(page);
    await page.goto('/admin');
    await page.getByRole('heading', { level: 1, name: 'Admin dashboard' }).waitFor();
    const list = page.getByRole('region', { name: 'All enquiries (table)' });
    await page.getByLabel('Search by reference, name, e-mail or postcode').fill(reference);
    await expect.poll(() => list.getByRole('row').count()).toBe(2);
    await list.getByRole('link', { name: `Open the enquiry ${reference}` }).click();

    await page.getByRole('heading', { level: 1, name: `Enquiry ${reference}` }).waitFor();
    expect(new URL(page.url()).pathname).toBe(`/admin/enquiries/${id}`);
    const customerPart = page.getByRole('region', { name: 'Customer, vehicle and damage' });
    expect(await customerPart.textContent()).toContain('Enid Enquiry');
    expect(await customerPart.textContent()).toContain('SW1A 2AA');
    await customerPart.getByRole('list', { name: `Damage photos for ${reference}` }).waitFor();
    const quote = page.getByRole('region', { name: 'Quote' });
    expect(await quote.textContent()).toContain(`Total price£${Number(draft.totalCost).toLocaleString('en-GB', { minimumFractionDigits: 2 })}`);
    expect(await quote.textContent()).toContain('Quote e-mailed to the customer');
    const booking = page.getByRole('region', { name: 'Booking' });
    expect(await booking.getByRole('heading', { level: 3 }).textContent()).toContain(dayAndSlotLabel(day, 'morning'));
    expect(await booking.textContent()).toMatch(/PaymentPaid · £/);
    // The team's actions for a paid booking, as on the dashboard; never the customer's own.
    await booking.getByRole('button', { name: 'Cancel and refund' }).waitFor();
    expect(await page.getByRole('button', { name: /Erase my data/ }).count()).toBe(0);
    await page.getByRole('region', { name: 'E-mails to the customer' }).getByRole('cell', { name: /booking is confirmed|Booking confirmed/i }).first().waitFor();

    for (const size of ['mobile', 'desktop'] as const) {
      await page.setViewportSize(viewports[size]);
      await expectNoAxeViolations(page);
      await screenshot(page, `admin-enquiry-${size}`);
    }
    expect(errors).toEqual([]);
    expect(failed).toEqual([]);
  });

  it('answers a missing enquiry with a sentence, not the customer’s page', async () => {
    const context = await signedInContext(opened.browser, inject('accounts').admin, 'mobile');
    closers.push(() => context.close());
    const page = await context.newPage();
    await page.goto('/admin/enquiries/2147483647');
    await page.getByRole('heading', { level: 1, name: 'Enquiry not found' }).waitFor();
    await expectNoAxeViolations(page);
  });
});
