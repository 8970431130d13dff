// Shared by the booking browser tests: a customer with an approved quote (the real intake call and
// an admin's approval through the API), a working day to book, and the calendar's navigation.
import { request, type APIRequestContext, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, expect, inject } from 'vitest';
import { workingDay } from '../helpers/dates';
import { submitEnquiry } from './enquiry';
import { baseUrl, expectNoAxeViolations, hasChromium, launchBrowser, newConsentedContext, screenshot, viewports } from './support';

/**
 * The browser and the admin's API a test file shares: opened before its tests (not without
 * Chromium, when the file's tests are skipped) and closed after them. Read them inside a test.
 */
export function browserAndAdminForFile(): { readonly browser: Browser; readonly admin: APIRequestContext } {
  const opened = {} as { browser: Browser; admin: APIRequestContext };
  beforeAll(async () => {
    if (!hasChromium) return;
    opened.browser = await launchBrowser();
    opened.admin = await adminApi();
  });
  afterAll(async () => {
    await opened.admin?.dispose();
    await opened.browser?.close();
  });
  return opened;
}

/** A browser context signed in as a staff account (the API the sign-in form calls). */
export async function signedInContext(browser: Browser, account: { email: string; password: string }, size: keyof typeof viewports = 'desktop'): Promise<BrowserContext> {
  const context = await newConsentedContext(browser, size);
  const response = await context.request.post(`${baseUrl()}/api/auth/sign-in`, { data: { email: account.email, password: account.password } });
  expect(response.status()).toBe(200);
  return context;
}

export async function adminApi(): Promise<APIRequestContext> {
  const account = inject('accounts').admin;
  const admin = await request.newContext({ baseURL: baseUrl() });
  const signIn = await admin.post('/api/auth/sign-in', { data: { email: account.email, password: account.password } });
  expect(signIn.status()).toBe(200);
  return admin;
}

/** A customer's browser holding the grant to an approved quote; returns the quote's id and total. */
export async function customerWithApprovedQuote(
  browser: Browser,
  admin: APIRequestContext,
  size: keyof typeof viewports = 'desktop',
): Promise<{ context: BrowserContext; page: Page; quoteId: number; totalCost: string }> {
  const context = await newConsentedContext(browser, size);
  const { quoteId, totalCost } = await approvedQuoteFor(context, admin);
  const page = await context.newPage();
  return { context, page, quoteId, totalCost };
}

/**
 * An enquiry from `customer` (which then holds its grant) with its quote approved by the admin,
 * for a test that needs the customer's requests but not a page of theirs: a page starts a
 * renderer of its own (docs/decisions/0006).
 */
export async function approvedQuoteFor(customer: BrowserContext, admin: APIRequestContext): Promise<{ quoteId: number; totalCost: string }> {
  const { id } = await submitEnquiry(customer);
  const draft = await admin.get(`/api/quotes/assessment/${id}`);
  expect(draft.status()).toBe(200);
  const { id: quoteId, totalCost } = (await draft.json()) as { id: number; totalCost: string };
  const approve = await admin.post(`/api/admin/quotes/${quoteId}/approve`, { data: { adjustedAmount: totalCost } });
  expect(approve.status(), await approve.text()).toBe(200);
  return { quoteId, totalCost };
}

/** The n-th working day (D15) from today whose slots can all be booked: distinct n, distinct days (tests/helpers/dates.ts). */
export const workingDayFrom = (n: number): string => workingDay(n);

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
export const monthTitleOf = (date: string) => `${MONTHS[Number(date.slice(5, 7)) - 1]} ${date.slice(0, 4)}`;

/** Pages the booking calendar forward to the month of `date` and returns that day's button. */
export async function showDay(page: Page, date: string) {
  const title = monthTitleOf(date);
  const calendar = page.getByRole('table').first();
  await calendar.waitFor();
  for (let step = 0; step < 3 && (await page.getByRole('heading', { level: 2, name: title }).count()) === 0; step += 1) {
    await page.getByRole('button', { name: /^Next month/ }).first().click();
  }
  await page.getByRole('heading', { level: 2, name: title }).waitFor();
  const button = calendar.locator(`button[data-date="${date}"]`);
  await expect.poll(() => button.getAttribute('data-state')).not.toBe('loading');
  return button;
}

/** axe at 375 and 1280 px, with a full-page screenshot of each when E2E_SCREENSHOTS names a folder. */
export async function axeAtBothSizes(page: Page, name: string, prefix = 'booking') {
  for (const size of ['mobile', 'desktop'] as const) {
    await page.setViewportSize(viewports[size]);
    await expectNoAxeViolations(page);
    await screenshot(page, `${prefix}-${name}-${size}`);
  }
}

export async function payWithCard(page: Page, number: string) {
  await page.getByLabel('Card number').fill(number);
  await page.getByLabel('Expiry (MM/YY)').fill('12/34');
  await page.getByLabel('Security code (CVC)').fill('123');
  await page.getByRole('button', { name: /^Pay £/ }).click();
}

/** Holds `slot` on `date` and pays for it with 4242 through the API, as the customer's browser would. */
export async function bookAndPayThroughApi(customer: BrowserContext, quoteId: number, date: string, slot: 'morning' | 'afternoon'): Promise<number> {
  const held = await customer.request.post('/api/appointments', { data: { quoteId, appointmentDate: date, timeSlot: slot, notes: '' } });
  expect(held.status(), await held.text()).toBeLessThan(300);
  const intent = await customer.request.post('/api/create-payment-intent', { data: { quoteId } });
  expect(intent.status(), await intent.text()).toBe(200);
  const { clientSecret, appointmentId } = (await intent.json()) as { clientSecret: string; appointmentId: number };
  const paid = await customer.request.post('/api/test-payments/confirm', {
    data: { clientSecret, cardNumber: '4242424242424242', expiry: '12/34', cvc: '123' },
  });
  expect(paid.status(), await paid.text()).toBe(200);
  return appointmentId;
}
