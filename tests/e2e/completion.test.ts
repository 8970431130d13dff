// Issue 12 in the browser, the customer's side of the technician's AFTER photos and of reporting a
// problem. A real paid booking; the server allows "done" only on the appointment's day, so (as in
// aftercare.test.ts) the completed appointment is served from the page's network layer with the
// shapes the server sends, its after-photo ids being real photos this customer may open. The server
// side is tests/integration/completion-photos.test.ts and completion.test.ts.
// axe at 375 and 1280 px on the new states: after photos, the photo dialog, the problem form, reported.
import { describe, expect, it } from 'vitest';
import type { AppointmentView } from '../../src/shared/api/appointments';
import { completionMessages } from '../../src/shared/api/appointments';
import { axeAtBothSizes, bookAndPayThroughApi, browserAndAdminForFile, customerWithApprovedQuote, workingDayFrom } from './booking-support';
import { hasChromium, watchPageErrors } from './support';

const opened = browserAndAdminForFile();


describe.skipIf(!hasChromium)('the finished repair, with after photos', () => {
  it('shows the after photos full size, and takes a problem report with a clear message', async () => {
    const { browser, admin } = opened;
    const customer = await customerWithApprovedQuote(browser, admin);
    const appointmentId = await bookAndPayThroughApi(customer.context, customer.quoteId, workingDayFrom(57), 'morning');
    const real = (await (await customer.context.request.get(`/api/appointments/${appointmentId}`)).json()) as AppointmentView;
    const assessment = (await (await customer.context.request.get(`/api/assessments/${real.assessmentId}`)).json()) as { images: number[] };
    expect(assessment.images.length).toBeGreaterThan(0);
    let current: AppointmentView = {
      ...real,
      status: 'completed',
      canChange: false,
      aftercare: {
        ...real.aftercare,
        technician: 'Shine Mobile Repairs',
        completedAt: `${real.appointmentDate}T11:30:00.000Z`,
        warranty: { startsDate: real.appointmentDate, endsDate: `${Number(real.appointmentDate.slice(0, 4)) + 1}${real.appointmentDate.slice(4)}`, months: 12 },
        afterPhotoIds: assessment.images,
      },
    };
    const posted: string[] = [];
    const page = customer.page;
    const errors = watchPageErrors(page);
    await page.route(`**/api/appointments/${appointmentId}`, (route) => route.fulfill({ json: current }));
    await page.route(`**/api/appointments/${appointmentId}/report-problem`, async (route) => {
      const body = JSON.parse(route.request().postData() ?? '{}') as { message: string };
      posted.push(body.message);
      current = { ...current, aftercare: { ...current.aftercare, problemReportedAt: new Date().toISOString() } };
      await route.fulfill({ json: current });
    });
    await page.goto(`/appointments/${appointmentId}`);
    const panel = page.getByRole('region', { name: 'Your repair is done' });
    await panel.waitFor();
    await panel.getByRole('heading', { name: 'Photos of the finished repair' }).waitFor();
    const thumbnail = panel.getByRole('img', { name: `After photo 1 of ${assessment.images.length}: open full size` });
    await thumbnail.waitFor();
    // The picture loads after its element appears: wait for it (read once, it failed CI on a slow hour).
    await expect.poll(() => thumbnail.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    await axeAtBothSizes(page, 'after-photos', 'completion');

    await panel.getByRole('button', { name: `After photo 1 of ${assessment.images.length}: open full size` }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('img', { name: `After photo 1 of ${assessment.images.length}, full size` }).waitFor();
    await axeAtBothSizes(page, 'after-photo-dialog', 'completion');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });

    await panel.getByRole('button', { name: 'Report a problem' }).click();
    const message = panel.getByLabel('What is wrong with the repair?');
    await message.fill('Too short');
    await panel.getByRole('button', { name: 'Send the report' }).click();
    await panel.getByText(completionMessages.problemShort).waitFor();
    // The keyboard goes to the box that needs more (a review: it stayed on a button pushed off a phone's screen).
    await expect.poll(() => message.evaluate((box) => box === document.activeElement)).toBe(true);
    expect(posted).toEqual([]);
    await axeAtBothSizes(page, 'problem-form', 'completion');
    await message.fill('The scratch on the rear door still shows in daylight.');
    await panel.getByRole('button', { name: 'Send the report' }).click();
    await panel.getByText('You reported a problem.').waitFor();
    await page.getByText('Our team will contact you within 24 hours').first().waitFor();
    expect(posted).toEqual(['The scratch on the rear door still shows in daylight.']);
    expect(await panel.getByRole('button', { name: 'Confirm the repair is complete' }).count()).toBe(0);
    await axeAtBothSizes(page, 'problem-reported', 'completion');
    expect(errors).toEqual([]);
    await customer.context.close();
  });
});
