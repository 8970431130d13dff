// Issue 35 "Done when": an uncovered customer's journey in the browser. A customer in Inverness
// (IV2), where no technician works, reads on the thank-you and quote pages that nobody covers
// IV2 for their repair yet, asks "Tell me when you do" (recorded once), and the booking page says
// the same instead of a calendar; booking is refused with that sentence. The team sees IV2 in the
// Network tab's demand without supply, adds and verifies a technician there, and the customer is
// e-mailed. axe at 375 and 1280 px on every screen it visits.
import { describe, expect, inject, it } from 'vitest';
import { uncoveredMessage } from '../../src/shared/coverage';
import { workingDay } from '../helpers/dates';
import { axeAtBothSizes, browserAndAdminForFile, signedInContext } from './booking-support';
import { submitEnquiry } from './enquiry';
import { textOf } from '../helpers/smtp';
import { hasChromium, mailTo, newConsentedContext, watchPageErrors } from './support';

const opened = browserAndAdminForFile();
const SENTENCE = uncoveredMessage('IV2 3AB', 'scratch');

describe.skipIf(!hasChromium)('a customer no technician covers yet', () => {
  it('is told so before paying, can ask to be told, cannot book, and is e-mailed once a technician there is verified', async () => {
    const { browser, admin } = opened;
    expect(SENTENCE).toBe('No technician covers IV2 for Scratch Repair yet.');
    const email = `e2e-inverness-${Date.now()}@example.co.uk`;
    const customer = await newConsentedContext(browser, 'desktop');
    const { id, reference } = await submitEnquiry(customer, { email, name: 'Morag Fraser', address: '3 Culduthel Road', city: 'Inverness', county: 'Highland', postcode: 'IV2 3AB' });
    const page = await customer.newPage();
    const errors = watchPageErrors(page);

    // The thank-you page says it plainly, and "Tell me when you do" is recorded once.
    await page.goto(`/thank-you?ref=${reference}&id=${id}`);
    await page.getByText(SENTENCE).waitFor();
    const ask = page.getByRole('button', { name: 'Tell me when you do' });
    await ask.click();
    await page.getByRole('status').filter({ hasText: 'we will e-mail you once a technician covers your area' }).waitFor();
    await axeAtBothSizes(page, 'thank-you-uncovered', 'coverage');
    await ask.click();
    await page.getByRole('status').filter({ hasText: 'You have already asked' }).waitFor();

    // The team approves the quote: it can be reviewed, with the same sentence above it.
    const draft = await admin.get(`/api/quotes/assessment/${id}`);
    const { id: quoteId, totalCost } = (await draft.json()) as { id: number; totalCost: string };
    const approve = await admin.post(`/api/admin/quotes/${quoteId}/approve`, { data: { adjustedAmount: totalCost } });
    expect(approve.status(), await approve.text()).toBe(200);
    await page.goto(`/quote/${id}`);
    await page.getByRole('heading', { level: 1, name: 'Your repair quote' }).waitFor();
    await page.getByText(SENTENCE).waitFor();
    await axeAtBothSizes(page, 'quote-uncovered', 'coverage');

    // The booking page says it instead of an empty calendar; the server refuses a hold with it.
    await page.goto(`/booking/${quoteId}`);
    await page.getByText(SENTENCE).waitFor();
    expect(await page.getByRole('table').count()).toBe(0);
    await axeAtBothSizes(page, 'booking-uncovered', 'coverage');
    const held = await customer.request.post('/api/appointments', { data: { quoteId, appointmentDate: workingDay(10), timeSlot: 'morning' } });
    expect(held.status()).toBe(409);
    expect(((await held.json()) as { message: string }).message).toBe(SENTENCE);

    // The team sees IV2 in demand without supply on the Network tab.
    const team = await signedInContext(browser, inject('accounts').admin);
    const teamPage = await team.newPage();
    await teamPage.goto('/admin');
    await teamPage.getByRole('tab', { name: 'Repairer Network' }).click();
    const demand = teamPage.getByRole('region', { name: /Demand without supply/ });
    await demand.getByRole('row').filter({ hasText: 'IV2' }).filter({ hasText: 'Scratch Repair' }).waitFor();
    expect(await demand.getByRole('row').filter({ hasText: 'IV2' }).filter({ hasText: 'Scratch Repair' }).textContent()).toMatch(/IV2\s*Scratch Repair\s*\d+\s*[1-9]\d*/);
    await axeAtBothSizes(teamPage, 'network-demand', 'coverage');

    // A technician in Inverness is added and verified by the team: the customer is e-mailed, once.
    const added = await admin.post('/api/admin/repairers', {
      data: { businessName: `Highland Dent Care ${Date.now()}`, city: 'Inverness', postcode: 'IV2 4AA', serviceRadius: 25, specializations: ['scratch', 'pdr'] },
    });
    expect(added.status(), await added.text()).toBe(201);
    const technician = (await added.json()) as { id: number };
    // Only a vetted technician can be verified (docs/decisions/0025-vetting-and-insurance.md).
    const inAYear = new Date(Date.now() + 365 * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
    for (const check of [
      { check: 'insurance', insurer: 'Highland Mutual', policyNumber: 'HM-20417', expiryDate: inAYear },
      { check: 'identity', note: 'Driving licence seen' },
      { check: 'skills', note: 'Scratch and dent trial panel passed' },
    ]) {
      const recorded = await admin.post(`/api/admin/repairers/${technician.id}/vetting`, { data: check });
      expect(recorded.status(), await recorded.text()).toBe(200);
    }
    const verified = await admin.post(`/api/admin/repairers/${technician.id}/verification`, { data: { isVerified: true } });
    expect(verified.status(), await verified.text()).toBe(200);
    const notices = () => mailTo(email).map((mail) => textOf(mail.raw)).filter((text) => text.includes('when a technician covers IV2 for Scratch Repair. One now does.'));
    await expect.poll(() => notices().length, { timeout: 30_000 }).toBe(1);
    expect(notices()[0]).toContain('You can review your quote and book a date on your quote page:');

    // Covered now: the quote page no longer says it.
    await page.goto(`/quote/${id}`);
    await page.getByRole('heading', { level: 1, name: 'Your repair quote' }).waitFor();
    expect(await page.getByText(SENTENCE).count()).toBe(0);
    expect(errors).toEqual([]);
    await team.close();
    await customer.close();
  });
});
