// Issue 12 in the browser, the admin's side: a London customer's paid booking appears under Jobs
// to dispatch; the admin finds the repairers near it (the test repairer, in central London, with
// its distance), sends it to all nearby, and sees the repairer's response; a job a technician has
// accepted is listed under Upcoming jobs and taken back from them, then cancelled and refunded from
// Jobs to dispatch. axe at 375 and 1280 px.
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { approvedQuoteFor, bookAndPayThroughApi, browserAndAdminForFile, signedInContext, workingDayFrom } from './booking-support';
import { submitEnquiry } from './enquiry';
import { expectNoAxeViolations, hasChromium, newConsentedContext, screenshot, viewports, watchPageErrors } from './support';
import { completionMessages, teamCancelMessages } from '../../src/shared/api/appointments';
import { takeBackMessages, type QuoteNotification } from '../../src/shared/api/dispatch';

const opened = browserAndAdminForFile();

// One signed-in admin page for the file: each test loads /admin afresh in it, rather than starting
// a context and signing in again (docs/notes/0006-test-suite-history.md, seventh round).
let adminSession: Promise<{ context: BrowserContext; page: Page }> | null = null;
function adminPage(): Promise<Page> {
  adminSession ??= signedInContext(opened.browser, inject('accounts').admin).then(async (context) => ({ context, page: await context.newPage() }));
  return adminSession.then(({ page }) => page);
}
afterAll(async () => {
  await (await adminSession)?.context.close();
});

