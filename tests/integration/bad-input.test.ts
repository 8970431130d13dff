// Issue 33, item 5 (an attack review): bad input is refused cleanly. An id past PostgreSQL's
// integer answered 500 with a "Failed query" log line; a JSON body's `true` or `[1]` was read as
// the number 1; a correctly signed Stripe event with no `data` answered 500. Each is now a 400
// with its sentence, nothing is written, and nothing is logged as an error.
// (request-numbers.test.ts walks every route's schema for the same mistakes.)
import { Writable } from 'node:stream';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import Stripe from 'stripe';
import { createAssessmentRecord, createQuote, createRepairer, createUser } from '../../src/server/db/factories';
import { jobNotifications, payments, quotes, repairers, stripeEvents } from '../../src/server/db/schema';
import { bookingMessages, webhookEventMessage } from '../../src/server/modules/booking';
import { NO_QUOTE_MESSAGE } from '../../src/shared/api/payments';
import { outreachMessages } from '../../src/shared/api/outreach';
import { profileMessages } from '../../src/shared/api/repairer-accounts';
import { createTestApp, signInAs, type TestApp } from '../helpers/app';
import { customerWithQuote, heldBooking, paymentOf, post } from '../helpers/checkout';
import { workingDay } from '../helpers/dates';
import { startStripeStandIn, type StripeStandIn } from '../helpers/stripe-server';

const TOO_BIG = 2_147_483_648;

let t: TestApp;
let stripe: StripeStandIn;
let admin: string;
let repairer: { cookie: string; repairerId: number };
const logged: Record<string, unknown>[] = [];

beforeAll(async () => {
  stripe = await startStripeStandIn();
  const sink = new Writable({ write: (chunk, _enc, done) => (logged.push(...String(chunk).split('\n').filter(Boolean).map((line) => JSON.parse(line) as Record<string, unknown>)), done()) });
  t = await createTestApp({ env: { ...stripe.env, LOG_LEVEL: 'warn', AUTO_DISPATCH: 'false' }, logDestination: sink });
  const adminUser = await createUser(t.database.db, { role: 'admin' });
  admin = await signInAs(t.app, adminUser.email, adminUser.password);
  const repairerUser = await createUser(t.database.db, { role: 'repairer' });
  repairer = { cookie: await signInAs(t.app, repairerUser.email, repairerUser.password), repairerId: repairerUser.repairerId! };
});
afterAll(async () => {
  await t?.close();
  await stripe?.close();
});
beforeEach(() => {
  logged.length = 0;
});

/** What the tests below may not change: every row of the tables these routes write. */
async function everything() {
  const db = t.database.db;
  return {
    quotes: await db.select().from(quotes).orderBy(quotes.id),
    offers: await db.select().from(jobNotifications).orderBy(jobNotifications.id),
    repairers: await db.select().from(repairers).orderBy(repairers.id),
    payments: await db.select().from(payments).orderBy(payments.id),
    stripeEvents: await db.select().from(stripeEvents),
  };
}

/** Nothing at error level (a 500 logs 'unhandled error'; a query past int4 logged "Failed query"). */
const errorsLogged = () => logged.filter((line) => Number(line.level) >= 50 || /Failed query/.test(JSON.stringify(line)));

const send = (method: 'POST' | 'PUT', url: string, payload: unknown, cookie: string) => t.app.inject({ method, url, payload: payload as object, headers: { cookie } });

describe('an id of 2,147,483,648 or more', () => {
  it('is refused with 400 and its sentence on POST /api/quotes, send-to-repairer and the bulk action, and nothing is written', async () => {
    const assessment = await createAssessmentRecord(t.database.db);
    const quote = await createQuote(t.database.db, { status: 'approved', assessmentId: assessment.id });
    const business = await createRepairer(t.database.db);
    const before = await everything();

    const created = await send('POST', '/api/quotes', { assessmentId: TOO_BIG, laborCost: 100, partsCost: 20, estimatedDays: 1 }, admin);
    expect([created.statusCode, created.json().fieldErrors]).toEqual([400, { assessmentId: 'Not an id' }]);

    const offered = await send('POST', `/api/admin/quotes/${quote.id}/send-to-repairer`, { repairerId: TOO_BIG }, admin);
    expect([offered.statusCode, offered.json().fieldErrors]).toEqual([400, { repairerId: 'Please choose a repairer' }]);

    const bulk = await send('POST', '/api/admin/repairers/bulk', { action: 'verify', ids: [business.id, TOO_BIG] }, admin);
    expect([bulk.statusCode, bulk.json().fieldErrors]).toEqual([400, { 'ids.1': outreachMessages.ids }]);

    // In a path, as every path id already was.
    const path = await send('POST', `/api/admin/quotes/${TOO_BIG}/send-to-repairer`, { repairerId: business.id }, admin);
    expect([path.statusCode, path.json().fieldErrors]).toEqual([400, { id: 'Not an id' }]);

    expect(await everything()).toEqual(before);
    expect(errorsLogged()).toEqual([]);
  });

  it("is refused as a booking's or a payment's quote too, and a quote id must be a JSON number", async () => {
    const customer = await customerWithQuote(t);
    const before = await everything();
    for (const quoteId of [TOO_BIG, true, [customer.quote.id], String(customer.quote.id), 0, 1.5]) {
      // A hold reads the quote id before the grant is checked: not one, and the quote is not found (the rules stay unsaid).
      const booked = await send('POST', '/api/appointments', { quoteId, appointmentDate: workingDay(5), timeSlot: 'morning' }, customer.cookie);
      expect([booked.statusCode, booked.json().message], JSON.stringify(quoteId)).toEqual([404, bookingMessages.quoteNotFound]);
      const paying = await send('POST', '/api/create-payment-intent', { quoteId }, customer.cookie);
      expect([paying.statusCode, paying.json().message], JSON.stringify(quoteId)).toEqual([400, NO_QUOTE_MESSAGE]);
    }
    expect(await everything()).toEqual(before);
    expect(errorsLogged()).toEqual([]);
  });
});

