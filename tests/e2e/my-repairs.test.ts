// Issue 38 item 1 (docs/decisions/0036) in a real browser: a customer with two enquiries signs in
// to My repairs on a fresh browser by the link e-mailed to them (read from the outbox) and sees
// both; an unknown e-mail gets the same page; the used link is refused with a sentence; signing out
// everywhere else and here. axe at 375 and 1280 px on each state (its loading state: loading-screens.test.ts).
import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axeAtBothSizes, browserAndAdminForFile } from './booking-support';
import { submitEnquiry } from './enquiry';
import { hasChromium, newConsentedContext, watchPageErrors } from './support';

const opened = browserAndAdminForFile();

async function signInLinkFor(email: string): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(
      async () => {
        const outbox = (await (await opened.admin.get('/api/admin/emails?limit=200')).json()) as { kind: string; toAddress: string; textBody: string }[];
        const sent = outbox.find((message) => message.kind === 'my-repairs-sign-in' && message.toAddress === email);
        link = sent ? /https?:\/\/\S+(\/my-repairs#sign-in=[\w-]+)/.exec(sent.textBody)?.[1] : undefined;
        return link;
      },
      { timeout: 15_000 },
    )
    .toBeTruthy();
  return link!;
}

async function askForLink(page: Page, email: string): Promise<string> {
  await page.goto('/my-repairs');
  await page.getByRole('heading', { name: 'Sign in with your e-mail' }).waitFor();
  await page.getByLabel('Your e-mail address').fill(email);
  await page.getByRole('button', { name: 'E-mail me a sign-in link' }).click();
  await page.getByRole('heading', { name: 'Check your e-mail' }).waitFor();
  return (await page.getByRole('status').filter({ hasText: 'If we have repairs' }).textContent()) ?? '';
}

describe.skipIf(!hasChromium)('My repairs', () => {
  it('signs a customer with two enquiries in by link on a fresh browser, and shows both', async () => {
    const { browser } = opened;
    const email = `e2e-my-repairs-${randomUUID()}@example.co.uk`;
    const submitter = await newConsentedContext(browser);
    const first = await submitEnquiry(submitter, { email, vehicleMake: 'Ford', vehicleModel: 'Focus' });
    const second = await submitEnquiry(submitter, { email, vehicleMake: 'Honda', vehicleModel: 'Jazz' });
    await submitter.close();

    // A fresh browser: no grant, no session.
    const context = await newConsentedContext(browser);
    const page = await context.newPage();
    const errors = watchPageErrors(page);
    await page.goto('/my-repairs');
    await page.getByRole('heading', { name: 'Sign in with your e-mail' }).waitFor();
    await axeAtBothSizes(page, 'signed-out', 'my-repairs');
    const knownAnswer = await askForLink(page, email);
    expect(knownAnswer).toContain('If we have repairs for that address, we have e-mailed a link');
    await axeAtBothSizes(page, 'link-sent', 'my-repairs');

    const link = await signInLinkFor(email);
    await page.goto(link);
    await page.getByRole('heading', { name: 'Sign in to My repairs' }).waitFor();
    await axeAtBothSizes(page, 'link', 'my-repairs');
    await page.getByRole('button', { name: 'Show my repairs' }).click();
    await page.getByText(`Signed in as ${email} in this browser.`).waitFor();
    expect(new URL(page.url()).hash).toBe('');
    const list = page.getByRole('list', { name: 'Your repairs' });
    await expect.poll(() => list.getByRole('article').count()).toBe(2);
    for (const { reference } of [first, second]) await list.getByRole('link', { name: `View quote ${reference}` }).waitFor();
    await list.getByRole('heading', { name: /2019 Honda Jazz/ }).waitFor();
    await axeAtBothSizes(page, 'signed-in', 'my-repairs');

    // The grants came with it: the first enquiry's quote page opens in this browser.
    await list.getByRole('link', { name: `View quote ${first.reference}` }).click();
    await page.waitForURL(`**/quote/${first.id}`);
    await page.getByRole('heading', { name: /Generating Your Quote|Your quote/ }).first().waitFor();
    await page.goBack();

    await page.getByRole('button', { name: 'Sign out everywhere else' }).click();
    await page.getByRole('status').filter({ hasText: 'Every other browser' }).waitFor();
    await axeAtBothSizes(page, 'signed-out-elsewhere', 'my-repairs');
    await page.getByRole('button', { name: 'Sign out', exact: true }).click();
    await page.getByRole('heading', { name: 'Sign in with your e-mail' }).waitFor();
    expect((await context.request.get(`/api/assessments/${first.id}`)).status()).toBe(404);

    // The used link, followed again, is refused with a sentence and the form to ask for another.
    await page.goto(link);
    await page.getByRole('button', { name: 'Show my repairs' }).click();
    await expect.poll(() => page.getByRole('alert').first().textContent()).toContain('already been used');
    await page.getByRole('heading', { name: 'Sign in with your e-mail' }).waitFor();
    await axeAtBothSizes(page, 'link-refused', 'my-repairs');
    // What the browser logged: the 401 of a browser without a session, and the refused link's 410.
    for (const error of errors) expect(error).toMatch(/status of (401|410)/);
    await context.close();
  });

  it('gives an unknown e-mail the same page', async () => {
    const context = await newConsentedContext(opened.browser);
    const page = await context.newPage();
    const answer = await askForLink(page, `e2e-nobody-${randomUUID()}@example.co.uk`);
    expect(answer).toContain('If we have repairs for that address, we have e-mailed a link');
    await page.getByRole('button', { name: 'Use another address' }).waitFor();
    await context.close();
  });
});
