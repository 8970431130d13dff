// Issue 35 item 5 in the browser: a technician applies on /technicians (a refused form names each
// field; axe clean at 375 and 1280 px), the team finds them Pending Verification on the Network
// tab, cannot verify them until the vetting checklist is done (axe clean at both widths), ticks
// every check, verifies and invites them, and they create their account from the e-mailed link.
// The steps are tests/e2e/technician-steps.ts, for the tests that carry the journey on (the
// technician's availability). The server's side: tests/integration/technician-applications.test.ts.
import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../../src/shared/calendar-date';
import { londonDateOf } from '../../src/shared/london-time';
import { vettingMessages } from '../../src/shared/technician-rules';
import { expectNoAxeViolations, hasChromium, hydrated, launchBrowser, newConsentedContext, viewports, watchPageErrors } from './support';
import { adminDesk, applyOnTechniciansPage, axeAtBothWidths, confirmVerify, joinAsTechnician, networkRow, newApplicant, recordEveryCheck, verifyAndInvite } from './technician-steps';

let browser: Browser;
const contexts: BrowserContext[] = [];
beforeAll(async () => {
  if (hasChromium) browser = await launchBrowser();
});
afterAll(async () => {
  for (const context of contexts) await context.close();
  await browser?.close();
});

describe.skipIf(!hasChromium)('a technician’s way in', () => {
  it('applies on /technicians, is vetted, verified and invited by the team, and creates their account', async () => {
    const applicant = newApplicant(addDays(londonDateOf(new Date()), 200));
    const phone = await newConsentedContext(browser, 'mobile');
    contexts.push(phone);
    const page = await phone.newPage();
    const errors = watchPageErrors(page);

    // The way in is on every page: the footer's links.
    await page.goto('/');
    await hydrated(page);
    const footer = page.getByRole('navigation', { name: 'Technicians' });
    expect(await footer.getByRole('link', { name: 'Technician sign in' }).getAttribute('href')).toBe('/sign-in');
    await footer.getByRole('link', { name: 'For technicians' }).click();
    await page.getByRole('heading', { level: 1, name: 'Work with AutoRevive' }).waitFor();
    expect(await page.getByText(/on a £200\.00 repair/).count()).toBe(1);
    expect(await page.locator('#what-you-earn dl').textContent()).toContain('You earn£160.00');

    // Sent empty: the summary lists what to fix and takes the keyboard; nothing is kept.
    await page.goto('/technicians');
    await hydrated(page);
    await page.getByRole('button', { name: 'Send my application' }).click();
    const summary = page.getByRole('alert').filter({ hasText: 'There are' });
    await summary.waitFor();
    expect(await summary.textContent()).toContain('Please enter your business name');
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('apply-errors');
    await axeAtBothWidths(page, 'technicians-refused', 'mobile');

    await applyOnTechniciansPage(page, applicant);
    await axeAtBothWidths(page, 'technicians-received', 'mobile');
    expect(errors.filter((e) => !e.includes('400'))).toEqual([]);

    // The team: Pending Verification, and Verify refused until the checklist is done.
    const desk = await adminDesk(browser);
    contexts.push(desk.context);
    const admin = desk.page;
    const adminErrors = watchPageErrors(admin);
    await admin.setViewportSize(viewports.desktop);
    const row = await networkRow(admin, applicant.businessName);
    expect(await row.textContent()).toContain('Pending Verification');
    expect(await row.textContent()).toContain('Applied on /technicians');
    expect(await row.textContent()).toContain('Vetting: 0 of 3 checks');
    await row.getByRole('button', { name: `Verify ${applicant.businessName}` }).click();
    await confirmVerify(admin, applicant.businessName);
    await admin.getByText(vettingMessages.notVetted(['insurance seen and in date', 'identity checked', 'skills assessed'])).first().waitFor();

    await recordEveryCheck(admin, applicant, async (checklist) => {
      // The insurance as the applicant gave it, ready to confirm once the policy is seen.
      expect(await checklist.getByLabel('Policy number').inputValue()).toBe(applicant.policyNumber);
      expect(await checklist.getByLabel('Policy end date').inputValue()).toBe(applicant.insuranceEnds);
      await axeAtBothWidths(admin, 'vetting-checklist');
    });
    await axeAtBothWidths(admin, 'vetting-checklist-done');
    expect(await (await networkRow(admin, applicant.businessName)).textContent()).toContain('Vetted: every check recorded');

    const joinPath = await verifyAndInvite(admin, applicant);
    expect(adminErrors.filter((e) => !e.includes('409'))).toEqual([]);

    const signedIn = await joinAsTechnician(page, joinPath);
    await signedIn.getByRole('heading', { level: 1 }).waitFor();
    expect(new URL(signedIn.url()).pathname).toBe('/repairer');
    await expectNoAxeViolations(signedIn);
  });
});