describe("a JSON body's number", () => {
  const profile = { businessName: 'Kim’s Smart Repairs', contactName: 'Kim Lee', phone: '07700 900456', city: 'London', postcode: 'SW1A 2AA', specializations: ['scratch'] };
  const newRepairer = { businessName: 'Lee Dent Repairs', city: 'Leeds', postcode: 'LS1 1UR', specializations: ['pdr'] };

  it('is a number: `true`, `[1]` and "30" are refused as a service radius on the profile and the team\'s new repairer, and nothing is written', async () => {
    const before = await everything();
    for (const serviceRadius of [true, [1], '30', null, {}]) {
      const own = await send('PUT', '/api/repairer/profile', { ...profile, serviceRadius }, repairer.cookie);
      expect([own.statusCode, own.json().fieldErrors], JSON.stringify(serviceRadius)).toEqual([400, { serviceRadius: profileMessages.radius }]);
      const added = await send('POST', '/api/admin/repairers', { ...newRepairer, serviceRadius }, admin);
      expect([added.statusCode, added.json().fieldErrors], JSON.stringify(serviceRadius)).toEqual([400, { serviceRadius: profileMessages.radius }]);
    }
    expect(await everything()).toEqual(before);
    expect(errorsLogged()).toEqual([]);
    // A number is taken.
    const added = await send('POST', '/api/admin/repairers', { ...newRepairer, serviceRadius: 30 }, admin);
    expect([added.statusCode, added.json().serviceRadius]).toEqual([201, 30]);
  });
});

describe('a correctly signed Stripe event', () => {
  const signer = new Stripe('sk_test_signer');
  const signed = (event: object) => {
    const payload = JSON.stringify(event);
    return { payload, headers: { 'content-type': 'application/json', 'stripe-signature': signer.webhooks.generateTestHeaderString({ payload, secret: stripe.webhookSecret }) } };
  };
  const deliver = (delivery: { payload: string; headers: Record<string, string> }) => t.app.inject({ method: 'POST', url: '/api/stripe/webhook', payload: delivery.payload, headers: delivery.headers });

  it('with no data, or no object Stripe sends, is refused with 400 and changes nothing', async () => {
    const booking = await heldBooking(t, workingDay(9));
    expect((await post(t, '/api/create-payment-intent', { quoteId: booking.quote.id, startWithinCancellationPeriod: true }, booking.cookie)).statusCode).toBe(200);
    const [payment] = await paymentOf(t, booking.appointmentId);
    stripe.settle(payment!.providerRef, 'succeeded');
    const before = await everything();
    const created = Math.floor(Date.now() / 1000);
    const envelope = { object: 'event', api_version: '2026-10-28.endive', created, livemode: false };
    const events = [
      { ...envelope, id: 'evt_no_data', type: 'payment_intent.succeeded' },
      { ...envelope, id: 'evt_null_data', type: 'payment_intent.succeeded', data: null },
      { ...envelope, id: 'evt_no_object', type: 'payment_intent.succeeded', data: {} },
      { ...envelope, id: 'evt_no_amount', type: 'payment_intent.succeeded', data: { object: { id: payment!.providerRef, object: 'payment_intent' } } },
      { ...envelope, id: 'evt_failed_no_data', type: 'payment_intent.payment_failed' },
      { ...envelope, id: 'evt_reversed_no_data', type: 'transfer.reversed' },
      { ...envelope, id: 'evt_other_no_data', type: 'charge.refunded' },
      { ...envelope, type: 'payment_intent.succeeded', data: { object: { id: payment!.providerRef, amount_received: payment!.amountPence } } },
    ];
    for (const event of events) {
      const answer = await deliver(signed(event));
      expect([answer.statusCode, answer.json()], JSON.stringify(event)).toEqual([400, { error: 'invalid_event', message: webhookEventMessage }]);
    }
    expect(await everything()).toEqual(before);
    expect(errorsLogged()).toEqual([]);

    // Stripe's own delivery of the same payment still confirms it.
    expect((await deliver(stripe.webhook('payment_intent.succeeded', payment!.providerRef))).statusCode).toBe(200);
    expect((await paymentOf(t, booking.appointmentId))[0]!.status).toBe('succeeded');
  });
});
