// Issue 37 item 5: after payment the customer gets a VAT invoice (PDF), numbered from one gapless
// sequence taken inside the payment's transaction; read through pdftotext as a customer would.
// Who may read it (the customer's grant and the team; anyone else 404). On the PostgreSQL server
// (TEST_DATABASE_URL): two payments at once take consecutive numbers, and a payment rolled back
// takes none.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../src/server/db/factories';
import { invoices, payments, quotes } from '../../src/server/db/schema';
import { createTestProvider, setSlotCapacity, settleSucceededPayment } from '../../src/server/modules/booking';
import { formatLondonDate } from '../../src/shared/london-time';
import { createTestApp, serverDatabaseAvailable, signInAs, type TestApp } from '../helpers/app';
import { emailsTo, heldBooking, paymentOf, post, workingDay } from '../helpers/checkout';
import { ensureLondonTechnician } from '../helpers/network';

const CARD = { cardNumber: '4242 4242 4242 4242', expiry: '12/30', cvc: '123' };
// Two lines whose VAT does not split evenly: £123.45 and £67.89 of work, the fee on top.
const ITEMS = [
  { description: 'Scratch repair, front bumper', costPence: 12_345 },
  { description: 'Touch-up paint and lacquer', costPence: 6_789 },
];
const QUOTE = { laborPence: 12_345, partsPence: 6_789, items: ITEMS };

let pdfDir: string;
beforeAll(() => {
  pdfDir = mkdtempSync(join(tmpdir(), 'autorevive-invoices-'));
});
afterAll(() => rmSync(pdfDir, { recursive: true, force: true }));

function pdfText(pdf: Buffer, name: string): string {
  const file = join(pdfDir, `${name}.pdf`);
  writeFileSync(file, pdf);
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
}

/** A held booking paid through the test-mode card form (its payment begun first). */
async function paidBooking(t: TestApp, date: string) {
  const booking = await heldBooking(t, date, 'morning', QUOTE);
  const started = await post(t, '/api/create-payment-intent', { quoteId: booking.quote.id, startWithinCancellationPeriod: true }, booking.cookie);
  expect(started.statusCode, started.body).toBe(200);
  const { clientSecret } = started.json() as { clientSecret: string };
  return { ...booking, clientSecret, pay: () => post(t, '/api/test-payments/confirm', { clientSecret, ...CARD }, booking.cookie) };
}

