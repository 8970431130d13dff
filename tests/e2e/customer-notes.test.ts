// Issue 33 in a real browser: the notes a customer types on the booking page reach the technician
// once they accept the job (D11: before, only that there are notes), on the job's panel and card
// and in the job e-mail; the customer changes them on their appointment page and the technician
// is e-mailed the change; and the quote page follows the booking: booked with its day and link,
// then (the appointment's day cannot come in a browser test: its answer is changed as the server
// gives it, as completion.test.ts does) marked as done with the warranty. axe at 375 and 1280 px
// on each changed screen. The server side is tests/integration/appointment-notes.test.ts.
import { describe, expect, inject, it } from 'vitest';
import type { AppointmentView } from '../../src/shared/api/appointments';
import { axeAtBothSizes, browserAndAdminForFile, customerWithApprovedQuote, payWithCard, showDay, signedInContext, workingDayFrom } from './booking-support';
import { hasChromium, mailTo, watchPageErrors } from './support';
import { textOf } from '../helpers/smtp';

const opened = browserAndAdminForFile();
const NOTES = 'Parked on the driveway, white gate';

describe.skipIf(!hasChromium)("the customer's notes and the quote page after booking", () => {
  it('notes typed at booking reach the technician once they accept, and the quote page follows the booking', async () => {
    const { browser, admin } = opened;
    const account = inject('accounts').repairer;
    const customer = await customerWithApprovedQuote(browser, admin);
    const page = customer.page;
    const errors = watchPageErrors(page);

    // The booking page: a day, a slot and the notes, then Confirm Booking (the 30-minute hold).
    await page.goto(`/booking/${customer.quoteId}`);
    await page.getByRole('heading', { level: 1, name: 'Schedule Your Repair' }).waitFor();
    const date = workingDayFrom(62);
    await (await showDay(page, date)).click();
    await page.getByRole('button', { name: /^Morning, 8:00–12:00/ }).click();
    await page.getByLabel('Notes for the technician (optional)').fill(NOTES);
    await page.getByRole('button', { name: 'Confirm Booking' }).click();
    await page.waitForURL(`**/checkout?quote_id=${customer.quoteId}`);
    // Paid with 4242 on checkout (booking.test.ts checks that screen), to the confirmation.
    await page.getByRole('button', { name: /^Pay £/ }).waitFor();
    await payWithCard(page, '4242424242424242');
    await page.waitForURL('**/confirmation/*');
    await page.getByRole('heading', { level: 1, name: 'Booking Confirmed' }).waitFor();
    const appointmentId = Number(new URL(page.url()).pathname.split('/').pop());

    // The quote page once booked: says so, with the day, and links to the booking.
    const assessmentId = ((await (await customer.context.request.get(`/api/appointments/${appointmentId}`)).json()) as AppointmentView).assessmentId;
    await page.goto(`/quote/${assessmentId}`);
    const booked = page.getByRole('region', { name: 'Your repair is booked' });
    await booked.getByText(/You have booked and paid for this repair for .+, morning, 8:00–12:00\./).waitFor();
    expect(await booked.getByRole('link', { name: 'View your appointment' }).getAttribute('href')).toBe(`/appointments/${appointmentId}`);
    const main = (await page.getByRole('main').textContent()) ?? '';
    for (const gone of ['Ready', 'if you book today', 'Total Estimate']) expect(main).not.toContain(gone);
    expect(main).toContain('Total price');
    await axeAtBothSizes(page, 'booked', 'quote');

    // Offered to the test repairer: before accepting, only that there are notes.
    const sent = await admin.post(`/api/admin/quotes/${customer.quoteId}/send-to-repairer`, { data: { repairerId: account.repairerId } });
    expect(sent.status(), await sent.text()).toBe(200);
    const technician = await signedInContext(browser, account);
    const tech = await technician.newPage();
    const techErrors = watchPageErrors(tech);
    await tech.goto('/repairer');
    const card = tech.getByRole('region', { name: /Available jobs/ }).getByRole('button').filter({ hasText: 'The customer left notes for you' }).first();
    await card.click();
    const panel = tech.getByRole('article');
    await panel.getByText('The customer left notes for you: you’ll see them once you accept.').waitFor();
    expect(await tech.getByRole('main').textContent()).not.toContain('white gate');
    await axeAtBothSizes(tech, 'notes-before-accepting', 'repairer');

    // Accepted: the notes on the panel and the upcoming job, and in their job e-mail.
    await panel.getByRole('button', { name: 'Accept job' }).click();
    await tech.getByRole('alertdialog', { name: 'Accept this job?' }).getByRole('button', { name: 'Accept the job' }).click();
    await tech.getByText('Job accepted').first().waitFor();
    const notes = panel.getByRole('region', { name: 'Notes from the customer' });
    await notes.getByText(NOTES).waitFor();
    const upcoming = tech.getByRole('region', { name: /Your upcoming jobs/ });
    await upcoming.getByRole('listitem').filter({ hasText: NOTES }).first().waitFor();
    await axeAtBothSizes(tech, 'notes-accepted', 'repairer');
    // Job e-mails go to the business's address; subjects with a dash are MIME-encoded, so the
    // e-mails are told apart by their text.
    const business = ((await (await admin.get('/api/repairers')).json()) as { id: number; email: string | null }[]).find((r) => r.id === account.repairerId)!;
    expect(business.email).toBeTruthy();
    const texts = () => mailTo(business.email!).map((mail) => textOf(mail.raw).replace(/\r\n/g, '\n'));
    await expect
      .poll(() => texts().some((text) => text.includes('The job is yours') && text.includes(`The customer’s notes for you:\n${NOTES}`)), { timeout: 30_000 })
      .toBe(true)
      .catch((error: unknown) => {
        console.error(texts().join('\n-----\n'));
        throw error;
      });
    const offers = texts().filter((text) => text.includes('It is yours if you accept it first'));
    expect(offers.length).toBeGreaterThan(0);
    expect(offers.every((text) => !text.includes('white gate'))).toBe(true);

    // The customer changes the notes on their appointment page; the technician is told.
    await page.goto(`/appointments/${appointmentId}`);
    const notesPanel = page.getByRole('region', { name: 'Notes for your technician' });
    await notesPanel.getByText(NOTES).waitFor();
    await notesPanel.getByRole('button', { name: 'Change notes' }).click();
    await notesPanel.getByLabel('Notes for the technician').fill(`${NOTES}, code 4821`);
    await axeAtBothSizes(page, 'notes-form', 'appointment');
    await notesPanel.getByRole('button', { name: 'Save notes' }).click();
    await page.getByText('Notes saved').first().waitFor();
    await notesPanel.getByText(`${NOTES}, code 4821`).waitFor();
    await axeAtBothSizes(page, 'notes-saved', 'appointment');
    await expect
      .poll(() => texts().some((text) => text.includes('The customer has changed their notes') && text.includes('code 4821')), { timeout: 15_000 })
      .toBe(true);
    await tech.reload();
    await tech.getByRole('region', { name: /Your upcoming jobs/ }).getByRole('listitem').filter({ hasText: 'code 4821' }).first().waitFor();

    // Marked as done (the server's answer changed as it gives it): done, with its warranty, to confirm.
    await page.route(`**/api/appointments/${appointmentId}`, async (route) => {
      const real = (await (await route.fetch()).json()) as AppointmentView;
      const warranty = { startsDate: real.appointmentDate, endsDate: `${Number(real.appointmentDate.slice(0, 4)) + 1}${real.appointmentDate.slice(4)}`, months: 12 };
      await route.fulfill({ json: { ...real, status: 'completed', canChange: false, notesChangeableUntil: null, aftercare: { ...real.aftercare, completedAt: new Date().toISOString(), warranty } } });
    });
    await page.goto(`/quote/${assessmentId}`);
    const done = page.getByRole('region', { name: 'Your technician has marked the repair as done' });
    await done.getByText('Status: Marked as done by your technician — please confirm').waitFor();
    await done.getByText(/Your 12-month warranty on the workmanship runs until/).waitFor();
    expect(await done.getByRole('link', { name: 'Confirm the repair' }).getAttribute('href')).toBe(`/appointments/${appointmentId}`);
    await axeAtBothSizes(page, 'marked-done', 'quote');
    await page.unrouteAll();

    expect(errors).toEqual([]);
    expect(techErrors).toEqual([]);
    await technician.close();
    await customer.context.close();
  }, 180_000);
});
