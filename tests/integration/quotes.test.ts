// Issue 10: the draft at once (D12), the quote desk, and the customer's quote API (SPEC sections 5, 7, 9).
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminQuoteMessages } from '../../src/shared/api/admin';
import { defaultPriceList } from '../../src/shared/price-list';
import { createAssessmentRecord, createQuote, createRepairer, createUser } from '../../src/server/db/factories';
import { assessmentImages, assessments, customerGrants, outboxEmails, quoteItems, quotes, repairers } from '../../src/server/db/schema';
import { cookieHeader, createTestApp, signInAs, type TestApp } from '../helpers/app';
import { jpegPhoto } from '../helpers/images';
import { multipartBody, validDetails } from '../helpers/multipart';
import { createGrant } from '../../src/server/modules/access';

let t: TestApp;
let adminCookie: string;
let jpeg: Buffer;
const pdfDir = mkdtempSync(join(tmpdir(), 'quotes-pdf-'));

beforeAll(async () => {
  t = await createTestApp({ configure: (config) => (config.assessmentsPerHourPerAddress = 1000) });
  const admin = await createUser(t.database.db, { role: 'admin' });
  adminCookie = await signInAs(t.app, admin.email, admin.password);
  jpeg = await jpegPhoto(800, 600);
});
afterAll(async () => {
  await t.close();
  rmSync(pdfDir, { recursive: true, force: true });
});

/** A customer submits; answers the assessment id, its quote id and the customer's cookie. */
async function submit(details: Record<string, string | string[]> = {}) {
  const { body, headers } = multipartBody({ ...validDetails, ...details }, [{ filename: 'damage.jpg', contentType: 'image/jpeg', data: jpeg }]);
  const response = await t.app.inject({ method: 'POST', url: '/api/assessments', payload: body, headers });
  expect(response.statusCode).toBe(201);
  const { id, reference } = response.json() as { id: number; reference: string };
  const [quote] = await t.database.db.select().from(quotes).where(eq(quotes.assessmentId, id));
  return { id, reference, quoteId: quote!.id, cookie: cookieHeader(response), body: response.json() };
}

const asAdmin = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: { cookie: adminCookie }, ...(payload !== undefined ? { payload: payload as object } : {}) });

async function storedQuote(id: number) {
  const [row] = await t.database.db.select().from(quotes).where(eq(quotes.id, id));
  return row!;
}

describe('a draft at once (D12)', () => {
  it('prices every new assessment from the price list, pending, and shows the customer only the guide', async () => {
    const { quoteId, cookie, body } = await submit();
    const quote = await storedQuote(quoteId);
    // Scratch on two panels: 2 × (£66 labour + £18 materials, SPEC's parts) = £168, fee £33.60, VAT £40.32.
    expect(quote).toMatchObject({ status: 'pending', laborPence: 13_200, partsPence: 3_600, materialsPence: 0, feePence: 3_360, vatPence: 4_032, totalPence: 24_192 });
    const items = await t.database.db.select().from(quoteItems).where(eq(quoteItems.quoteId, quoteId));
    expect(items.map((item) => item.costPence)).toEqual([13_200, 3_600]);
    expect(items[0]!.description).toBe("Scratch repair: flat, fill, colour-match and blend: Driver's door, Left wing");
    expect(body.quote).toBeNull();
    expect(body.guidePrice).toEqual({ low: '190.00', high: '295.00' });

    const mine = await t.app.inject({ url: `/api/assessments/${quote.assessmentId}`, headers: { cookie } });
    expect(mine.json()).toMatchObject({ quote: null, guidePrice: { low: '190.00', high: '295.00' } });
    const admins = await asAdmin('GET', `/api/assessments/${quote.assessmentId}`);
    expect(admins.json()).toMatchObject({ quote: { id: quoteId, status: 'pending', totalCost: '241.92' }, guidePrice: null });
  });

  it('prices alloy wheels per wheel', async () => {
    const { quoteId, reference } = await submit({ damageType: 'alloy_wheel', damageLocations: ['wheel_front_left', 'wheel_rear_right', 'wheel_rear_left'] });
    const quote = await storedQuote(quoteId);
    expect(quote.laborPence).toBe(3 * 3_500);
    expect(quote.partsPence).toBe(3 * 900);
    // The team's e-mail names the service and the wheels in words.
    const [team] = await t.database.db.select().from(outboxEmails).where(eq(outboxEmails.kind, 'assessment-new-team')).orderBy(desc(outboxEmails.id)).limit(1);
    expect(team!.subject).toContain(`${reference}: Alloy Wheel Repair`);
    expect(team!.textBody).toContain('Damage: Alloy Wheel Repair – Front left wheel, Rear right wheel, Rear left wheel');
  });

  it('starts the database with the seeded price list, and keeps an edited one whole', async () => {
    const list = (await asAdmin('GET', '/api/admin/price-list')).json() as typeof defaultPriceList;
    expect(new Set(list.map((entry) => JSON.stringify(entry)))).toEqual(new Set(defaultPriceList.map((entry) => JSON.stringify(entry))));

    const incomplete = await asAdmin('PUT', '/api/admin/price-list', list.filter((entry) => !(entry.damageType === 'scratch' && entry.locationBand === 1)));
    expect(incomplete.statusCode).toBe(400);
    expect(incomplete.json().message).toBe('The price list must price every damage type and band. Missing: scratch/1');

    const dearer = list.map((entry) => (entry.damageType === 'dent' && entry.locationBand === 1 ? { ...entry, laborPence: 9_000 } : entry));
    expect((await asAdmin('PUT', '/api/admin/price-list', dearer)).statusCode).toBe(200);
    const { quoteId } = await submit({ damageType: 'dent', damageLocations: ['bonnet'] });
    expect((await storedQuote(quoteId)).laborPence).toBe(9_000);
    expect((await asAdmin('PUT', '/api/admin/price-list', list)).statusCode).toBe(200);
  });
});

