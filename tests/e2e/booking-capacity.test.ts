// Issue 11's "Done when", continued: with capacity 1 (set by an admin through the availability
// API) a paid slot shows Booked to a second customer; the first customer cancels more than 24
// hours ahead in the browser, is refunded in full, and the slot is free again.
import { describe, expect, it } from 'vitest';
import { bookAndPayThroughApi, browserAndAdminForFile, customerWithApprovedQuote, showDay, workingDayFrom } from './booking-support';
import { expectNoAxeViolations, hasChromium, watchPageErrors } from './support';

const opened = browserAndAdminForFile();

describe.skipIf(!hasChromium)('a slot of capacity 1', () => {
  it('shows Booked to a second customer once paid for, and is free again after a refunded cancellation', async () => {
    const { browser, admin } = opened;
    const date = workingDayFrom(24); // apart from booking.test.ts's day, more than 14 days ahead
    const capacity = await admin.put(`/api/admin/availability/${date}`, { data: { afternoon: 1 } });
    expect(capacity.status(), await capacity.text()).toBe(200);

    const first = await customerWithApprovedQuote(browser, admin);
    const appointmentId = await bookAndPayThroughApi(first.context, first.quoteId, date, 'afternoon');

    const second = await customerWithApprovedQuote(browser, admin, 'mobile');
    const errors = watchPageErrors(second.page);
    await second.page.goto(`/booking/${second.quoteId}`);
    await (await showDay(second.page, date)).click();
    const afternoon = second.page.getByRole('button', { name: /^Afternoon, 13:00–17:00/ });
    await afternoon.waitFor();
    expect(await afternoon.isDisabled()).toBe(true);
    expect(await afternoon.textContent()).toContain('Booked');
    expect(await second.page.getByRole('button', { name: /^Morning, 8:00–12:00/ }).isEnabled()).toBe(true);

    // The first customer cancels on their appointment page: refunded in full, the slot freed.
    const page = first.page;
    const firstErrors = watchPageErrors(page);
    await page.goto(`/appointments/${appointmentId}`);
    await page.getByRole('button', { name: 'Cancel booking' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Cancel your booking?' });
    await dialog.waitFor();
    await expectNoAxeViolations(page);
    await dialog.getByRole('button', { name: 'Yes, cancel it' }).click();
    await page.getByRole('heading', { name: 'This booking was cancelled' }).waitFor();
    // The Cancel button went with the booking's changes: the keyboard is on the details, not the page's top.
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('appointment-details');
    expect(await page.getByRole('main').textContent()).toContain('Your payment has been refunded in full');
    const after = await first.context.request.get(`/api/appointments/${appointmentId}`);
    expect(await after.json()).toMatchObject({ status: 'cancelled', paymentStatus: 'refunded' });

    await second.page.reload();
    await (await showDay(second.page, date)).click();
    const freed = second.page.getByRole('button', { name: /^Afternoon, 13:00–17:00/ });
    await freed.waitFor();
    expect(await freed.isEnabled()).toBe(true);
    expect([...errors, ...firstErrors]).toEqual([]);
    await first.context.close();
    await second.context.close();
  }, 120_000);
});
