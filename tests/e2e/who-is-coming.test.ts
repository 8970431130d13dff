// Issue 37 item 3 in a real browser: a technician uploads their photo on their Profile, accepts a
// paid job, and the customer's appointment page shows who is coming (first name, business, the
// photo, their record, the checks we made). axe at 375 and 1280 px on the Profile's photo section
// (without and with a photo) and on the appointment page with the card. The server's side is
// tests/integration/technician-profile.test.ts.
import { describe, expect, inject, it } from 'vitest';
import type { ProfileView } from '../../src/shared/api/repairer-accounts';
import { jpegPhoto } from '../helpers/images';
import { axeAtBothSizes, bookAndPayThroughApi, browserAndAdminForFile, customerWithApprovedQuote, signedInContext, workingDayFrom } from './booking-support';
import { hasChromium, viewports, watchPageErrors } from './support';
import { adminDesk, networkRow } from './technician-steps';

const opened = browserAndAdminForFile();

describe.skipIf(!hasChromium)('who is coming', () => {
  it('a technician’s photo, uploaded on their Profile, is on the customer’s appointment page once they accept', async () => {
    const { browser, admin } = opened;
    const account = inject('accounts').repairer;
    const technician = await signedInContext(browser, account);
    const tech = await technician.newPage();
    const techErrors = watchPageErrors(tech);

    // Their Profile: no photo yet, then one chosen and uploaded.
    await tech.goto('/repairer/profile');
    const section = tech.getByRole('region', { name: 'Your photo' });
    await section.getByText('No photo yet').waitFor();
    await axeAtBothSizes(tech, 'no-photo', 'profile');
    await section.getByLabel('Choose a photo').setInputFiles({ name: 'me.jpg', mimeType: 'image/jpeg', buffer: await jpegPhoto(600, 800) });
    await section.getByRole('button', { name: 'Upload photo' }).click();
    await tech.getByText('Photo saved').first().waitFor();
    const own = section.getByRole('img', { name: 'Your profile photo' });
    await expect.poll(() => own.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(300);
    await axeAtBothSizes(tech, 'photo', 'profile');
    const profile = (await (await technician.request.get('/api/repairer/profile')).json()) as ProfileView;
    expect(profile.photo?.url).toMatch(/^\/api\/technician-photos\//);

    // A paid booking, offered to them and accepted.
    const customer = await customerWithApprovedQuote(browser, admin);
    const appointmentId = await bookAndPayThroughApi(customer.context, customer.quoteId, workingDayFrom(57), 'morning');
    const page = customer.page;
    const errors = watchPageErrors(page);
    await page.goto(`/appointments/${appointmentId}`);
    await page.getByRole('heading', { level: 1, name: 'Your appointment' }).waitFor();
    expect(await page.getByRole('region', { name: 'Your technician', exact: true }).count()).toBe(0); // nobody yet
    const sent = await admin.post(`/api/admin/quotes/${customer.quoteId}/send-to-repairer`, { data: { repairerId: account.repairerId } });
    expect(sent.status(), await sent.text()).toBe(200);
    const { notification } = (await sent.json()) as { notification: { id: number } };
    expect((await technician.request.post(`/api/repairer/notifications/${notification.id}/accept`, { data: {} })).status()).toBe(200);

    await page.reload();
    const card = page.getByRole('region', { name: 'Your technician', exact: true });
    await card.waitFor();
    const firstName = (profile.contactName ?? '').split(' ')[0]!;
    await card.getByText(`${firstName}, ${profile.businessName}`).waitFor();
    expect(await card.textContent()).toContain(`${profile.businessName} will carry out your repair`);
    const photo = card.getByRole('img', { name: `${firstName} of ${profile.businessName}` });
    expect([await photo.getAttribute('width'), await photo.getAttribute('height'), await photo.getAttribute('loading')]).toEqual(['96', '96', 'lazy']);
    await photo.scrollIntoViewIfNeeded();
    await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(300);
    const checks = card.getByRole('list').last();
    expect(await checks.getByRole('listitem').allTextContents()).toEqual(['✓ Public liability insurance seen and in date', '✓ Identity checked', '✓ Skills assessed']);
    const text = (await card.textContent()) ?? '';
    expect(text).toMatch(/\d+ repairs? completed through us/);
    expect(text).not.toMatch(/\+44|07700|@/); // nothing else of theirs
    await axeAtBothSizes(page, 'technician', 'appointment');

    // Removed from their Profile, it leaves the customer's page too.
    await section.getByRole('button', { name: 'Remove photo' }).click();
    await section.getByText('No photo yet').waitFor();
    await page.reload();
    await card.getByText(`${firstName}, ${profile.businessName}`).waitFor();
    expect(await card.getByRole('img').count()).toBe(0);

    expect(errors).toEqual([]);
    expect(techErrors).toEqual([]);
    await customer.context.close();
    await technician.close();
  });

  it('the team takes an unsuitable photo down from the technician’s detail, for a stated reason, after one pause (axe at 375 and 1280 px)', async () => {
    const { browser } = opened;
    const technician = await signedInContext(browser, inject('accounts').repairer);
    const uploaded = await technician.request.put('/api/repairer/photo', { multipart: { photo: { name: 'me.jpg', mimeType: 'image/jpeg', buffer: await jpegPhoto(600, 800) } } });
    expect(uploaded.status()).toBe(200);
    const profile = (await uploaded.json()) as ProfileView;
    await technician.close();

    const { context, page } = await adminDesk(browser);
    const errors = watchPageErrors(page);
    const row = await networkRow(page, profile.businessName);
    await row.getByRole('button', { name: `Vetting checklist of ${profile.businessName}` }).click();
    const checklist = page.getByRole('region', { name: `Vetting checklist: ${profile.businessName}` });
    await checklist.getByRole('img', { name: `The photo ${profile.businessName} shows customers` }).waitFor();
    await axeAtBothSizes(page, 'photo', 'vetting');
    await page.setViewportSize(viewports.desktop);
    await checklist.getByLabel('Why take the photo down?').fill('Not a photo of the technician');
    await checklist.getByRole('button', { name: 'Take down photo' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Take down this photo?' });
    await dialog.getByRole('button', { name: 'Take down photo' }).click();
    await checklist.getByText('No photo uploaded.').waitFor();
    expect((await page.request.get(profile.photo!.url)).status()).toBe(404);
    expect(errors).toEqual([]);
    await context.close();
  });
});