describe('editing the price list', () => {
  it('names each bad figure or wording by entry and field, and changes nothing', async () => {
    const list = (await asAdmin('GET', '/api/admin/price-list')).json() as typeof defaultPriceList;
    const bad = list.map((entry, index) => {
      if (index === 0) return { ...entry, laborPence: -100 };
      if (index === 1) return { ...entry, partsPence: '12.00' };
      if (index === 2) return { ...entry, materialsWording: '  ' };
      if (index === 3) return { ...entry, hours: 2.3 };
      if (index === 4) return { ...entry, materialsPence: 1_000_001 };
      if (index === 5) return { ...entry, labourWording: 'x'.repeat(121) };
      return entry;
    });
    const response = await asAdmin('PUT', '/api/admin/price-list', bad);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      error: 'invalid_input',
      fieldErrors: {
        '0.laborPence': 'Labour cannot be negative',
        '1.partsPence': 'Parts must be an amount in pence',
        '2.materialsWording': 'Materials wording is required',
        '3.hours': 'Hours must be in quarter hours',
        '4.materialsPence': 'Materials must be £10,000.00 or less',
        '5.labourWording': 'Labour wording must be 120 characters or fewer',
      },
    });
    expect((await asAdmin('GET', '/api/admin/price-list')).json()).toEqual(list);
  });
});

