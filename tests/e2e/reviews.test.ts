// Issue 37 item 2 in the browser: a review left after a confirmed repair (the lane's, written through
// the customer's own rule in tests/setup/e2e-global.ts) appears on the home page with the first name,
// town, service and month, in space kept for it (no layout shift), and on the technician's profile;
// the team hides it with a reason from the dashboard's Reviews tab (asked first) and it drops out,
// the count saying so. axe at 375 and 1280 px on each changed screen.
import { describe, expect, it } from 'vitest';
import type { ReviewsPage } from '../../src/shared/api/reviews';
import { axeAtBothSizes, browserAndAdminForFile, signedInContext } from './booking-support';
import { baseUrl, hasChromium, hydrated, newConsentedContext, watchPageErrors } from './support';
import { inject } from 'vitest';

const opened = browserAndAdminForFile();
const comment = 'Kerbed alloy made good in an hour, on my drive.';

describe.skipIf(!hasChromium)('verified reviews, shown', () => {
  it('shows a review on the home page and the technician’s profile, and drops it with the count saying so once the team hides it', async () => {
    const { browser, admin } = opened;
    const listed = (await (await admin.get('/api/reviews')).json()) as ReviewsPage;
    const review = listed.items.find((item) => item.comment === comment)!;
    expect(review).toMatchObject({ firstName: 'Fiona', town: 'Aberdeen', service: 'Alloy Wheel Repair', month: 'November 2026' });

    // The home page: prerendered without reviews, which arrive after the first paint into kept space.
    const context = await newConsentedContext(browser, 'mobile');
    await context.addInitScript(() => {
      const shifts: number[] = [];
      (window as unknown as { layoutShifts: number[] }).layoutShifts = shifts;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) shifts.push((entry as unknown as { value: number }).value);
      }).observe({ type: 'layout-shift', buffered: true });
    });
    const page = await context.newPage();
    const errors = watchPageErrors(page);
    // Held until the section is on screen, so a shift would be one the reader sees.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/reviews?page=1', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/');
    await hydrated(page);
    const section = page.getByRole('region', { name: 'Verified customer reviews' });
    await section.scrollIntoViewIfNeeded();
    await page.evaluate(() => ((window as unknown as { layoutShifts: number[] }).layoutShifts.length = 0));
    release();
    await section.getByText(comment).waitFor();
    await expect.poll(() => section.getByText(/^Rated \d\.\d out of 5 from \d+ reviews?$/).count()).toBe(1);
    await section.getByText('Fiona, Aberdeen').waitFor();
    await section.getByText('Alloy Wheel Repair · November 2026').waitFor();
    await section.getByText('Only customers whose repair was paid for and confirmed can leave a review', { exact: false }).waitFor();
    expect(await page.evaluate(() => (window as unknown as { layoutShifts: number[] }).layoutShifts.reduce((a, b) => a + b, 0))).toBeLessThan(0.01);
    await axeAtBothSizes(page, 'home', 'reviews');

    // The technician's profile, by the link on the card.
    await page.setViewportSize({ width: 375, height: 812 });
    await section.getByRole('link', { name: 'Aberdeen Wheel & Body Care' }).click();
    await page.getByRole('heading', { level: 1, name: 'Aberdeen Wheel & Body Care' }).waitFor();
    expect(new URL(page.url()).pathname).toBe(review.technician.profilePath);
    await page.getByText('Morven · Aberdeen · 9 years’ experience').waitFor();
    await page.getByText(/^1 repair completed with AutoRevive$/).waitFor();
    await page.getByText(comment).waitFor();
    await page.getByText('Rated 5.0 out of 5 from 1 review').waitFor();
    const structured = JSON.parse((await page.locator('script[type="application/ld+json"]').last().textContent()) ?? '{}') as { aggregateRating?: { ratingValue: string; ratingCount: number } };
    expect(structured.aggregateRating).toMatchObject({ ratingValue: '5.0', ratingCount: 1 });
    await axeAtBothSizes(page, 'profile', 'reviews');

    // The team hides it, with a reason, asked first.
    const team = await signedInContext(browser, inject('accounts').admin);
    const desk = await team.newPage();
    await desk.goto(`${baseUrl()}/admin`);
    await desk.getByRole('tab', { name: 'Reviews' }).click();
    const row = desk.getByRole('listitem').filter({ hasText: comment });
    await row.waitFor();
    await axeAtBothSizes(desk, 'admin-tab', 'reviews');
    await expect.poll(() => row.getByRole('button', { name: 'Hide review' }).isDisabled()).toBe(true);
    await row.getByLabel('Why hide it?').selectOption('personal-data');
    await row.getByRole('button', { name: 'Hide review' }).click();
    const dialog = desk.getByRole('alertdialog');
    await dialog.getByText('It disappears from every public page', { exact: false }).waitFor();
    await axeAtBothSizes(desk, 'hide-dialog', 'reviews');
    await dialog.getByRole('button', { name: 'Hide review' }).click();
    await row.getByText('Hidden: It holds personal data', { exact: false }).waitFor();
    await axeAtBothSizes(desk, 'admin-hidden', 'reviews');

    // Gone from the home page and the profile; the count says one is hidden.
    await page.goto('/');
    await hydrated(page);
    await expect.poll(() => section.getByText(/· 1 review hidden$/).count()).toBe(1);
    expect(await section.getByText(comment).count()).toBe(0);
    await axeAtBothSizes(page, 'home-hidden', 'reviews');
    await page.goto(review.technician.profilePath!);
    await page.getByText('Rated 5.0 out of 5 from 1 review · 1 review hidden').waitFor();
    expect(await page.getByText(comment).count()).toBe(0);
    await axeAtBothSizes(page, 'profile-hidden', 'reviews');
    expect(errors).toEqual([]);

    // Shown again, so the lane's other files see the pages as they were.
    const hidden = (await (await admin.get('/api/admin/reviews')).json()) as { items: { id: number; comment: string }[] };
    expect((await admin.post(`/api/admin/reviews/${hidden.items.find((item) => item.comment === comment)!.id}/show`, { data: {} })).status()).toBe(200);
    await team.close();
    await context.close();
  });
});
