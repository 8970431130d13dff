// Issue 35 item 1 in the browser: a technician keeps their availability on /repairer/availability
// (from the dashboard) and the team sees and keeps it on /admin/repairers/{id}/availability (from
// the Network tab). The technician sets Tuesdays off, two jobs a slot and a week away; a reload
// shows all three, and so does the team's screen. axe at 375 and 1280 px on both screens. The
// lane's second repairer is used and given back the default at the end (other files offer it jobs).
import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { DEFAULT_AVAILABILITY } from '../../src/shared/api/repairer-availability';
import { workingDay } from '../helpers/dates';
import { baseUrl, expectNoAxeViolations, hasChromium, launchBrowser, newConsentedContext, viewports, watchPageErrors } from './support';

let browser: Browser;
const contexts: BrowserContext[] = [];

async function signedIn(who: 'admin' | 'secondRepairer') {
  const context = await newConsentedContext(browser, 'desktop');
  contexts.push(context);
  const account = inject('accounts')[who];
  expect((await context.request.post(`${baseUrl()}/api/auth/sign-in`, { data: { email: account.email, password: account.password } })).status()).toBe(200);
  return { context, page: await context.newPage() };
}

beforeAll(async () => {
  if (hasChromium) browser = await launchBrowser();
});
afterAll(async () => {
  for (const context of contexts) await context.close();
  await browser?.close();
});

describe.skipIf(!hasChromium)('a technician’s availability', () => {
  it('sets Tuesdays off, two jobs a slot and a week away; a reload and the team’s screen show them', async () => {
    const { context, page } = await signedIn('secondRepairer');
    const errors = watchPageErrors(page);
    const [first, last] = [workingDay(10), workingDay(14)];
    try {
      await page.goto('/repairer');
      await page.getByRole('link', { name: 'Your availability' }).click();
      await page.getByRole('heading', { level: 1, name: 'Your availability' }).waitFor();
      const tuesday = page.getByRole('group', { name: 'Tuesday' });
      await tuesday.getByLabel(/^Morning/).uncheck();
      await tuesday.getByLabel(/^Afternoon/).uncheck();
      await page.getByLabel('Jobs in one slot').fill('2');
      await page.getByRole('button', { name: 'Add time off' }).click();
      const away = page.getByRole('group', { name: 'Time off 1' });
      await away.getByLabel('First day').fill(first);
      await away.getByLabel('Last day').fill(last);
      for (const size of ['mobile', 'desktop'] as const) {
        await page.setViewportSize(viewports[size]);
        await expectNoAxeViolations(page);
      }
      await page.getByRole('button', { name: 'Save availability' }).click();
      await page.getByRole('status').filter({ hasText: 'Your availability was saved.' }).first().waitFor();

      await page.reload();
      await page.getByRole('heading', { level: 1, name: 'Your availability' }).waitFor();
      const again = page.getByRole('group', { name: 'Tuesday' });
      await again.getByLabel(/^Morning/).waitFor();
      expect(await again.getByLabel(/^Morning/).isChecked()).toBe(false);
      expect(await again.getByLabel(/^Afternoon/).isChecked()).toBe(false);
      expect(await page.getByRole('group', { name: 'Wednesday' }).getByLabel(/^Morning/).isChecked()).toBe(true);
      expect(await page.getByLabel('Jobs in one slot').inputValue()).toBe('2');
      expect(await page.getByRole('group', { name: 'Time off 1' }).getByLabel('First day').inputValue()).toBe(first);
      expect(await page.getByRole('group', { name: 'Time off 1' }).getByLabel('Last day').inputValue()).toBe(last);

      // A mistake is named by the field it is on, and nothing is saved.
      await page.getByLabel('Jobs in one slot').fill('0');
      await page.getByRole('button', { name: 'Save availability' }).click();
      await page.getByText('Please choose from 1 to 10 jobs in one slot').waitFor();
      expect(await page.getByLabel('Jobs in one slot').getAttribute('aria-invalid')).toBe('true');

      // The team's screen, from the Network tab, shows the same.
      const desk = await signedIn('admin');
      const repairerId = inject('accounts').secondRepairer.repairerId!;
      await desk.page.goto('/admin');
      await desk.page.getByRole('tab', { name: 'Repairer Network' }).click();
      await desk.page.locator(`a[href="/admin/repairers/${repairerId}/availability"]`).click();
      await desk.page.getByRole('heading', { level: 1, name: /: availability$/ }).waitFor();
      const theirs = desk.page.getByRole('group', { name: 'Tuesday' });
      await theirs.getByLabel(/^Morning/).waitFor();
      expect(await theirs.getByLabel(/^Morning/).isChecked()).toBe(false);
      expect(await desk.page.getByLabel('Jobs in one slot').inputValue()).toBe('2');
      expect(await desk.page.getByRole('group', { name: 'Time off 1' }).getByLabel('First day').inputValue()).toBe(first);
      for (const size of ['mobile', 'desktop'] as const) {
        await desk.page.setViewportSize(viewports[size]);
        await expectNoAxeViolations(desk.page);
      }
      // The team removes the week away (the technician came back early) and saves.
      await desk.page.getByRole('button', { name: 'Remove time off 1' }).click();
      await desk.page.getByRole('button', { name: 'Save availability' }).click();
      await desk.page.getByRole('status').filter({ hasText: 'availability was saved.' }).first().waitFor();
      await desk.page.reload();
      await desk.page.getByText('No time off planned.').waitFor();
      expect(errors).toEqual([]);
    } finally {
      // Give the lane's repairer back the default: other files offer it jobs.
      await context.request.put(`${baseUrl()}/api/repairer/availability`, { data: DEFAULT_AVAILABILITY });
    }
  });
});