describe('who reads a quote', () => {
  it('answers SPEC section 7\'s booking page, which passes the quote id to /api/quotes/assessment/{id}, with the same access check', async () => {
    // Enquiry ids used up with no quote (a failed or duplicate submission does that): the quote
    // still takes its enquiry's id, so the path's two readings can never name two quotes (a SPEC
    // review: /booking/63 showed enquiry 63's total while booking and charging quote 63's).
    await createAssessmentRecord(t.database.db);
    await createAssessmentRecord(t.database.db);
    const { id, quoteId, cookie } = await submit();
    expect(quoteId).toBe(id);
    const byQuoteId = `/api/quotes/assessment/${quoteId}`;
    // Pending: the customer sees no quote either way.
    expect((await t.app.inject({ url: byQuoteId, headers: { cookie } })).statusCode).toBe(404);
    expect((await asAdmin('POST', `/api/admin/quotes/${quoteId}/approve`, {})).statusCode).toBe(200);
    // Read as its name says (the enquiry's id) and as the booking page calls it (the quote's id): the same quote.
    const byAssessment = await t.app.inject({ url: `/api/quotes/assessment/${id}`, headers: { cookie } });
    const byQuote = await t.app.inject({ url: byQuoteId, headers: { cookie } });
    expect(byAssessment.statusCode).toBe(200);
    expect(byQuote.statusCode).toBe(200);
    expect(byQuote.json()).toEqual(byAssessment.json());
    expect(byQuote.json()).toMatchObject({ id: quoteId, assessmentId: id });
    // SPEC section 3's Quote carries its enquiry as `assessment`: the customer's own, as
    // GET /api/assessments/{id} shows it, without the quote around it, a guide or its coverage (issue 35: the enquiry's own read carries it).
    const enquiry = (await t.app.inject({ url: `/api/assessments/${id}`, headers: { cookie } })).json();
    const { quote: _quote, guidePrice: _guide, coverage: _coverage, ...expected } = enquiry;
    expect(byQuote.json().assessment).toEqual(expected);
    expect((await t.app.inject({ url: `/api/quotes/${quoteId}`, headers: { cookie } })).json()).toEqual(byQuote.json());
    // Another customer, and nobody at all, still get nothing under either reading.
    const other = await submit({ email: 'someone.else.again@example.com' });
    expect((await t.app.inject({ url: byQuoteId, headers: { cookie: other.cookie } })).statusCode).toBe(404);
    expect((await t.app.inject({ url: byQuoteId })).statusCode).toBe(404);

    // A quote numbered apart from its enquiry before quotes took their enquiry's id is still found
    // by its own id, for its own customer only.
    const legacy = await createAssessmentRecord(t.database.db);
    const legacyQuote = await createQuote(t.database.db, { assessmentId: legacy.id, id: legacy.id + 100_000, status: 'approved' });
    const legacyCookie = `ar_access=${(await createGrant(t.database.db, legacy.id)).token}`;
    const old = await t.app.inject({ url: `/api/quotes/assessment/${legacyQuote.id}`, headers: { cookie: legacyCookie } });
    expect([old.statusCode, old.json().id, old.json().assessmentId]).toEqual([200, legacyQuote.id, legacy.id]);
    expect((await t.app.inject({ url: `/api/quotes/assessment/${legacyQuote.id}`, headers: { cookie } })).statusCode).toBe(404);
  });

  it('hides a pending quote from its customer (and its PDF), and shows another customer nothing', async () => {
    const { id, quoteId, cookie } = await submit();
    expect((await t.app.inject({ url: `/api/quotes/${quoteId}`, headers: { cookie } })).statusCode).toBe(404);
    expect((await t.app.inject({ url: `/api/quotes/assessment/${id}`, headers: { cookie } })).statusCode).toBe(404);
    expect((await t.app.inject({ url: `/api/quotes/${quoteId}/pdf`, headers: { cookie } })).statusCode).toBe(404);

    expect((await asAdmin('POST', `/api/admin/quotes/${quoteId}/approve`, {})).statusCode).toBe(200);
    expect((await t.app.inject({ url: `/api/quotes/${quoteId}`, headers: { cookie } })).statusCode).toBe(200);
    const other = await submit({ email: 'someone.else@example.com' });
    expect((await t.app.inject({ url: `/api/quotes/${quoteId}`, headers: { cookie: other.cookie } })).statusCode).toBe(404);
    expect((await t.app.inject({ url: `/api/quotes/${quoteId}/pdf`, headers: { cookie: other.cookie } })).statusCode).toBe(404);
  });
});

