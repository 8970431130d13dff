// Issue 11's "Done when", continued: a slot inside 14 days needs D14's early-start request (an
// unticked box); a declined card (4000 0000 0000 0002) leaves the booking unpaid and says why.
// Then the admin's Availability tab, axe-clean at 375 and 1280 px, shows that hold's place taken.
// Last, D14's request walked whole: no box for a later slot, the box inside 14 days, Pay refused
// until it is ticked, the server refusing an intent without it, and the request recorded.
import { describe, expect, inject, it } from 'vitest';
import { formatLondonDate } from '../../src/shared/london-time';
import { axeAtBothSizes, browserAndAdminForFile, customerWithApprovedQuote, payWithCard, showDay, signedInContext, workingDayFrom } from './booking-support';
import { hasChromium, watchPageErrors } from './support';
import { consentLabel, consentRequired } from '../../src/web/features/booking/booking-messages';

const opened = browserAndAdminForFile();

describe.skipIf(!hasChromium)('a declined card', () => {
  it('asks for the early-start request inside 14 days, then leaves the booking unpaid and says why', async () => {
    const { browser, admin } = opened;
    const date = workingDayFrom(3);
    const customer = await customerWithApprovedQuote(browser, admin, 'mobile');
    const page = customer.page;
    const errors = watchPageErrors(page);
    await page.goto(`/booking/${customer.quoteId}`);
    await (await showDay(page, date)).click();
    await page.getByRole('button', { name: /^Morning, 8:00–12:00/ }).click();
    await page.getByRole('button', { name: 'Confirm Booking' }).click();
    await page.waitForURL(`**/checkout?quote_id=${customer.quoteId}`);

    const box = page.getByRole('checkbox', { name: 'I ask for the repair to start within the 14-day cancellation period.' });
    await box.waitFor();
    expect(await box.isChecked()).toBe(false);
    expect(await page.getByRole('main').textContent()).toContain(formatLondonDate(date));
    await payWithCard(page, '4000 0000 0000 0002');
    await page.getByText(/please tick the box to ask for the repair to start within the cancellation period/).waitFor();
    await axeAtBothSizes(page, 'checkout-request');

    await box.check();
    await page.getByRole('button', { name: /^Pay £/ }).click();
    await page.getByText('Payment Failed', { exact: true }).waitFor();
    await page.getByText(/Your card was declined\. Your booking is not paid yet/).waitFor();
    expect(new URL(page.url()).pathname).toBe('/checkout');
    await axeAtBothSizes(page, 'checkout-declined');

    // Unpaid: still a hold, its payment failed.
    const intent = await customer.context.request.post('/api/create-payment-intent', { data: { quoteId: customer.quoteId, startWithinCancellationPeriod: true } });
    const { appointmentId } = (await intent.json()) as { appointmentId: number };
    const appointment = await customer.context.request.get(`/api/appointments/${appointmentId}`);
    expect(await appointment.json()).toMatchObject({ status: 'held', paymentStatus: 'failed' });
    expect(errors.filter((error) => !/402/.test(error))).toEqual([]);
    await customer.context.close();
  }, 240_000);

  it("shows the hold's place taken on the admin's Availability tab, axe-clean at 375 and 1280 px", async () => {
    const date = workingDayFrom(3);
    // The first test's hold (still unpaid) takes one of the morning's three places.
    // Signed in through the API: the sign-in form is site-shell.test.ts's subject.
    const context = await signedInContext(opened.browser, inject('accounts').admin);
    const adminPage = await context.newPage();
    await adminPage.goto('/admin');
    await adminPage.getByRole('tab', { name: 'Availability' }).click();
    await adminPage.getByRole('heading', { level: 2, name: /^Availability, / }).waitFor();
    if (date.slice(0, 7) !== new Date().toISOString().slice(0, 7)) await adminPage.getByRole('button', { name: 'Next month' }).click();
    const row = adminPage.getByRole('listitem').filter({ has: adminPage.getByRole('heading', { level: 3, name: formatLondonDate(date) }) });
    await expect.poll(() => row.textContent()).toContain('1 of 3 taken');
    await axeAtBothSizes(adminPage, 'admin-availability');
    await context.close();
  }, 180_000);

  it("walks D14's request: no box 14 days or more ahead, the box inside them, Pay refused until it is ticked, the server's refusal without it, and the request recorded", async () => {
    const { browser, admin } = opened;
    const customer = await customerWithApprovedQuote(browser, admin, 'desktop');
    const page = customer.page;
    const errors = watchPageErrors(page);
    const box = page.getByRole('checkbox', { name: consentLabel });

    // More than 14 days ahead: the right to cancel is stated, and there is nothing to tick.
    await page.goto(`/booking/${customer.quoteId}`);
    await (await showDay(page, workingDayFrom(17))).click();
    await page.getByRole('button', { name: /^Afternoon, 13:00–17:00/ }).click();
    await page.getByRole('button', { name: 'Confirm Booking' }).click();
    await page.waitForURL(`**/checkout?quote_id=${customer.quoteId}`);
    await page.getByRole('button', { name: /^Pay £/ }).waitFor();
    await page.getByRole('heading', { name: 'Your right to cancel' }).waitFor();
    expect(await box.count()).toBe(0);

    // Back to the held slot, and another inside 14 days instead (the API replaces the hold).
    await page.goBack();
    await page.getByRole('region', { name: 'Your slot is held' }).waitFor();
    const near = workingDayFrom(5);
    await (await showDay(page, near)).click();
    await page.getByRole('button', { name: /^Morning, 8:00–12:00/ }).click();
    await page.getByRole('button', { name: 'Confirm Booking' }).click();
    await page.waitForURL(`**/checkout?quote_id=${customer.quoteId}`);
    await box.waitFor();
    expect(await box.isChecked()).toBe(false);
    expect(await page.getByRole('main').textContent()).toContain(formatLondonDate(near));

    // The server owns the rule: no payment can be set up without the request.
    const refused = await customer.context.request.post('/api/create-payment-intent', { data: { quoteId: customer.quoteId } });
    expect(refused.status()).toBe(400);
    expect(((await refused.json()) as { fieldErrors: Record<string, string> }).fieldErrors.startWithinCancellationPeriod).toBe(consentRequired); // the page's words and the API's are one sentence

    // A good card with the box unticked: refused with the sentence, focus taken to the box, nothing charged.
    await payWithCard(page, '4242 4242 4242 4242');
    await page.getByText(consentRequired).waitFor();
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('checkout-consent');
    expect(new URL(page.url()).pathname).toBe('/checkout');

    await box.check();
    await page.getByRole('button', { name: /^Pay £/ }).click();
    await page.waitForURL(/\/confirmation\/\d+$/, { timeout: 20_000 });
    const appointmentId = Number(new URL(page.url()).pathname.split('/').pop());
    const booked = await customer.context.request.get(`/api/appointments/${appointmentId}`);
    expect(await booked.json()).toMatchObject({ appointmentDate: near, timeSlot: 'morning', status: 'confirmed', paymentStatus: 'succeeded' });

    // Recorded on the payment, and confirmed to the customer on a durable medium (the confirmation e-mail).
    const outbox = (await (await admin.get('/api/admin/emails?limit=200')).json()) as { kind: string; textBody: string }[];
    const confirmation = outbox.find((email) => email.kind === 'booking-confirmed' && email.textBody.includes(`Appointment number: ${appointmentId}`));
    expect(confirmation?.textBody).toContain('at checkout you asked for the repair to start within the 14-day cancellation period');
    expect(errors).toEqual([]);
    await customer.context.close();
  }, 180_000);
});