describe('the VAT invoice after payment', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ engine: 'pglite' });
    await ensureLondonTechnician(t.database.db, 2);
  });
  afterAll(() => t?.close());

  it('holds every field a full VAT invoice must show, and reaches the customer attached to the confirmation', async () => {
    const date = workingDay(3);
    const booking = await paidBooking(t, date);
    expect((await booking.pay()).statusCode).toBe(200);
    const quote = booking.quote;

    const response = await t.app.inject({ url: `/api/appointments/${booking.appointmentId}/invoice.pdf`, headers: { cookie: booking.cookie } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['cache-control']).toBe('private, no-store');
    const [row] = await t.database.db.select().from(invoices);
    const number = `INV-${String(row!.number).padStart(6, '0')}`;
    expect(response.headers['content-disposition']).toBe(`attachment; filename="AutoRevive-VAT-invoice-${number}.pdf"`);
    const text = pdfText(response.rawPayload, 'invoice');
    const company = t.config.company;

    // The document, its unique number, its date of issue and the date of supply (the appointment's day).
    expect(text).toContain('VAT invoice');
    expect(text).toContain(`Invoice number: ${number}`);
    expect(text).toMatch(/Date of issue: \w+day \d{1,2} \w+ \d{4}/);
    expect(text).toContain(`Date of supply: ${formatLondonDate(date)}`);
    // The supplier: name, address and VAT number (the embedded default's, marked as examples).
    expect(text).toContain(`From: ${company.name}`);
    expect(text).toContain('Address: 12 Harbour Yard, Bristol, BS1 5TY');
    expect(text).toContain('VAT number: GB 123 4567 89 (example)');
    expect(text).toContain('Company number: 01234567 (example)');
    // The customer: name and address.
    expect(text).toContain(`To: ${booking.assessment.name}`);
    expect(text).toContain(`Address: ${booking.assessment.address}, ${booking.assessment.city}, ${booking.assessment.postcode}`);
    // Each line with its net amount, VAT rate and VAT; the VAT spread so the lines add up exactly.
    const lines = row!.facts.lines;
    expect(lines.map((line) => line.description)).toEqual([...ITEMS.map((item) => item.description), 'AutoRevive service fee']);
    expect(lines.reduce((sum, line) => sum + line.vatPence, 0)).toBe(quote.vatPence);
    for (const line of lines) {
      expect(text).toMatch(new RegExp(`${line.description}\\s+£${(line.netPence / 100).toFixed(2)}\\s+20%\\s+£${(line.vatPence / 100).toFixed(2)}`));
    }
    expect(text).toMatch(new RegExp(`Total before VAT\\s+£${((quote.totalPence - quote.vatPence) / 100).toFixed(2)}`));
    expect(text).toMatch(new RegExp(`VAT\\s+£${(quote.vatPence / 100).toFixed(2)}`));
    expect(text).toMatch(new RegExp(`Total paid\\s+£${(quote.totalPence / 100).toLocaleString('en-GB', { minimumFractionDigits: 2 })}`));

    // The confirmation e-mail carries the same PDF and says so.
    const confirmation = (await emailsTo(t, booking.assessment.email)).find((email) => email.kind === 'booking-confirmed')!;
    expect(confirmation.textBody).toContain(`- Your VAT invoice ${number} is attached, and on your appointment page.`);
    const attached = confirmation.attachments.find((file) => file.contentType === 'application/pdf')!;
    expect(attached).toMatchObject({ filename: `AutoRevive-VAT-invoice-${number}.pdf`, encoding: 'base64' });
    expect(pdfText(Buffer.from(attached.content, 'base64'), 'attached')).toContain(`Invoice number: ${number}`);
  });

  it('is read only by the booking customer and the team: anyone else, the technician too, gets 404', async () => {
    const booking = await paidBooking(t, workingDay(4));
    expect((await booking.pay()).statusCode).toBe(200);
    const other = await heldBooking(t, workingDay(5), 'morning', QUOTE);
    const admin = await createUser(t.database.db, { role: 'admin' });
    const repairer = await createUser(t.database.db, { role: 'repairer' });
    // The technician doing the job reads the booking, but not its invoice.
    await t.database.db.update(quotes).set({ assignedRepairerId: repairer.repairerId }).where(eq(quotes.id, booking.quote.id));
    const technician = await signInAs(t.app, repairer.email, repairer.password);
    const asTechnician = await t.app.inject({ url: `/api/appointments/${booking.appointmentId}`, headers: { cookie: technician } });
    expect(asTechnician.json()).toMatchObject({ viewer: 'technician', invoices: [] });
    const asCustomer = await t.app.inject({ url: `/api/appointments/${booking.appointmentId}`, headers: { cookie: booking.cookie } });
    expect(asCustomer.json().invoices).toEqual([{ kind: 'invoice', number: expect.stringMatching(/^INV-\d{6}$/), url: `/api/appointments/${booking.appointmentId}/invoice.pdf`, receipt: false }]);
    const url = `/api/appointments/${booking.appointmentId}/invoice.pdf`;
    const as = (cookie?: string) => t.app.inject({ url, headers: cookie ? { cookie } : {} });

    expect((await as(booking.cookie)).statusCode).toBe(200);
    expect((await as(await signInAs(t.app, admin.email, admin.password))).statusCode).toBe(200);
    for (const cookie of [undefined, other.cookie, technician]) {
      const refused = await as(cookie);
      expect(refused.statusCode).toBe(404);
      expect(refused.json().message).toBe('There is no invoice for this booking.');
    }
    // An unpaid booking has none, and says so the same way to its own customer.
    expect((await t.app.inject({ url: `/api/appointments/${other.appointmentId}/invoice.pdf`, headers: { cookie: other.cookie } })).statusCode).toBe(404);
    expect((await t.app.inject({ url: '/api/appointments/999999/invoice.pdf', headers: { cookie: booking.cookie } })).statusCode).toBe(404);
  });
});

