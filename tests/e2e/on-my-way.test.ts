// Issue 38 item 3 in a real browser: on the job's day the assigned technician taps "On my way",
// picks an arrival time, and the customer's appointment page says "Sam is on the way, arriving
// around 10:15"; a late arrival is updated once. "The job's day" needs a clock on that day on the
// server and in the pages, so this file runs a server of its own (the lanes' servers keep real
// time): the app is built in this worker with the lanes' migrated image and the production web
// build, Date is faked here, and each page's Date is fixed with Playwright's clock.
import { resolve } from 'node:path';
import { eq } from 'drizzle-orm';
import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createRepairer, createUser } from '../../src/server/db/factories';
import { appointments, assessments } from '../../src/server/db/schema';
import { createTestApp, signInAs, type TestApp } from '../helpers/app';
import { customerWithQuote, payWithTestCard, post, workingDay } from '../helpers/checkout';
import { hasChromium, launchBrowser, viewports } from './support';
import { axeAtBothWidths } from './technician-steps';

describe.skipIf(!hasChromium)('On my way, on the job\'s day', () => {
  let t: TestApp;
  let browser: Browser;
  let baseURL: string;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    t = await createTestApp({ configure: (config) => void (config.webDistDir = resolve('dist/web')) });
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    const address = t.app.server.address();
    if (!address || typeof address === 'string') throw new Error('The server did not start.');
    baseURL = `http://127.0.0.1:${address.port}`;
    browser = await launchBrowser();
  });
  afterAll(async () => {
    for (const context of contexts) await context.close();
    await browser?.close();
    vi.useRealTimers();
    await t?.close();
  });

  /** A page whose Date reads `now`, in a context of its own (cookie banner answered). */
  async function pageAt(now: Date, cookies: Array<{ name: string; value: string }> = []) {
    const context = await browser.newContext({ baseURL, viewport: viewports.desktop, locale: 'en-GB', timezoneId: 'Europe/London' });
    contexts.push(context);
    await context.addInitScript(() => window.localStorage.setItem('autorevive.cookie-consent', 'declined'));
    await context.addCookies(cookies.map((cookie) => ({ ...cookie, url: baseURL })));
    const page = await context.newPage();
    await page.clock.setFixedTime(now);
    return { context, page };
  }

  it('lets the technician say when they will arrive, and the customer sees it', async () => {
    const db = t.database.db;
    // A paid morning booking four working days ahead, with the texts box ticked, accepted by Sam.
    const customer = await customerWithQuote(t);
    await db.update(assessments).set({ phone: '07700 900131' }).where(eq(assessments.id, customer.assessment.id));
    const held = await post(t, '/api/appointments', { quoteId: customer.quote.id, appointmentDate: workingDay(4), timeSlot: 'morning', textConsent: true }, customer.cookie);
    expect(held.statusCode, held.body).toBe(200);
    const appointmentId = (held.json() as { id: number }).id;
    await payWithTestCard(t, customer.quote.id, customer.cookie);
    // Offered by the team to Sam, a verified technician near central London, who accepts.
    const business = await createRepairer(db, { latitude: 51.51, longitude: -0.13, email: 'sam.carter@example.co.uk' });
    const technician = await createUser(db, { role: 'repairer', name: 'Sam Carter', repairerId: business.id });
    const adminUser = await createUser(db, { role: 'admin' });
    const sent = await post(t, `/api/admin/quotes/${customer.quote.id}/send-to-repairer`, { repairerId: business.id }, await signInAs(t.app, adminUser.email, adminUser.password));
    expect(sent.statusCode, sent.body).toBe(200);
    const accepted = await post(t, `/api/repairer/notifications/${sent.json().notification.id}/accept`, {}, await signInAs(t.app, technician.email, technician.password));
    expect(accepted.statusCode, accepted.body).toBe(200);
    const [row] = await db.select().from(appointments).where(eq(appointments.id, appointmentId));

    // 08:05 in London on the job's day, whatever the season (07:05 or 08:05 UTC is the same day).
    const jobDay = new Date(`${row!.appointmentDate}T07:05:00Z`);
    vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true });
    vi.setSystemTime(jobDay);

    // The technician signs in on the day: the session is the server's of that day.
    const { context: technicianContext, page: work } = await pageAt(jobDay);
    expect((await technicianContext.request.post('/api/auth/sign-in', { data: { email: technician.email, password: technician.password } })).status()).toBe(200);
    await work.goto('/repairer');
    await work.getByRole('button', { name: 'On my way' }).click();
    const form = work.getByRole('form', { name: 'On my way' });
    await form.getByLabel('Arriving around').selectOption('10:15');
    await axeAtBothWidths(work, 'on-my-way-form');
    await form.getByRole('button', { name: 'Tell the customer' }).click();
    await expect.poll(() => work.getByRole('status').filter({ hasText: 'arriving around 10:15' }).count()).toBe(1);
    await expect.poll(() => work.getByRole('button', { name: 'Update arrival time' }).count()).toBe(1);
    await axeAtBothWidths(work, 'on-my-way-given');

    // The customer's appointment page, with the grant their submission set.
    const grant = customer.cookie.split('; ').map((pair) => ({ name: pair.slice(0, pair.indexOf('=')), value: pair.slice(pair.indexOf('=') + 1) }));
    const { page: mine } = await pageAt(jobDay, grant);
    await mine.goto(`/appointments/${appointmentId}`);
    await expect.poll(() => mine.getByText('Sam is on the way, arriving around 10:15.').count()).toBe(1);
    await axeAtBothWidths(mine, 'on-the-way-notice');
    // The customer ticked the box at booking; they can stop the texts here as easily.
    const texts = mine.getByRole('region', { name: 'Texts about this booking' });
    await texts.getByRole('button', { name: 'Stop texts' }).click();
    await texts.getByRole('button', { name: 'Text me updates' }).waitFor();
    await axeAtBothWidths(mine, 'texts-stopped');

    // Running late: updated once, and then no more updates are offered.
    await work.getByRole('button', { name: 'Update arrival time' }).click();
    const update = work.getByRole('form', { name: 'Update arrival time' });
    await update.getByLabel('Arriving around').selectOption('11:00');
    await update.getByRole('button', { name: 'Send the new time' }).click();
    await expect.poll(() => work.getByRole('status').filter({ hasText: 'arriving around 11:00' }).count()).toBe(1);
    expect(await work.getByRole('button', { name: /Update arrival time|On my way/ }).count()).toBe(0);
    await mine.reload();
    await expect.poll(() => mine.getByText('Sam is on the way, arriving around 11:00.').count()).toBe(1);
  });
});
