// Issue 12 in the browser: a paid booking is offered to the test repairer; on /repairer they see
// the job with its photos and price but not who the customer is (D11); declining needs a reason;
// they accept, and then see the customer's name and contact. axe at 375 and 1280 px, on the
// dashboard with the job open before and after accepting.
import { describe, expect, inject, it } from 'vitest';
import { approvedQuoteFor, bookAndPayThroughApi, browserAndAdminForFile, workingDayFrom } from './booking-support';
import { baseUrl, expectNoAxeViolations, hasChromium, newConsentedContext, screenshot, viewports, watchPageErrors } from './support';
import type { RepairerJob } from '../../src/shared/api/repairer-jobs';
import type { ProfileView } from '../../src/shared/api/repairer-accounts';
import { formatDecimalPounds } from '../../src/web/lib/format';

const opened = browserAndAdminForFile();

describe.skipIf(!hasChromium)('the repairer dashboard', () => {
  it('offers a paid job without the customer’s identity, refuses an empty decline, and reveals the customer once accepted', async () => {
    const { browser, admin } = opened;
    const account = inject('accounts').repairer;
    // The customers book and pay through the API: they need a context for their grant, not a page.
    const customer = await newConsentedContext(browser, 'desktop');
    const { quoteId } = await approvedQuoteFor(customer, admin);
    await bookAndPayThroughApi(customer, quoteId, workingDayFrom(45), 'morning');
    const sent = await admin.post(`/api/admin/quotes/${quoteId}/send-to-repairer`, { data: { repairerId: account.repairerId } });
    expect(sent.status(), await sent.text()).toBe(200);
    const reference = ((await (await admin.get(`/api/quotes/${quoteId}`)).json()) as { reference?: string }).reference;

    const context = await newConsentedContext(browser, 'desktop');
    const signIn = await context.request.post(`${baseUrl()}/api/auth/sign-in`, { data: { email: account.email, password: account.password } });
    expect(signIn.status()).toBe(200);
    const page = await context.newPage();
    const errors = watchPageErrors(page);
    await page.goto('/repairer');
    await page.getByRole('heading', { level: 1, name: 'Repairer dashboard' }).waitFor();
    await expect.poll(() => page.getByText(/jobs? available/).textContent()).toMatch(/[1-9]\d* jobs? available/);

    // The job in the list: vehicle, area and what they earn; then its panel.
    const available = page.getByRole('region', { name: /Available jobs/ });
    const card = available.getByRole('button', { name: /2019 Ford Focus/ }).first();
    // On a phone the detail sits below the lists: choosing a job brings it into view, under the sticky header.
    await page.setViewportSize(viewports.mobile);
    await card.click();
    const panel = page.getByRole('article');
    await panel.getByRole('heading', { name: '2019 Ford Focus' }).waitFor();
    const details = page.getByRole('region', { name: 'Job details' });
    await expect.poll(() => details.evaluate((el) => el === document.activeElement)).toBe(true);
    const top = await details.evaluate((el) => ({ top: el.getBoundingClientRect().top }));
    expect(top.top).toBeGreaterThanOrEqual(64);
    expect(top.top).toBeLessThan(200);
    await page.setViewportSize(viewports.desktop);
    if (reference) await panel.getByText(reference, { exact: false }).waitFor();
    const before = (await panel.textContent()) ?? '';
    // Issue 37: the pricing says where all the customer's money goes, and its figures add up.
    const figure = async (label: string) => {
      const text = (await panel.locator('dt', { hasText: label }).locator('xpath=following-sibling::dd[1]').textContent()) ?? '';
      return Math.round(Number(/£([\d,]+\.\d\d)/.exec(text)![1]!.replace(/,/g, '')) * 100);
    };
    const customerPays = await figure('Customer pays (incl. VAT)');
    const parts = [await figure('VAT (to HMRC)'), await figure("AutoRevive's commission"), await figure('You earn')];
    expect(customerPays).toBeGreaterThan(0);
    expect(parts.reduce((sum, part) => sum + part, 0)).toBe(customerPays);
    expect(await card.textContent()).toContain("AutoRevive's commission");
    expect(before).toContain('Bristol');
    expect(before).not.toContain('Sam Patel');
    expect(before).not.toContain('BS1 5TY');
    await panel.getByRole('list', { name: /Damage photos/ }).waitFor();
    for (const size of ['mobile', 'desktop'] as const) {
      await page.setViewportSize(viewports[size]);
      await expectNoAxeViolations(page);
      await screenshot(page, `repairer-job-offer-${size}`);
    }

    // Decline needs a reason: the button stays disabled while it is empty.
    await panel.getByRole('tab', { name: 'Decline' }).click();
    const declineButton = panel.getByRole('button', { name: 'Decline job' });
    expect(await declineButton.isDisabled()).toBe(true);
    await panel.getByLabel('Reason for declining').fill('   ');
    expect(await declineButton.isDisabled()).toBe(true);
    await panel.getByLabel('Reason for declining').fill('');

    await panel.getByRole('tab', { name: 'Accept' }).click();
    await panel.getByRole('button', { name: 'Accept job' }).click();
    await page.getByRole('alertdialog', { name: 'Accept this job?' }).getByRole('button', { name: 'Accept the job' }).click();
    await page.getByText('Job accepted').first().waitFor();
    // The Accept button went with the offer: the keyboard is on the job's heading, not the page's top.
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toMatch(/^job-\d+-title$/);
    await panel.getByText('Sam Patel').waitFor();
    expect(await panel.textContent()).toContain('BS1 5TY');
    // The customer's number as a UK reader writes it, dialled in full.
    expect(await panel.getByRole('link', { name: '07700 900123' }).getAttribute('href')).toBe('tel:+447700900123');
    // The upcoming job shows when, who and where.
    const upcoming = page.getByRole('region', { name: /Your upcoming jobs/ });
    await upcoming.getByRole('button', { name: /2019 Ford Focus/ }).first().waitFor();
    expect(await upcoming.textContent()).toContain('Sam Patel');
    // This job's card (the one selected, open in the panel): aftercare's customer, accepted by the
    // same repairer, has the same default number when that file runs first in the lane.
    const ours = upcoming.getByRole('listitem').filter({ has: page.getByRole('button', { pressed: true }) });
    expect(await ours.getByRole('link', { name: '07700 900123' }).getAttribute('href')).toBe('tel:+447700900123');
    for (const size of ['mobile', 'desktop'] as const) {
      await page.setViewportSize(viewports[size]);
      await expectNoAxeViolations(page);
      await screenshot(page, `repairer-job-accepted-${size}`);
    }

    // The admin sees the response.
    const responses = (await (await admin.get(`/api/admin/quotes/${quoteId}/notifications`)).json()) as { repairerId: number; status: string }[];
    expect(responses.find((r) => r.repairerId === account.repairerId)?.status).toBe('accepted');

    // A second job, declined with a reason: it leaves the available jobs, and the admin reads the reason.
    const second = await newConsentedContext(browser, 'desktop');
    const { quoteId: secondQuoteId } = await approvedQuoteFor(second, admin);
    await bookAndPayThroughApi(second, secondQuoteId, workingDayFrom(46), 'afternoon');
    const sentAgain = await admin.post(`/api/admin/quotes/${secondQuoteId}/send-to-repairer`, { data: { repairerId: account.repairerId } });
    expect(sentAgain.status(), await sentAgain.text()).toBe(200);
    await page.reload();
    await page.getByRole('region', { name: /Available jobs/ }).getByRole('button', { name: /2019 Ford Focus/ }).first().click();
    await panel.getByRole('tab', { name: 'Decline' }).click();
    await panel.getByLabel('Reason for declining').fill('Booked on another job that afternoon.');
    await panel.getByRole('button', { name: 'Decline job' }).click();
    await page.getByText('Job declined').first().waitFor();
    // The reason's own full stop ends the sentence: no “…afternoon.”.
    await panel.getByText('You declined this job: “Booked on another job that afternoon.”', { exact: true }).waitFor();
    await expect
      .poll(async () => ((await (await admin.get(`/api/admin/quotes/${secondQuoteId}/notifications`)).json()) as { repairerId: number; status: string; declineReason: string | null }[]).find((r) => r.repairerId === account.repairerId))
      .toMatchObject({ status: 'declined', declineReason: 'Booked on another job that afternoon.' });
    await second.close();
    expect(errors).toEqual([]);

    // Done, confirmed and paid (the appointment's day cannot come in a browser test: the server's
    // answers are changed as it gives them then; tests/integration/completion.test.ts checks the
    // server's side): the card says Paid, the panel when and how much, the profile the totals.
    const paidAt = '2026-11-20T15:30:00.000Z';
    let paidShare = '';
    const asPaid = (job: RepairerJob): RepairerJob =>
      job.status === 'accepted' && job.appointment && (paidShare = job.quote.repairerPayment)
        ? {
            ...job,
            appointment: {
              ...job.appointment,
              status: 'completed',
              completedAt: '2026-11-17T16:00:00.000Z',
              confirmedAt: '2026-11-18T09:15:00.000Z',
              payout: { status: 'released', amount: job.quote.repairerPayment, releaseAfterAt: '2026-11-20T16:00:00.000Z', releasedAt: paidAt },
            },
          }
        : job;
    await page.route('**/api/repairer/*/jobs', async (route) => route.fulfill({ json: ((await (await route.fetch()).json()) as RepairerJob[]).map(asPaid) }));
    await page.route('**/api/repairer/notifications/*', async (route) => route.fulfill({ json: asPaid((await (await route.fetch()).json()) as RepairerJob) }));
    // The server adds up the profile's totals (tests/integration/completion.test.ts): here, that share paid.
    await page.route('**/api/repairer/profile', async (route) =>
      route.fulfill({ json: { ...((await (await route.fetch()).json()) as ProfileView), earnings: { paid: paidShare, toBePaid: '0.00', onHold: '0.00' } } }),
    );
    await page.reload();
    const past = page.getByRole('region', { name: /Done and past offers/ });
    const paidCard = past.getByRole('button').filter({ hasText: 'Paid' }).first();
    await paidCard.click();
    const share = (await panel.getByText(/was paid on/).textContent())!;
    expect(share).toMatch(/^The customer confirmed the repair on Wednesday 18 November 2026 at 9:15\. Your £[\d,.]+ was paid on Friday 20 November 2026 at 15:30\.$/);
    await page.getByRole('link', { name: /profile/i }).first().click();
    const earnings = page.getByRole('region', { name: 'Payouts' });
    await earnings.getByText('Paid to you').waitFor();
    expect(paidShare).toMatch(/^[1-9]\d*\.\d\d$/);
    expect(await earnings.getByText('Paid to you').locator('xpath=..').textContent()).toBe(`Paid to you${formatDecimalPounds(paidShare)}`);
    expect(await earnings.getByText('On hold', { exact: true }).locator('xpath=..').textContent()).toBe('On hold£0.00');
    for (const size of ['mobile', 'desktop'] as const) {
      await page.setViewportSize(viewports[size]);
      await expectNoAxeViolations(page);
      await screenshot(page, `repairer-earnings-${size}`);
    }
    await page.unrouteAll();
    await context.close();
    await customer.close();
  });
});