describe('the credit note after a refund', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ engine: 'pglite' });
    await ensureLondonTechnician(t.database.db, 1);
  });
  afterAll(() => t?.close());

  it('cancelling a paid booking issues a credit note for its invoice, from the same sequence, attached to the refund e-mail', async () => {
    const booking = await paidBooking(t, workingDay(9));
    expect((await booking.pay()).statusCode).toBe(200);
    const cancelled = await post(t, `/api/appointments/${booking.appointmentId}/cancel`, {}, booking.cookie);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const rows = await t.database.db.select().from(invoices).orderBy(asc(invoices.number));
    expect(rows.map((row) => [row.kind, row.number])).toEqual([
      ['invoice', rows[0]!.number],
      ['credit-note', rows[0]!.number + 1],
    ]);
    const invoiceNumber = rows[0]!.facts.number;
    const noteNumber = `CN-${String(rows[1]!.number).padStart(6, '0')}`;
    expect((await t.app.inject({ url: `/api/appointments/${booking.appointmentId}`, headers: { cookie: booking.cookie } })).json().invoices.map((i: { number: string }) => i.number)).toEqual([invoiceNumber, noteNumber]);

    const response = await t.app.inject({ url: `/api/appointments/${booking.appointmentId}/credit-note.pdf`, headers: { cookie: booking.cookie } });
    expect(response.statusCode).toBe(200);
    const text = pdfText(response.rawPayload, 'credit-note');
    const quote = booking.quote;
    expect(text).toContain('Credit note');
    expect(text).toContain(`Credit note number: ${noteNumber}`);
    expect(text).toContain(`Credits invoice: ${invoiceNumber}`);
    expect(text).toContain('VAT number: GB 123 4567 89 (example)');
    expect(text).toContain(`To: ${booking.assessment.name}`);
    expect(text).toMatch(new RegExp(`VAT\\s+-£${(quote.vatPence / 100).toFixed(2)}`));
    expect(text).toMatch(new RegExp(`Total refunded\\s+£${(quote.totalPence / 100).toLocaleString('en-GB', { minimumFractionDigits: 2 })}`));
    // The invoice itself is unchanged and still served.
    expect(pdfText((await t.app.inject({ url: `/api/appointments/${booking.appointmentId}/invoice.pdf`, headers: { cookie: booking.cookie } })).rawPayload, 'kept')).toContain(`Invoice number: ${invoiceNumber}`);

    const refund = (await emailsTo(t, booking.assessment.email)).find((email) => email.kind === 'booking-refunded')!;
    expect(refund.textBody).toContain(`Your credit note ${noteNumber}, which cancels your VAT invoice, is attached and on your appointment page.`);
    expect(refund.attachments).toMatchObject([{ filename: `AutoRevive-credit-note-${noteNumber}.pdf`, contentType: 'application/pdf', encoding: 'base64' }]);
  });
});

describe.skipIf(!serverDatabaseAvailable())('invoice numbers on the PostgreSQL server', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ engine: 'server' });
    await ensureLondonTechnician(t.database.db, 3);
  });
  afterAll(() => t?.close());

  const numbers = async () => (await t.database.db.select({ number: invoices.number }).from(invoices).orderBy(asc(invoices.number))).map((row) => row.number);

  it('gives two payments at once consecutive numbers, and a rolled-back payment none', async () => {
    const before = await numbers();
    const first = await paidBooking(t, workingDay(6));
    const second = await paidBooking(t, workingDay(6));
    const answers = await Promise.all([first.pay(), second.pay()]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
    const start = before.length === 0 ? 1 : before.at(-1)! + 1;
    expect(await numbers()).toEqual([...before, start, start + 1]);

    // A payment whose transaction rolls back after its invoice was numbered: the number goes back.
    const rolledBack = await paidBooking(t, workingDay(7));
    const [payment] = await paymentOf(t, rolledBack.appointmentId);
    const ctx = { db: t.database.db, config: t.config, provider: createTestProvider(), log: t.app.log };
    await expect(
      t.database.db.transaction(async (tx) => {
        const settled = await settleSucceededPayment(tx, ctx, payment!.id);
        expect(settled.outcome).toBe('confirmed');
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await numbers()).toEqual([...before, start, start + 1]);
    expect((await paymentOf(t, rolledBack.appointmentId))[0]!.status).not.toBe('succeeded');

    // The next payment takes the very next number: no gap, no duplicate.
    expect((await rolledBack.pay()).statusCode).toBe(200);
    expect(await numbers()).toEqual([...before, start, start + 1, start + 2]);
    expect((await t.database.db.select({ id: payments.id }).from(payments)).length).toBeGreaterThanOrEqual(3);
  }, 60_000);

  it('numbers 20 payments made together 1 apart, none twice', async () => {
    const before = await numbers();
    // One morning with room for all 20, and a technician's place for each (issue 35).
    const date = workingDay(8);
    await setSlotCapacity(t.database.db, { date, slot: 'morning' }, 20, t.config.slotCapacity);
    await ensureLondonTechnician(t.database.db, 20);
    const bookings = [];
    for (let i = 0; i < 20; i++) bookings.push(await paidBooking(t, date));
    const answers = await Promise.all(bookings.map((booking) => booking.pay()));
    expect(answers.map((answer) => answer.statusCode)).toEqual(bookings.map(() => 200));
    const after = (await numbers()).slice(before.length);
    const start = (before.at(-1) ?? 0) + 1;
    expect(after).toEqual(Array.from({ length: 20 }, (_, i) => start + i));
  }, 120_000);
});
