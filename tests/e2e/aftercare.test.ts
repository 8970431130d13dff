// Issue 12 in the browser, the customer's side after the repair: a real paid booking accepted by
// the test repairer shows "Your technician"; then, as the server answers once the repairer has
// marked it done (which the server allows only on the appointment's day, so here the answers are
// served from the page's network layer with the shapes the server sends, and the server's side is
// tests/integration/completion.test.ts), the customer confirms the repair and rates it.
// axe at 375 and 1280 px on each state.
import { describe, expect, inject, it } from 'vitest';
import type { AppointmentView } from '../../src/shared/api/appointments';
import { axeAtBothSizes, bookAndPayThroughApi, browserAndAdminForFile, customerWithApprovedQuote, workingDayFrom } from './booking-support';
import { baseUrl, hasChromium, watchPageErrors } from './support';

const opened = browserAndAdminForFile();


describe.skipIf(!hasChromium)('after the repair', () => {
  it('names the technician, then lets the customer confirm the finished repair and rate it', async () => {
    const { browser, admin } = opened;
    const customer = await customerWithApprovedQuote(browser, admin);
    const appointmentId = await bookAndPayThroughApi(customer.context, customer.quoteId, workingDayFrom(55), 'afternoon');
    const repairer = inject('accounts').repairer;
    const sent = await admin.post(`/api/admin/quotes/${customer.quoteId}/send-to-repairer`, { data: { repairerId: repairer.repairerId } });
    expect(sent.status(), await sent.text()).toBe(200);
    const repairerApi = await (await import('playwright-core')).request.newContext({ baseURL: baseUrl() });
    expect((await repairerApi.post('/api/auth/sign-in', { data: { email: repairer.email, password: repairer.password } })).status()).toBe(200);
    const { notification } = (await sent.json()) as { notification: { id: number } };
    expect((await repairerApi.post(`/api/repairer/notifications/${notification.id}/accept`)).status()).toBe(200);
    await repairerApi.dispose();

    const page = customer.page;
    const errors = watchPageErrors(page);
    await page.goto(`/appointments/${appointmentId}`);
    await page.getByRole('heading', { name: 'Your technician', exact: true }).waitFor();
    expect(await page.getByRole('region', { name: 'Your technician', exact: true }).textContent()).toMatch(/Test Repairs \d+ will carry out your repair/);

    // Marked done: what the server answers then.
    const real = (await (await customer.context.request.get(`/api/appointments/${appointmentId}`)).json()) as AppointmentView;
    let current: AppointmentView = {
      ...real,
      status: 'completed',
      canChange: false,
      aftercare: { ...real.aftercare, completedAt: `${real.appointmentDate}T15:30:00.000Z`, warranty: { startsDate: real.appointmentDate, endsDate: `${Number(real.appointmentDate.slice(0, 4)) + 1}${real.appointmentDate.slice(4)}`, months: 12 } },
    };
    const posted: string[] = [];
    await page.route(`**/api/appointments/${appointmentId}`, (route) => route.fulfill({ json: current }));
    await page.route(`**/api/appointments/${appointmentId}/*`, async (route) => {
      const path = new URL(route.request().url()).pathname;
      posted.push(`${path} ${route.request().postData() ?? ''}`);
      if (path.endsWith('/confirm-completion')) current = { ...current, aftercare: { ...current.aftercare, confirmedAt: new Date().toISOString() } };
      if (path.endsWith('/review')) {
        const body = JSON.parse(route.request().postData() ?? '{}') as { rating: number; comment: string };
        current = { ...current, aftercare: { ...current.aftercare, review: { rating: body.rating, comment: body.comment } } };
      }
      await route.fulfill({ json: current });
    });
    await page.reload();
    const panel = page.getByRole('region', { name: 'Your repair is done' });
    await panel.waitFor();
    expect(await panel.textContent()).toContain('12-month warranty');
    await axeAtBothSizes(page, 'done', 'aftercare');

    // Issue 37: confirming releases the payment, so it asks first, in one sentence; going back sends nothing.
    const confirmButton = panel.getByRole('button', { name: 'Confirm the repair is complete' });
    await confirmButton.click();
    const pause = page.getByRole('alertdialog', { name: 'Confirm the repair is complete?' });
    await pause.waitFor();
    expect(await pause.textContent()).toContain('Your payment is released to the technician, and this cannot be undone');
    await axeAtBothSizes(page, 'confirm-dialog', 'aftercare');
    await pause.getByRole('button', { name: 'Not yet' }).click();
    await pause.waitFor({ state: 'detached' });
    await expect.poll(() => confirmButton.evaluate((button) => button === document.activeElement)).toBe(true);
    expect(posted).toEqual([]);
    await confirmButton.click();
    await pause.getByRole('button', { name: 'Confirm and release payment' }).click();
    await panel.getByText('you confirmed the repair').waitFor();
    // A review needs a rating: submitting without one says so and sends nothing.
    await panel.getByRole('button', { name: 'Submit review' }).click();
    await panel.getByRole('alert').filter({ hasText: 'Please choose a rating from 1 to 5 stars' }).waitFor();
    // Focus goes to the unanswered question, which names the error.
    const oneStar = panel.getByLabel('1 star', { exact: true });
    await expect.poll(() => oneStar.evaluate((input) => input === document.activeElement)).toBe(true);
    expect(await oneStar.evaluate((input) => document.getElementById(input.getAttribute('aria-describedby') ?? '')?.textContent)).toBe('Please choose a rating from 1 to 5 stars');
    await panel.getByLabel('5 stars').check();
    await panel.getByLabel('Comment (optional)').fill('Spotless, and on time.');
    await panel.getByRole('button', { name: 'Submit review' }).click();
    await panel.getByText('You rated this repair 5 out of 5').waitFor();
    expect(posted).toEqual([`/api/appointments/${appointmentId}/confirm-completion {}`, `/api/appointments/${appointmentId}/review {"rating":5,"comment":"Spotless, and on time."}`]);
    await axeAtBothSizes(page, 'reviewed', 'aftercare');
    expect(errors).toEqual([]);
    await customer.context.close();
  });
});
