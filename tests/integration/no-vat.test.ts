// Issue 37 item 5, the rest: a company not registered for VAT (COMPANY_VAT_NUMBER=none) charges
// none. The team's quote is priced with no VAT through the quote desk, the customer pays it, and
// gets a plain receipt (not a VAT invoice, no VAT number, no VAT column: read through pdftotext)
// from the same gapless sequence. The price guide and the public "from" prices are without VAT.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../src/server/db/factories';
import { invoices } from '../../src/server/db/schema';
import { defaultPriceList, guideFromPence } from '../../src/shared/price-list';
import { penceToDecimalString } from '../../src/shared/money';
import { createTestApp, signInAs, type TestApp } from '../helpers/app';
import { customerWithQuote, emailsTo, post, quoteRow, workingDay } from '../helpers/checkout';
import { ensureLondonTechnician } from '../helpers/network';

const CARD = { cardNumber: '4242 4242 4242 4242', expiry: '12/30', cvc: '123' };

let pdfDir: string;
beforeAll(() => {
  pdfDir = mkdtempSync(join(tmpdir(), 'autorevive-receipts-'));
});
afterAll(() => rmSync(pdfDir, { recursive: true, force: true }));

function pdfText(pdf: Buffer, name: string): string {
  const file = join(pdfDir, `${name}.pdf`);
  writeFileSync(file, pdf);
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
}

describe('a company not registered for VAT (COMPANY_VAT_NUMBER=none)', () => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp({ engine: 'pglite', env: { COMPANY_VAT_NUMBER: 'none', COMPANY_NUMBER: '09876543' } });
    await ensureLondonTechnician(t.database.db, 2);
    const user = await createUser(t.database.db, { role: 'admin' });
    admin = await signInAs(t.app, user.email, user.password);
  });
  afterAll(() => t?.close());

  it('shows the public "from" prices without VAT', async () => {
    const response = await t.app.inject({ url: '/api/price-guide/services' });
    expect(response.statusCode).toBe(200);
    const scratch = (response.json() as { prices: { damageType: string; from: string | null }[] }).prices.find((price) => price.damageType === 'scratch');
    expect(scratch?.from).toBe(penceToDecimalString(guideFromPence(defaultPriceList, 'scratch', 0)!));
    expect(guideFromPence(defaultPriceList, 'scratch', 0)!).toBeLessThan(guideFromPence(defaultPriceList, 'scratch', 20)!);
  });

  it('prices the quote with no VAT, and after payment issues a receipt, not a VAT invoice', async () => {
    const customer = await customerWithQuote(t, { status: 'pending' });
    const items = [
      { item: 'Scratch repair, front bumper', cost: '123.45' },
      { item: 'Touch-up paint and lacquer', cost: '67.89' },
    ];
    const revised = await post(t, `/api/admin/quotes/${customer.quote.id}/update-full-quote`, { laborCost: '123.45', partsCost: '67.89', estimatedDays: 1, workDescription: items }, admin);
    expect(revised.statusCode, revised.body).toBe(200);
    // A VAT figure is refused with the sentence saying none is charged.
    const withVat = await post(t, `/api/admin/quotes/${customer.quote.id}/update-full-quote`, { laborCost: '123.45', partsCost: '67.89', vatAmount: '45.92', estimatedDays: 1 }, admin);
    expect(withVat.statusCode).toBe(400);
    expect(withVat.body).toContain('VAT must be £0.00: the company is not VAT registered, so no VAT is charged');

    const quote = await quoteRow(t, customer.quote.id);
    // £191.34 of work and the 20% fee (£38.27), no VAT.
    expect(quote).toMatchObject({ laborPence: 12_345, partsPence: 6_789, feePence: 3_827, vatPence: 0, totalPence: 19_134 + 3_827 });
    expect((await post(t, `/api/admin/quotes/${quote.id}/approve`, {}, admin)).statusCode).toBe(200);
    const ready = (await emailsTo(t, customer.assessment.email)).find((email) => email.kind === 'quote-ready')!;
    expect(ready.textBody).toContain('Total: £229.61. No VAT: AutoRevive is not VAT registered.');
    expect(ready.textBody).not.toContain('including VAT');

    const booked = await post(t, '/api/appointments', { quoteId: quote.id, appointmentDate: workingDay(3), timeSlot: 'morning' }, customer.cookie);
    expect(booked.statusCode, booked.body).toBe(200);
    const appointmentId = (booked.json() as { id: number }).id;
    const started = await post(t, '/api/create-payment-intent', { quoteId: quote.id, startWithinCancellationPeriod: true }, customer.cookie);
    expect(started.statusCode, started.body).toBe(200);
    const { clientSecret } = started.json() as { clientSecret: string };
    expect((await post(t, '/api/test-payments/confirm', { clientSecret, ...CARD }, customer.cookie)).statusCode).toBe(200);

    // One document for the payment, from the one sequence, a receipt.
    const [row] = await t.database.db.select().from(invoices);
    expect(row).toMatchObject({ kind: 'invoice' });
    const number = `RCT-${String(row!.number).padStart(6, '0')}`;
    expect(row!.facts).toMatchObject({ kind: 'receipt', number, vatPence: 0, totalPence: 22_961, company: { vatNumber: null } });

    const response = await t.app.inject({ url: `/api/appointments/${appointmentId}/invoice.pdf`, headers: { cookie: customer.cookie } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toBe(`attachment; filename="AutoRevive-receipt-${number}.pdf"`);
    const text = pdfText(response.rawPayload, 'receipt');
    expect(text).toContain('Receipt');
    expect(text).toContain(`Receipt number: ${number}`);
    expect(text).toContain('Company number: 09876543');
    expect(text).toMatch(/Scratch repair, front bumper\s+£123\.45/);
    expect(text).toMatch(/Total paid\s+£229\.61/);
    expect(text).toContain('No VAT: AutoRevive is not VAT registered.');
    expect(text).not.toMatch(/VAT invoice|VAT number|VAT rate|Total before VAT/);

    // The appointment page links it as a receipt; the confirmation e-mail attaches it and says so.
    const view = await t.app.inject({ url: `/api/appointments/${appointmentId}`, headers: { cookie: customer.cookie } });
    expect((view.json() as { invoices: unknown[] }).invoices).toEqual([{ kind: 'invoice', number, url: `/api/appointments/${appointmentId}/invoice.pdf`, receipt: true }]);
    const confirmation = (await emailsTo(t, customer.assessment.email)).find((email) => email.kind === 'booking-confirmed')!;
    expect(confirmation.textBody).toContain(`- Your receipt ${number} is attached, and on your appointment page.`);
    expect(confirmation.attachments.find((file) => file.contentType === 'application/pdf')).toMatchObject({ filename: `AutoRevive-receipt-${number}.pdf` });
  });

  it('keeps the VAT a quote was priced with before (integer pence, the quote’s own)', async () => {
    // A quote priced while the company was registered: the factory's 20%.
    const customer = await customerWithQuote(t, { status: 'approved' });
    const before = await quoteRow(t, customer.quote.id);
    expect(before.vatPence).toBeGreaterThan(0);
    const view = await t.app.inject({ url: `/api/quotes/${customer.quote.id}`, headers: { cookie: customer.cookie } });
    expect(view.statusCode, view.body).toBe(200);
    expect(view.json()).toMatchObject({ vatAmount: penceToDecimalString(before.vatPence), totalCost: penceToDecimalString(before.totalPence) });
  });
});