describe('the admin adjusts and approves', () => {
  it('refuses a wrong VAT figure with the right one, and changes nothing', async () => {
    const { quoteId } = await submit();
    const before = await storedQuote(quoteId);
    const response = await asAdmin('POST', `/api/admin/quotes/${quoteId}/update-full-quote`, {
      laborCost: '300.00',
      partsCost: '50.00',
      autoReviveFee: '70.00',
      repairerPayment: '280.00',
      vatAmount: '80.00',
      estimatedDays: 2,
    });
    expect(response.statusCode).toBe(400);
    // Taxable: £300 + £50 + £70 fee = £420; VAT £84.00.
    expect(response.json().message).toBe('VAT must be £84.00 (20% of £420.00)');
    expect(response.json().fieldErrors.vatAmount).toBe('VAT must be £84.00 (20% of £420.00)');
    expect(await storedQuote(quoteId)).toEqual(before);
  });

  it('sets the valid-until day and warranty months; the customer\'s quote and PDF show them; bad ones change nothing', async () => {
    const { quoteId, cookie } = await submit();
    const before = await storedQuote(quoteId);
    const figures = { laborCost: '132.00', partsCost: '0.00', estimatedDays: 1 };
    const refusals: [Record<string, unknown>, string, string][] = [
      [{ warrantyMonths: 6 }, 'warrantyMonths', 'Warranty must be a whole number of months from 12 to 120'],
      [{ warrantyMonths: 0 }, 'warrantyMonths', 'Warranty must be a whole number of months from 12 to 120'],
      [{ warrantyMonths: 12.5 }, 'warrantyMonths', 'Warranty must be a whole number of months from 12 to 120'],
      [{ warrantyMonths: '24' }, 'warrantyMonths', 'Warranty must be a whole number of months from 12 to 120'],
      [{ validUntil: '2020-01-01' }, 'validUntil', 'Valid until cannot be in the past'],
      [{ validUntil: '31/12/2099' }, 'validUntil', 'Valid until must be a date such as 2026-06-30'],
      [{ validUntil: '' }, 'validUntil', 'Valid until must be a date such as 2026-06-30'],
    ];
    for (const [extra, field, message] of refusals) {
      const response = await asAdmin('POST', `/api/admin/quotes/${quoteId}/update-full-quote`, { ...figures, ...extra });
      expect(response.statusCode, JSON.stringify(extra)).toBe(400);
      expect(response.json().fieldErrors[field]).toBe(message);
    }
    expect(await storedQuote(quoteId)).toEqual(before);

    // Later than approval's default of 30 days, so approval keeps it.
    const saved = await asAdmin('POST', `/api/admin/quotes/${quoteId}/update-full-quote`, { ...figures, validUntil: '2099-12-31', warrantyMonths: 24 });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().quote).toMatchObject({ validUntil: '2099-12-31', warrantyMonths: 24 });
    expect((await asAdmin('POST', `/api/admin/quotes/${quoteId}/approve`, {})).statusCode).toBe(200);

    const view = await t.app.inject({ url: `/api/quotes/${quoteId}`, headers: { cookie } });
    expect(view.json()).toMatchObject({ validUntil: '2099-12-31', warrantyMonths: 24 });
    const pdf = await t.app.inject({ url: `/api/quotes/${quoteId}/pdf`, headers: { cookie } });
    const file = join(pdfDir, 'terms.pdf');
    writeFileSync(file, pdf.rawPayload);
    const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
    expect(text).toContain('Valid until: Thursday 31 December 2099');
    expect(text).toContain('Warranty: 24 months');

    // An approved quote's terms can be revised too: shortened validity is kept (no re-approval moves it).
    const revised = await asAdmin('POST', `/api/admin/quotes/${quoteId}/update-full-quote`, { ...figures, validUntil: '2099-01-15', warrantyMonths: 36 });
    expect(revised.statusCode).toBe(200);
    expect((await t.app.inject({ url: `/api/quotes/${quoteId}`, headers: { cookie } })).json()).toMatchObject({ validUntil: '2099-01-15', warrantyMonths: 36 });
  });

  it('refuses line items that do not add up', async () => {
    const { quoteId } = await submit();
    const response = await asAdmin('POST', `/api/admin/quotes/${quoteId}/update-full-quote`, {
      laborCost: 100,
      partsCost: 0,
      estimatedDays: 1,
      workDescription: [{ item: 'Respray', cost: 90 }],
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('The line items add up to £90.00, but labour and parts come to £100.00');
  });

  it('keeps stored totals equal to labour + parts + fee + VAT (SPEC section 9) from the draft on, after every update', async () => {
    const { quoteId } = await submit();
    // The draft, priced from a list with materials (a SPEC review: its parts left them out, so
    // SPEC's four figures did not add up to the total, and SPEC's own VAT was refused).
    const draft = (await asAdmin('GET', `/api/quotes/${quoteId}`)).json();
    const pence = (value: string) => Math.round(Number(value) * 100);
    expect(pence(draft.laborCost) + pence(draft.partsCost) + pence(draft.autoReviveFee) + pence(draft.vatAmount)).toBe(pence(draft.totalCost));
    expect(draft.materialsCost).toBe('0.00');
    const specVat = ((pence(draft.laborCost) + pence(draft.partsCost) + pence(draft.autoReviveFee)) * 0.2) / 100;
    const resent = await asAdmin('POST', `/api/admin/quotes/${quoteId}/update-full-quote`, {
      laborCost: draft.laborCost,
      partsCost: draft.partsCost,
      autoReviveFee: draft.autoReviveFee,
      repairerPayment: draft.repairerPayment,
      estimatedDays: draft.estimatedDays,
      vatAmount: specVat.toFixed(2),
    });
    expect(resent.statusCode, resent.body).toBe(200);
    expect(resent.json().quote.totalCost).toBe(draft.totalCost);
    const updates = [
      { laborCost: '480', partsCost: '120.50', estimatedDays: 2 },
      // A materialsCost is not a field: it is not added anywhere.
      { laborCost: 99.99, partsCost: 0.01, materialsCost: '12.34', estimatedDays: '1', autoReviveFee: '10.00' },
      { laborCost: '0', partsCost: '0', estimatedDays: 1, repairerPayment: 0 },
      {
        laborCost: '250.00',
        partsCost: '50.00',
        estimatedDays: 3,
        vatAmount: '72.00',
        workDescription: [
          { item: 'Respray', cost: 250 },
          { item: 'Mirror cap', cost: '40.00' },
          { item: 'Paint', cost: 10 },
        ],
      },
    ];
    for (const update of updates) {
      const response = await asAdmin('POST', `/api/admin/quotes/${quoteId}/update-full-quote`, update);
      expect(response.statusCode, response.body).toBe(200);
      const stored = await storedQuote(quoteId);
      expect(stored.materialsPence).toBe(0);
      expect(stored.totalPence).toBe(stored.laborPence + stored.partsPence + stored.feePence + stored.vatPence);
      expect(stored.vatPence).toBe(Math.round((stored.laborPence + stored.partsPence + stored.feePence) * 0.2));
      const items = await t.database.db.select().from(quoteItems).where(eq(quoteItems.quoteId, quoteId));
      expect(items.reduce((sum, item) => sum + item.costPence, 0)).toBe(stored.laborPence + stored.partsPence);
      expect(response.json().quote.totalCost).toBe((stored.totalPence / 100).toFixed(2));
    }
    expect(await storedQuote(quoteId)).toMatchObject({ laborPence: 25_000, partsPence: 5_000, materialsPence: 0, feePence: 6_000, vatPence: 7_200, totalPence: 43_200, estimatedDays: 3 });
  });

  it('refuses a stale approve and changes nothing; approves with the total the admin saw', async () => {
    const { quoteId } = await submit();
    // Another admin saves while the first is looking at £241.92.
    expect((await asAdmin('POST', `/api/admin/quotes/${quoteId}/update-full-quote`, { laborCost: 200, partsCost: 0, estimatedDays: 1 })).statusCode).toBe(200);
    const before = await storedQuote(quoteId);
    const stale = await asAdmin('POST', `/api/admin/quotes/${quoteId}/approve`, { adjustedAmount: '241.92' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe('This quote changed while you were looking at it: the total is now £288.00');
    expect(await storedQuote(quoteId)).toEqual(before);

    const approved = await asAdmin('POST', `/api/admin/quotes/${quoteId}/approve`, { adjustedAmount: 288 });
    expect(approved.statusCode).toBe(200);
    expect(approved.json().quote).toMatchObject({ status: 'approved', totalCost: '288.00', expired: false });
    expect(approved.json().quote.approvedAt).not.toBeNull();
    const pending = (await asAdmin('GET', '/api/admin/quotes?status=pending&pageSize=50')).json();
    expect(pending.items.map((card: { quote: { id: number } }) => card.quote.id)).not.toContain(quoteId);
  });

  it('never approves a quote a card cannot be charged for, nor revises or resets an approved one below it', async () => {
    // An unpriced draft (or one an admin zeroed) may be saved while pending, but approving it would
    // e-mail the customer a £0.00 quote that checkout cannot charge (Stripe's least is £0.30).
    const { quoteId } = await submit({ email: 'zero@example.com' });
    expect((await asAdmin('POST', `/api/admin/quotes/${quoteId}/update-full-quote`, { laborCost: '0.10', partsCost: '0', materialsCost: '0', estimatedDays: 1 })).statusCode).toBe(200);
    const tooLittle = await storedQuote(quoteId);
    expect(tooLittle.totalPence).toBe(14);
    const refused = await asAdmin('POST', `/api/admin/quotes/${quoteId}/approve`, {});
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(adminQuoteMessages.belowMinimumCharge('£0.14'));
    expect(await storedQuote(quoteId)).toEqual(tooLittle);
    const emails = await t.database.db.select().from(outboxEmails).where(eq(outboxEmails.toAddress, 'zero@example.com'));
    expect(emails.filter((email) => email.kind === 'quote-ready')).toHaveLength(0);

    // Priced, it is approved; then it cannot be revised down to nothing.
    expect((await asAdmin('POST', `/api/admin/quotes/${quoteId}/update-full-quote`, { laborCost: '0.21', partsCost: '0', materialsCost: '0', estimatedDays: 1 })).statusCode).toBe(200);
    expect((await storedQuote(quoteId)).totalPence).toBe(30);
    expect((await asAdmin('POST', `/api/admin/quotes/${quoteId}/approve`, {})).statusCode).toBe(200);
    const approved = await storedQuote(quoteId);
    const zeroed = await asAdmin('POST', `/api/admin/quotes/${quoteId}/update-full-quote`, { laborCost: 0, partsCost: 0, materialsCost: 0, estimatedDays: 1 });
    expect(zeroed.statusCode).toBe(400);
    expect(zeroed.json().message).toBe(adminQuoteMessages.belowMinimumCharge('£0.00'));
    expect(await storedQuote(quoteId)).toEqual(approved);

    // An approved quote the price list cannot price (its damage type unknown to it) keeps its figures.
    await t.database.db.update(assessments).set({ damageType: 'unknown_damage' }).where(eq(assessments.id, approved.assessmentId));
    const reset = await asAdmin('POST', `/api/admin/quotes/${quoteId}/reset-to-price-list`);
    expect(reset.statusCode).toBe(409);
    expect(reset.json().message).toBe(adminQuoteMessages.belowMinimumCharge('£0.00'));
    expect(await storedQuote(quoteId)).toEqual(approved);
  });

  it('approves a call with no body at all (adjustedAmount is optional)', async () => {
    const { quoteId } = await submit();
    const approved = await t.app.inject({ method: 'POST', url: `/api/admin/quotes/${quoteId}/approve`, headers: { cookie: adminCookie } });
    expect(approved.statusCode).toBe(200);
    expect((await storedQuote(quoteId)).status).toBe('approved');
  });

  it('e-mails the customer that their quote is ready, with a link that opens it', async () => {
    const { id, reference, quoteId } = await submit({ email: 'ready@example.com' });
    await asAdmin('POST', `/api/admin/quotes/${quoteId}/approve`, {});
    const emails = await t.database.db.select().from(outboxEmails).where(eq(outboxEmails.toAddress, 'ready@example.com'));
    const ready = emails.find((email) => email.kind === 'quote-ready')!;
    expect(ready.subject).toBe(`Your quote is ready – reference ${reference}`);
    expect(ready.textBody).toContain('Total: £241.92 including VAT.');
    const link = ready.textBody.match(/http:\/\/localhost:3000(\/access\/\S+)/)![1]!;
    expect(link).toContain(`next=${encodeURIComponent(`/quote/${id}`)}`);
    const opened = await t.app.inject(link);
    expect(opened.statusCode).toBe(303);
    const quote = await t.app.inject({ url: `/api/quotes/assessment/${id}`, headers: { cookie: cookieHeader(opened) } });
    expect(quote.statusCode).toBe(200);
    expect(quote.json()).toMatchObject({ reference, totalCost: '241.92', status: 'approved' });
  });

  it('refuses to change a booked quote', async () => {
    const booked = await createQuote(t.database.db, { status: 'booked' });
    const before = await storedQuote(booked.id);
    const response = await asAdmin('POST', `/api/admin/quotes/${booked.id}/update-full-quote`, { laborCost: 10, partsCost: 0, estimatedDays: 1 });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toMatch(/booked/);
    expect(await storedQuote(booked.id)).toEqual(before);
    // The state decides before the figures: wrong figures for a booked quote are still a 409, not a 400 about VAT.
    const wrongVat = await asAdmin('POST', `/api/admin/quotes/${booked.id}/update-full-quote`, { laborCost: 10, partsCost: 0, estimatedDays: 1, vatAmount: 999 });
    expect(wrongVat.statusCode).toBe(409);
    expect(wrongVat.json().message).toMatch(/booked/);
    expect(await storedQuote(booked.id)).toEqual(before);
    expect((await asAdmin('POST', `/api/admin/quotes/${booked.id}/reset-to-price-list`)).statusCode).toBe(409);
  });
});

describe('modification requests (D21)', () => {
  it('reach the admin card and the team, and are answered by revising the quote', async () => {
    const { reference, quoteId, cookie } = await submit();
    await asAdmin('POST', `/api/admin/quotes/${quoteId}/approve`, {});
    const message = 'Could you quote for the wing only, please? The door is fine.';
    const sent = await t.app.inject({ method: 'POST', url: `/api/quotes/${quoteId}/modification-requests`, headers: { cookie }, payload: { message } });
    expect(sent.statusCode).toBe(201);
    expect(sent.json()).toMatchObject({ quoteId, message, answeredAt: null });

    const team = await t.database.db.select().from(outboxEmails).where(eq(outboxEmails.kind, 'quote-modification-team'));
    expect(team.some((email) => email.toAddress === t.config.teamEmail && email.subject.includes(reference) && email.textBody.includes(message))).toBe(true);

    const desk = (await asAdmin('GET', '/api/admin/quotes?pageSize=50')).json();
    const card = desk.items.find((item: { quote: { id: number } }) => item.quote.id === quoteId);
    expect(card.modificationRequests).toEqual([expect.objectContaining({ message, answeredAt: null })]);

    const revised = await asAdmin('POST', `/api/admin/quotes/${quoteId}/update-full-quote`, { laborCost: 66, partsCost: 0, estimatedDays: 1 });
    expect(revised.statusCode).toBe(200);
    expect(revised.json().modificationRequests).toEqual([]);
    expect((await storedQuote(quoteId)).status).toBe('approved');
    const told = await t.database.db.select().from(outboxEmails).where(eq(outboxEmails.kind, 'quote-revised'));
    expect(told.some((email) => email.subject.includes(reference))).toBe(true);
    const after = (await asAdmin('GET', '/api/admin/quotes?pageSize=50')).json();
    expect(after.items.map((item: { quote: { id: number } }) => item.quote.id)).not.toContain(quoteId);
  });
});

describe('the PDF', () => {
  it('downloads as an attachment named after the reference, and its text holds the total', async () => {
    const { reference, quoteId, cookie } = await submit();
    await asAdmin('POST', `/api/admin/quotes/${quoteId}/approve`, {});
    const response = await t.app.inject({ url: `/api/quotes/${quoteId}/pdf`, headers: { cookie } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe(`attachment; filename="AutoRevive-quote-${reference}.pdf"`);
    const file = join(pdfDir, 'quote.pdf');
    writeFileSync(file, response.rawPayload);
    const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
    expect(text).toMatch(/Total\s+£241\.92/);
    expect(text).toContain(`Reference: ${reference}`);
  });
});

describe('deleting an enquiry', () => {
  it('removes the rows, the photo files and the grants; the link then finds nothing', async () => {
    const { id, quoteId, cookie } = await submit();
    const images = await t.database.db.select().from(assessmentImages).where(eq(assessmentImages.assessmentId, id));
    const files = images.flatMap((image) => [image.displayKey, image.thumbKey]).map((key) => join(t.config.uploadsDir, key));
    expect(files.every((file) => existsSync(file))).toBe(true);

    const response = await asAdmin('DELETE', `/api/admin/quotes/${quoteId}`);
    expect(response.statusCode).toBe(204);
    expect(await t.database.db.$count(assessments, eq(assessments.id, id))).toBe(0);
    expect(await t.database.db.$count(quotes, eq(quotes.id, quoteId))).toBe(0);
    expect(await t.database.db.$count(quoteItems, eq(quoteItems.quoteId, quoteId))).toBe(0);
    expect(await t.database.db.$count(assessmentImages, eq(assessmentImages.assessmentId, id))).toBe(0);
    expect(await t.database.db.$count(customerGrants, eq(customerGrants.assessmentId, id))).toBe(0);
    expect(files.some((file) => existsSync(file))).toBe(false);
    expect((await t.app.inject({ url: `/api/assessments/${id}`, headers: { cookie } })).statusCode).toBe(404);
  });
});

describe('lists', () => {
  it('counts the stat cards from the database, and gives admins asking together the same figures', async () => {
    await createRepairer(t.database.db, { isVerified: true });
    await createRepairer(t.database.db, { isVerified: false });
    const stats = (await asAdmin('GET', '/api/admin/stats')).json();
    expect(stats.totalEnquiries).toBe(await t.database.db.$count(assessments));
    expect(stats.pendingQuotes).toBe(await t.database.db.$count(quotes, eq(quotes.status, 'pending')));
    expect(stats.pendingQuotes).toBeGreaterThan(0);
    expect(stats.repairers).toBe(await t.database.db.$count(repairers, eq(repairers.isVerified, true)));
    expect(stats.repairers).toBeGreaterThan(0);
    expect(stats.revenue).toBe('0.00');
    // They share one statement (one read of the dashboard for everyone asking at that moment).
    const together = await Promise.all(Array.from({ length: 8 }, () => asAdmin('GET', '/api/admin/stats')));
    for (const response of together) expect(response.json()).toEqual(stats);
    // A change shows on the next read: nothing is kept between reads.
    await createRepairer(t.database.db, { isVerified: true });
    expect((await asAdmin('GET', '/api/admin/stats')).json().repairers).toBe(stats.repairers + 1);
  });

  it('searches enquiries by reference, name, e-mail and postcode', async () => {
    const { reference } = await submit({ name: 'Priya Ramanathan', email: 'priya.r@example.org', postcode: 'BS1 5TY' });
    const search = async (term: string) =>
      ((await asAdmin('GET', `/api/admin/enquiries?search=${encodeURIComponent(term)}`)).json().items as { reference: string }[]).map((row) => row.reference);
    expect(await search(reference.toLowerCase())).toEqual([reference]);
    expect(await search(reference.slice(3))).toEqual([reference]);
    expect(await search('ramana')).toEqual([reference]);
    expect(await search('PRIYA.R@')).toEqual([reference]);
    expect(await search('bs15')).toEqual([reference]);
    expect(await search('%')).toEqual([]);
  });

  it('nests each quote\'s enquiry in GET /api/quotes, as SPEC section 3\'s Quote has it: the admin\'s view with its photos, without a quote inside', async () => {
    const { id, quoteId, body } = await submit({ name: 'Nested Enquiry Person' });
    const listed = (await asAdmin('GET', '/api/quotes?pageSize=100')).json() as { id: number; assessment: Record<string, unknown> & { images: number[] } }[];
    const mine = listed.find((quote) => quote.id === quoteId)!;
    const enquiry = (await asAdmin('GET', `/api/assessments/${id}`)).json() as Record<string, unknown>;
    const { quote: _quote, guidePrice: _guide, coverage: _coverage, ...withoutQuote } = enquiry;
    expect(mine.assessment).toEqual(withoutQuote);
    expect(mine.assessment).toMatchObject({ id, name: 'Nested Enquiry Person', reference: (body as { reference: string }).reference });
    expect(mine.assessment.images).toHaveLength(1);
    expect(mine.assessment).not.toHaveProperty('quote');
    // Every quote of the page carries its own enquiry.
    for (const quote of listed) expect(quote.assessment.id).toBe((await storedQuote(quote.id)).assessmentId);
  });

  it('answers every assessment and quote to SPEC\'s calls ("all"), and a page when one is asked for, with X-Total-Count', async () => {
    // More than one default page of enquiries (a SPEC review: the 51st, oldest, pending quote was missing).
    const db = t.database.db;
    for (let i = 0; i < 52; i++) await createQuote(db, { assessmentId: (await createAssessmentRecord(db)).id, status: 'pending' });
    for (const url of ['/api/assessments', '/api/quotes']) {
      const all = await asAdmin('GET', url);
      const total = Number(all.headers['x-total-count']);
      expect(total).toBeGreaterThan(52);
      expect(all.json()).toHaveLength(total);
      const paged = await asAdmin('GET', `${url}?page=1&pageSize=2`);
      expect(paged.statusCode).toBe(200);
      expect(paged.json()).toHaveLength(2);
      expect(Number(paged.headers['x-total-count'])).toBe(total);
      expect(await asAdmin('GET', `${url}?page=2`).then((r) => r.json().length)).toBe(Math.min(50, total - 50));
      expect((await asAdmin('GET', `${url}?pageSize=0`)).statusCode).toBe(400);
    }
  });

  it("creates or replaces the pending draft through SPEC's sample-quote call", async () => {
    const { id, quoteId } = await submit();
    const response = await asAdmin('POST', '/api/quotes', { assessmentId: id, laborCost: '100.00', partsCost: 20, totalCost: 1, estimatedDays: 2 });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: quoteId, laborCost: '100.00', partsCost: '20.00', materialsCost: '0.00', autoReviveFee: '24.00', vatAmount: '28.80', totalCost: '172.80' });
  });
});
