// Issue 12 in the browser, the admin's side: a London customer's paid booking appears under Jobs
// to dispatch; the admin finds the repairers near it (the test repairer, in central London, with
// its distance), sends it to all nearby, and sees the repairer's response. axe at 375 and 1280 px.
import { describe, expect, inject, it } from 'vitest';
import { bookAndPayThroughApi, browserAndAdminForFile, workingDayFrom } from './booking-support';
import { submitEnquiry } from './enquiry';
import { baseUrl, expectNoAxeViolations, hasChromium, newConsentedContext, screenshot, viewports, watchPageErrors } from './support';

const opened = browserAndAdminForFile();

describe.skipIf(!hasChromium)('dispatching a paid booking', () => {
  it('finds the repairers near the customer, sends the job, and shows their response', async () => {
    const { browser, admin } = opened;
    const customer = await newConsentedContext(browser, 'desktop');
    const { id, reference } = await submitEnquiry(customer, { city: 'London', county: 'Greater London', postcode: 'SW1A 2AA', address: '10 Downing Street' });
    const draft = (await (await admin.get(`/api/quotes/assessment/${id}`)).json()) as { id: number; totalCost: string };
    expect((await admin.post(`/api/admin/quotes/${draft.id}/approve`, { data: { adjustedAmount: draft.totalCost } })).status()).toBe(200);
    await bookAndPayThroughApi(customer, draft.id, workingDayFrom(50), 'afternoon');

    const context = await newConsentedContext(browser, 'desktop');
    const account = inject('accounts').admin;
    expect((await context.request.post(`${baseUrl()}/api/auth/sign-in`, { data: { email: account.email, password: account.password } })).status()).toBe(200);
    const page = await context.newPage();
    const errors = watchPageErrors(page);
    await page.goto('/admin');
    const job = page.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 3, name: new RegExp(`^${reference}:`) }) });
    await job.waitFor();

    await job.getByRole('button', { name: 'Find nearby repairers' }).click();
    const nearby = job.getByRole('list', { name: `Repairers near ${reference}` });
    await nearby.waitFor();
    expect(await nearby.textContent()).toMatch(/Test Repairs \d+.*miles · London/);

    await job.getByRole('button', { name: 'Send to all nearby' }).click();
    await page.getByText('Success', { exact: true }).first().waitFor();
    // Sent now, or by the automatic dispatch a moment after payment: either way the repairer has it.
    await expect.poll(async () => job.getByRole('group', { name: 'Repairer responses' }).textContent(), { timeout: 15_000 }).toMatch(/Test Repairs \d+: Sent, not opened/);
    for (const size of ['mobile', 'desktop'] as const) {
      await page.setViewportSize(viewports[size]);
      await expectNoAxeViolations(page);
      await screenshot(page, `dispatch-${size}`);
    }
    expect(errors).toEqual([]);
    await context.close();
    await customer.close();
  });
});