describe.skipIf(!hasChromium)('dispatching a paid booking', () => {
  it('finds the repairers near the customer, sends the job, and shows their response', async () => {
    const { browser, admin } = opened;
    const customer = await newConsentedContext(browser, 'desktop');
    const { id, reference } = await submitEnquiry(customer, { city: 'London', county: 'Greater London', postcode: 'SW1A 2AA', address: '10 Downing Street' });
    const draft = (await (await admin.get(`/api/quotes/assessment/${id}`)).json()) as { id: number; totalCost: string };
    expect((await admin.post(`/api/admin/quotes/${draft.id}/approve`, { data: { adjustedAmount: draft.totalCost } })).status()).toBe(200);
    await bookAndPayThroughApi(customer, draft.id, workingDayFrom(50), 'afternoon');

    const page = await adminPage();
    const errors = watchPageErrors(page);
    await page.goto('/admin');
    // Its card under Jobs to dispatch: until the automatic dispatch's job has run (later on a busy
    // lane), the booking is also under Bookings without a technician, with a card of its own.
    const jobsToDispatch = page.getByRole('region', { name: /^Jobs to dispatch/ });
    const job = jobsToDispatch.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 3, name: new RegExp(`^${reference}:`) }) });
    await job.waitFor();

    await job.getByRole('button', { name: 'Find nearby repairers' }).click();
    const nearby = job.getByRole('list', { name: `Repairers near ${reference}` });
    await nearby.waitFor();
    expect(await nearby.textContent()).toMatch(/Test Repairs \d+.*miles · London/);

    await job.getByRole('button', { name: 'Send to all nearby' }).click();
    await page.getByText('Success', { exact: true }).first().waitFor();
    // Sent now, or by the automatic dispatch a moment after payment: either way the repairer has it.
    await expect.poll(async () => job.getByRole('group', { name: 'Repairer responses' }).textContent(), { timeout: 15_000 }).toMatch(/Test Repairs \d+: Sent, not opened/);
    // Sending again to one who holds the offer would be refused: the list says so instead of offering Send.
    await expect.poll(() => nearby.textContent()).toMatch(/Test Repairs \d+.*Offer open/);
    for (const size of ['mobile', 'desktop'] as const) {
      await page.setViewportSize(viewports[size]);
      await expectNoAxeViolations(page);
      await screenshot(page, `dispatch-${size}`);
    }
    // The card leads to the enquiry as the team reads it (issue 33: not the customer's pages), at its booking.
    await job.getByRole('link', { name: 'View the enquiry' }).click();
    await page.getByRole('heading', { level: 1, name: `Enquiry ${reference}` }).waitFor();
    expect(new URL(page.url()).pathname).toBe(`/admin/enquiries/${id}`);
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('enquiry-bookings');
    // The customer's own buttons are not offered to the team; the team's are.
    expect(await page.getByRole('button', { name: /^(Cancel booking|Reschedule)/ }).count()).toBe(0);
    await page.getByRole('region', { name: 'Booking' }).getByRole('button', { name: 'Cancel and refund' }).waitFor();
    expect(errors).toEqual([]);
    await customer.close();
  });

  it('lists a job a technician has accepted, and takes it back from them after asking why (axe at both widths, dialog open)', async () => {
    const { browser, admin } = opened;
    const account = inject('accounts').secondRepairer;
    const customer = await newConsentedContext(browser, 'desktop');
    const { quoteId } = await approvedQuoteFor(customer, admin);
    await bookAndPayThroughApi(customer, quoteId, workingDayFrom(52), 'afternoon');
    // Offered to them now, or already by the automatic dispatch; they accept it.
    await admin.post(`/api/admin/quotes/${quoteId}/send-to-repairer`, { data: { repairerId: account.repairerId } });
    const offers = (await (await admin.get(`/api/admin/quotes/${quoteId}/notifications`)).json()) as QuoteNotification[];
    const offer = offers.find((n) => n.repairerId === account.repairerId && (n.status === 'sent' || n.status === 'viewed'));
    const technician = await signedInContext(browser, account);
    const accepted = await technician.request.post(`/api/repairer/notifications/${offer!.id}/accept`, { data: {} });
    expect(accepted.status(), await accepted.text()).toBe(200);
    const reference = ((await (await admin.get(`/api/quotes/${quoteId}`)).json()) as { assessment: { reference: string } }).assessment.reference;

    const page = await adminPage();
    await page.setViewportSize(viewports.desktop);
    const errors = watchPageErrors(page);
    await page.goto('/admin');
    const upcoming = page.getByRole('region', { name: /^Upcoming jobs/ });
    const job = upcoming.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 3, name: new RegExp(`^${reference}:`) }) });
    await job.waitFor();
    expect(await job.textContent()).toMatch(/Technician: .+/);
    for (const size of ['mobile', 'desktop'] as const) {
      await page.setViewportSize(viewports[size]);
      await expectNoAxeViolations(page);
      await screenshot(page, `upcoming-jobs-${size}`);
    }

    await job.getByRole('button', { name: /^Take back from / }).click();
    const dialog = page.getByRole('alertdialog', { name: new RegExp(`^Take ${reference} back from `) });
    await dialog.getByRole('button', { name: 'Take the job back' }).click();
    await dialog.getByText(takeBackMessages.reason).waitFor();
    await expect.poll(() => dialog.getByLabel('Why is the job taken back?').evaluate((field) => field === document.activeElement)).toBe(true);
    for (const size of ['mobile', 'desktop'] as const) {
      await page.setViewportSize(viewports[size]);
      await expectNoAxeViolations(page);
      await screenshot(page, `take-back-dialog-${size}`);
    }
    await dialog.getByLabel('Why is the job taken back?').fill('Their van has broken down.');
    await dialog.getByRole('button', { name: 'Take the job back' }).click();
    await page.getByText('Job Taken Back', { exact: true }).first().waitFor();
    await dialog.waitFor({ state: 'detached' });
    // It leaves the upcoming jobs for Jobs to dispatch, where the keyboard goes.
    await job.waitFor({ state: 'detached' });
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('jobs-to-dispatch');
    const toDispatch = page.getByRole('region', { name: /^Jobs to dispatch/ }).getByRole('listitem').filter({ has: page.getByRole('heading', { level: 3, name: new RegExp(`^${reference}:`) }) });
    await toDispatch.waitFor();
    // The technician's dashboard says so, not "expired".
    const theirPage = await technician.newPage();
    await theirPage.goto('/repairer');
    await theirPage.getByRole('heading', { level: 1, name: 'Repairer dashboard' }).waitFor();
    await theirPage.getByText('Taken back', { exact: true }).first().waitFor();

    // Nobody else can do it: the team cancels it and refunds the customer, saying why.
    await toDispatch.getByRole('button', { name: 'Cancel and refund' }).click();
    const cancel = page.getByRole('alertdialog', { name: `Cancel ${reference} and refund the customer?` });
    await cancel.getByLabel('Why is the booking cancelled?').fill('Too short');
    await cancel.getByRole('button', { name: 'Cancel and refund' }).click();
    await cancel.getByText(teamCancelMessages.reasonShort).waitFor();
    for (const size of ['mobile', 'desktop'] as const) {
      await page.setViewportSize(viewports[size]);
      await expectNoAxeViolations(page);
      await screenshot(page, `team-cancel-dialog-${size}`);
    }
    await cancel.getByLabel('Why is the booking cancelled?').fill('No technician is free in your area that day.');
    await cancel.getByRole('button', { name: 'Cancel and refund' }).click();
    await page.getByText('Booking Cancelled', { exact: true }).first().waitFor();
    await toDispatch.waitFor({ state: 'detached' });
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('jobs-to-dispatch');
    const booking = (await (await admin.get(`/api/quotes/${quoteId}`)).json()) as { status: string };
    expect(booking.status).toBe('approved');
    expect(errors).toEqual([]);
    await technician.close();
    await customer.close();
  });

  it('shows a reported problem with its held payment, and payouts held or waiting for Stripe, and releases them (axe at both widths)', async () => {
    // A problem needs a repair marked done on its own day, which the server allows only then: the
    // lists are served here in the shapes the server sends; the releases, reversals and stuck
    // sends are tests/integration/completion.test.ts.
    const page = await adminPage();
    await page.setViewportSize(viewports.desktop);
    const errors = watchPageErrors(page);
    let released = false;
    await page.route('**/api/admin/reported-problems', (route) =>
      route.fulfill({
        json: released
          ? []
          : [{ payoutId: 77, appointmentId: 5, reference: 'AR-TEST-PROB', customerName: 'Ola Nowak', customerEmail: 'ola@example.com', technician: 'Test Repairs 3', amount: '76.00', reportedAt: new Date().toISOString(), report: 'The scratch is still visible in daylight.' }],
      }),
    );
    let withheldReleased = false;
    const sending = { payoutId: 79, appointmentId: 7, reference: 'AR-TEST-SEND', technician: 'Test Repairs 5', amount: '64.00', since: new Date().toISOString(), retryFrom: null };
    await page.route('**/api/admin/payouts-in-question', (route) =>
      route.fulfill({
        json: {
          withheld: withheldReleased
            ? []
            : [{ payoutId: 78, appointmentId: 6, reference: 'AR-TEST-REV', technician: 'Test Repairs 4', amount: '82.50', since: new Date().toISOString(), reversedTransferIds: ['tr_reversed1'], takenBack: '20.00' }],
          sending: [sending],
          totals: { withheld: withheldReleased ? 0 : 1, sending: 140 },
        },
      }),
    );
    await page.route('**/api/admin/payouts/78/release', (route) => {
      withheldReleased = true;
      return route.fulfill({ json: { id: 78, status: 'released', amount: '82.50', releasedAt: new Date().toISOString(), providerRef: 'tr_new1' } });
    });
    await page.route('**/api/admin/payouts/77/release', (route) => {
      released = true;
      return route.fulfill({ json: { id: 77, status: 'released', amount: '76.00', releasedAt: new Date().toISOString(), providerRef: 'ledger:77' } });
    });
    await page.goto('/admin');
    const section = page.getByRole('region', { name: /Problems reported after a repair/ });
    await section.getByText('The scratch is still visible in daylight.').waitFor();
    const payments = page.getByRole('region', { name: /Technicians’ payments to keep an eye on \(141\)/ });
    const withheld = payments.getByRole('list', { name: 'Held: transfer reversed at Stripe' });
    expect(await withheld.textContent()).toMatch(/AR-TEST-REV: £82\.50 to Test Repairs 4.*On hold since .*Stripe shows tr_reversed1 as reversed, taking back £20\.00.*only what is short/);
    const waiting = payments.getByRole('list', { name: 'Waiting for Stripe to confirm' });
    expect(await waiting.textContent()).toMatch(/AR-TEST-SEND: £64\.00 to Test Repairs 5.*Being sent since .*asks Stripe again at its next run.*nothing to do unless/);
    // A list cut short says how many more there are.
    await payments.getByText('Showing the 1 longest waiting of 140.').waitFor();
    expect(await payments.getByText(/^Showing the/).count()).toBe(1);
    for (const size of ['mobile', 'desktop'] as const) {
      await page.setViewportSize(viewports[size]);
      await expectNoAxeViolations(page);
      await screenshot(page, `reported-problem-${size}`);
    }
    // Refunding instead asks for the team's reason first, and shows the server's refusal in the dialog.
    const refundBodies: unknown[] = [];
    await page.route('**/api/admin/payouts/77/refund-customer', (route) => {
      refundBodies.push(route.request().postDataJSON());
      return route.fulfill({ status: 409, json: { error: 'conflict', message: completionMessages.refundPayoutNotHeld } });
    });
    await section.getByRole('button', { name: 'Not put right: refund the customer' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Refund Ola Nowak for AR-TEST-PROB?' });
    await dialog.getByRole('button', { name: 'Refund the customer' }).click();
    await dialog.getByText(completionMessages.refundReasonShort).waitFor();
    expect(refundBodies).toEqual([]);
    await dialog.getByLabel('Why is the customer refunded?').fill('The scratch could not be polished out.');
    await dialog.getByRole('button', { name: 'Refund the customer' }).click();
    await dialog.getByText(completionMessages.refundPayoutNotHeld).waitFor();
    expect(refundBodies).toEqual([{ reason: 'The scratch could not be polished out.' }]);
    for (const size of ['mobile', 'desktop'] as const) {
      await page.setViewportSize(viewports[size]);
      await expectNoAxeViolations(page);
      await screenshot(page, `refund-dialog-${size}`);
    }
    await dialog.getByRole('button', { name: 'Keep it on hold' }).click();
    await dialog.waitFor({ state: 'detached' });

    await section.getByRole('button', { name: /release the technician/ }).click();
    await page.getByText('Payment released').first().waitFor();
    await section.waitFor({ state: 'detached' });
    await withheld.getByRole('button', { name: 'Send what is short to the technician' }).click();
    await withheld.waitFor({ state: 'detached' });
    // The one still being sent stays, with nothing to press.
    await page.getByRole('region', { name: /Technicians’ payments to keep an eye on \(140\)/ }).waitFor();
    expect(await waiting.getByRole('button').count()).toBe(0);
    // The browser logs the refused refund's 409 it was served above; nothing else.
    expect(errors).toEqual(['Failed to load resource: the server responded with a status of 409 (Conflict)']);
    await page.unrouteAll();
  });
});
