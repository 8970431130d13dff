// Checkout with Stripe (issue 11): the real stripe SDK against a local stand-in that speaks
// Stripe's HTTP API (tests/helpers/stripe-server.ts), and webhooks signed as Stripe signs them.
// Only Date is faked (the SDK's signature clock follows it).
import { Writable } from 'node:stream';
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ConfigError, loadConfig } from '../../src/server/config/config';
import { auditLog, outboxEmails, payments, payouts, quotes, slotCapacity, stripeEvents } from '../../src/server/db/schema';
import { eraseAssessment, systemActor } from '../../src/server/modules/privacy';
import { paymentMessages } from '../../src/server/modules/booking';
import { createTestApp, signInAs, type TestApp } from '../helpers/app';
import { createUser } from '../../src/server/db/factories';
import { adminQuoteMessages } from '../../src/shared/api/admin';
import { appointmentRow, deleteBookings, emailsTo, heldBooking, openEmailLink, paymentOf, post, quoteRow } from '../helpers/checkout';
import { startStripeStandIn, type StripeStandIn } from '../helpers/stripe-server';
import { stripeOnlyCases } from './access/payments.cases';
import { buildAccessWorld, type Who } from './access/world';

const MONDAY = new Date('2027-03-08T10:00:00Z');
const setNow = (iso: string | Date) => vi.setSystemTime(new Date(iso));
const FAR = '2027-04-14';

let stripe: StripeStandIn;
let t: TestApp;
/** The app's error log lines (what the operator reads). */
const errorLines: Record<string, unknown>[] = [];
beforeAll(async () => {
  vi.useFakeTimers({ toFake: ['Date'] });
  setNow(MONDAY);
  stripe = await startStripeStandIn();
  const sink = new Writable({ write: (chunk, _enc, done) => (errorLines.push(...String(chunk).split('\n').filter(Boolean).map((line) => JSON.parse(line) as Record<string, unknown>)), done()) });
  t = await createTestApp({ env: { ...stripe.env, LOG_LEVEL: 'error' }, logDestination: sink });
});
afterAll(async () => {
  await t.close();
  await stripe.close();
  vi.useRealTimers();
});
beforeEach(() => {
  setNow(MONDAY);
  stripe.requests.length = 0;
});
afterEach(async () => {
  await deleteBookings(t);
});

const creates = () => stripe.requests.filter((r) => r.method === 'POST' && r.path === '/v1/payment_intents');
const deliver = (delivery: { payload: string; headers: Record<string, string> }) =>
  t.app.inject({ method: 'POST', url: '/api/stripe/webhook', payload: delivery.payload, headers: delivery.headers });

async function withIntent(date = FAR, slot: 'morning' | 'afternoon' = 'morning') {
  const booking = await heldBooking(t, date, slot);
  const response = await post(t, '/api/create-payment-intent', { quoteId: booking.quote.id, amount: 1.23 }, booking.cookie);
  expect(response.statusCode).toBe(200);
  const [payment] = await paymentOf(t, booking.appointmentId);
  return { ...booking, view: response.json(), intentId: payment!.providerRef };
}

async function paidByWebhook(date = FAR) {
  const booking = await withIntent(date);
  stripe.settle(booking.intentId, 'succeeded');
  expect((await deliver(stripe.webhook('payment_intent.succeeded', booking.intentId))).statusCode).toBe(200);
  return booking;
}

describe('settings', () => {
  it('stops with a sentence naming the missing keys when only some Stripe keys are set', () => {
    expect(() => loadConfig({ STRIPE_SECRET_KEY: 'sk_test_x' })).toThrow(ConfigError);
    expect(() => loadConfig({ STRIPE_SECRET_KEY: 'sk_test_x' })).toThrow(
      /STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET are not set, but STRIPE_SECRET_KEY is: set all three Stripe keys/,
    );
    expect(() => loadConfig({ STRIPE_SECRET_KEY: 'pk_wrong' })).toThrow(/STRIPE_SECRET_KEY must start with sk_ or rk_/);
  });

  it('answers the publishable key to checkout, and has no test-mode card form', async () => {
    expect((await t.app.inject({ url: '/api/payments/config' })).json()).toEqual({ provider: 'stripe', publishableKey: stripe.publishableKey, testMode: false });
    const booking = await heldBooking(t, FAR);
    const response = await post(t, '/api/test-payments/confirm', { clientSecret: 'x', cardNumber: '4242424242424242', expiry: '12/30', cvc: '123' }, booking.cookie);
    expect(response.statusCode).toBe(404);
  });
});

describe('payment intents at Stripe', () => {
  it("creates the intent for the quote's total in pence, ignoring the browser's amount, with the appointment in metadata and an idempotency key", async () => {
    const booking = await withIntent();
    expect(booking.view).toMatchObject({ amount: booking.quote.totalPence, currency: 'gbp', provider: 'stripe', appointmentId: booking.appointmentId });
    expect(booking.view.clientSecret).toBe(stripe.intents.get(booking.intentId)!.client_secret);
    expect(creates()).toHaveLength(1);
    expect(creates()[0]).toMatchObject({
      params: { amount: String(booking.quote.totalPence), currency: 'gbp', metadata: { appointment_id: String(booking.appointmentId), quote_id: String(booking.quote.id) } },
      idempotencyKey: `appointment-${booking.appointmentId}-intent-${booking.quote.totalPence}`,
    });
  });

  it('answers a second call with the same intent, and Stripe sees one create', async () => {
    const booking = await withIntent();
    const again = await post(t, '/api/create-payment-intent', { quoteId: booking.quote.id, amount: 5 }, booking.cookie);
    expect(again.json()).toEqual(booking.view);
    expect(creates()).toHaveLength(1);
    expect(stripe.intents.size).toBeGreaterThan(0);
  });

  it('gives two racing requests for one booking the same intent and one payment row', async () => {
    const booking = await heldBooking(t, FAR);
    const [first, second] = await Promise.all(
      [1, 2].map(() => post(t, '/api/create-payment-intent', { quoteId: booking.quote.id }, booking.cookie)),
    );
    expect([first!.statusCode, second!.statusCode]).toEqual([200, 200]);
    expect(second!.json()).toEqual(first!.json());
    expect(await paymentOf(t, booking.appointmentId)).toHaveLength(1);
    // Whatever reached Stripe used one key, so Stripe made one intent.
    expect(new Set(creates().map((r) => r.idempotencyKey)).size).toBe(1);
    expect(creates().filter((r) => !r.replayed)).toHaveLength(1);
  });

  it("maps a card error from Stripe to 402 with Stripe's code and message (SPEC's 'Payment Failed')", async () => {
    const booking = await heldBooking(t, FAR);
    stripe.failNext('/v1/payment_intents', { code: 'card_declined', decline_code: 'insufficient_funds', message: 'Your card has insufficient funds.' });
    const response = await post(t, '/api/create-payment-intent', { quoteId: booking.quote.id }, booking.cookie);
    expect(response.statusCode).toBe(402);
    expect(response.json()).toEqual({ error: 'insufficient_funds', message: 'Your card has insufficient funds.' });
    expect(await paymentOf(t, booking.appointmentId)).toHaveLength(0);
  });
});

describe('Stripe itself failing at checkout', () => {
  afterEach(() => stripe.restore());

  it.each([
    [401, 'authentication_error'],
    [429, 'rate_limit_error'],
  ])('answers %i from Stripe with 503 and a sentence to act on, records nothing, logs it for the operator, and a later try works', async (status, type) => {
    const booking = await heldBooking(t, FAR);
    stripe.outage('/v1/payment_intents', status, type);
    errorLines.length = 0;
    const refused = await post(t, '/api/create-payment-intent', { quoteId: booking.quote.id }, booking.cookie);
    expect([refused.statusCode, refused.json()]).toEqual([503, { error: 'payment_unavailable', message: paymentMessages.providerUnavailable }]);
    expect(await paymentOf(t, booking.appointmentId)).toEqual([]);
    expect((await appointmentRow(t, booking.appointmentId)).status).toBe('held');
    expect(errorLines).toContainEqual(expect.objectContaining({ appointmentId: booking.appointmentId, provider: 'stripe', detail: expect.objectContaining({ type, statusCode: status }) }));

    stripe.restore();
    const retried = await post(t, '/api/create-payment-intent', { quoteId: booking.quote.id }, booking.cookie);
    expect(retried.statusCode, retried.body).toBe(200);
    expect(await paymentOf(t, booking.appointmentId)).toHaveLength(1);
  });

  it("keeps the payment's amount when Stripe fails to change it, and says so", async () => {
    const booking = await withIntent();
    await t.database.db.update(quotes).set({ totalPence: booking.quote.totalPence + 500 }).where(eq(quotes.id, booking.quote.id));
    stripe.outage('/v1/payment_intents/', 429, 'rate_limit_error');
    const refused = await post(t, '/api/create-payment-intent', { quoteId: booking.quote.id }, booking.cookie);
    expect([refused.statusCode, refused.json().message]).toEqual([503, paymentMessages.providerUnavailable]);
    expect((await paymentOf(t, booking.appointmentId))[0]!.amountPence).toBe(booking.quote.totalPence);
  });
});

describe('POST /api/stripe/webhook', () => {
  it('confirms the booking on payment_intent.succeeded: payment succeeded, quote booked, e-mail queued without the test-mode notice', async () => {
    const booking = await paidByWebhook();
    expect((await paymentOf(t, booking.appointmentId))[0]!.status).toBe('succeeded');
    expect((await appointmentRow(t, booking.appointmentId)).status).toBe('confirmed');
    expect((await quoteRow(t, booking.quote.id)).status).toBe('booked');
    const emails = await emailsTo(t, booking.assessment.email);
    expect(emails.map((email) => email.kind)).toEqual(['booking-confirmed']);
    expect(emails[0]!.textBody).not.toContain('Test mode');
  });

  it('applies a replayed event once', async () => {
    const booking = await withIntent();
    stripe.settle(booking.intentId, 'succeeded');
    const delivery = stripe.webhook('payment_intent.succeeded', booking.intentId);
    expect((await deliver(delivery)).statusCode).toBe(200);
    expect((await deliver(delivery)).json()).toEqual({ received: true });
    expect(await emailsTo(t, booking.assessment.email)).toHaveLength(1);
    const eventId = JSON.parse(delivery.payload).id as string;
    expect(await t.database.db.select().from(stripeEvents).where(eq(stripeEvents.id, eventId))).toHaveLength(1);
  });

  it.each([
    ['a tampered payload', (d: { payload: string; headers: Record<string, string> }) => ({ ...d, payload: d.payload.replace('"livemode":false', '"livemode":true') })],
    ['a signature made with another secret', () => null],
    ['a timestamp 301 seconds old', () => null],
    ['no signature at all', (d: { payload: string; headers: Record<string, string> }) => ({ payload: d.payload, headers: { 'content-type': 'application/json' } })],
  ])('refuses %s with 400 and changes nothing', async (what, tamper) => {
    const booking = await withIntent();
    stripe.settle(booking.intentId, 'succeeded');
    const honest = stripe.webhook('payment_intent.succeeded', booking.intentId);
    const delivery =
      what === 'a signature made with another secret'
        ? stripe.webhook('payment_intent.succeeded', booking.intentId, { secret: 'whsec_someone_else' })
        : what === 'a timestamp 301 seconds old'
          ? stripe.webhook('payment_intent.succeeded', booking.intentId, { timestamp: Math.floor(Date.now() / 1000) - 301 })
          : tamper(honest)!;
    const response = await deliver(delivery);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: 'invalid_signature', message: 'The webhook signature could not be verified.' });
    expect((await paymentOf(t, booking.appointmentId))[0]!.status).toBe('requires_payment');
    expect((await appointmentRow(t, booking.appointmentId)).status).toBe('held');
    expect(await t.database.db.select().from(stripeEvents).where(eq(stripeEvents.id, JSON.parse(delivery.payload).id as string))).toHaveLength(0);
  });

  it("records a failure with Stripe's message, then a success on the same intent confirms", async () => {
    const booking = await withIntent();
    stripe.settle(booking.intentId, { code: 'card_declined', message: 'Your card was declined.' });
    expect((await deliver(stripe.webhook('payment_intent.payment_failed', booking.intentId))).statusCode).toBe(200);
    expect((await paymentOf(t, booking.appointmentId))[0]).toMatchObject({ status: 'failed', failureMessage: 'Your card was declined.' });
    expect((await appointmentRow(t, booking.appointmentId)).status).toBe('held');
    stripe.settle(booking.intentId, 'succeeded');
    expect((await deliver(stripe.webhook('payment_intent.succeeded', booking.intentId))).statusCode).toBe(200);
    expect((await appointmentRow(t, booking.appointmentId)).status).toBe('confirmed');
  });

  it('ignores events out of order: a failure after the success, and an older failure arriving late', async () => {
    const booking = await withIntent();
    stripe.settle(booking.intentId, { code: 'card_declined', message: 'Your card was declined.' });
    const olderFailure = stripe.webhook('payment_intent.payment_failed', booking.intentId, { created: Math.floor(Date.now() / 1000) - 60 });
    stripe.settle(booking.intentId, 'succeeded');
    expect((await deliver(stripe.webhook('payment_intent.succeeded', booking.intentId))).statusCode).toBe(200);
    expect((await deliver(olderFailure)).statusCode).toBe(200);
    stripe.settle(booking.intentId, { code: 'card_declined', message: 'Your card was declined.' });
    expect((await deliver(stripe.webhook('payment_intent.payment_failed', booking.intentId))).statusCode).toBe(200);
    expect((await paymentOf(t, booking.appointmentId))[0]).toMatchObject({ status: 'succeeded', failureMessage: null });
    expect((await appointmentRow(t, booking.appointmentId)).status).toBe('confirmed');
  });

  it('confirms a payment that lands after its hold lapsed when the slot still has a place', async () => {
    const booking = await withIntent();
    setNow(new Date(MONDAY.getTime() + 31 * 60_000));
    await t.app.deps.jobs.run('lapse-expired-holds', {});
    expect((await appointmentRow(t, booking.appointmentId)).status).toBe('lapsed');
    stripe.settle(booking.intentId, 'succeeded');
    expect((await deliver(stripe.webhook('payment_intent.succeeded', booking.intentId))).statusCode).toBe(200);
    expect((await appointmentRow(t, booking.appointmentId)).status).toBe('confirmed');
    const [slot] = await t.database.db.select().from(slotCapacity).where(eq(slotCapacity.slotDate, FAR));
    expect(slot!.taken).toBe(1);
    expect(stripe.refunds).toHaveLength(0);
  });

  it('refunds automatically and e-mails the customer when a late payment finds its slot full', async () => {
    const booking = await withIntent();
    setNow(new Date(MONDAY.getTime() + 31 * 60_000));
    await t.app.deps.jobs.run('lapse-expired-holds', {});
    // Three others fill the slot (SLOT_CAPACITY 3) meanwhile.
    for (let i = 0; i < 3; i++) await heldBooking(t, FAR, 'morning');
    stripe.settle(booking.intentId, 'succeeded');
    const refundsBefore = stripe.refunds.length;
    expect((await deliver(stripe.webhook('payment_intent.succeeded', booking.intentId))).statusCode).toBe(200);
    expect((await appointmentRow(t, booking.appointmentId)).status).toBe('lapsed');
    expect(stripe.refunds.slice(refundsBefore)).toEqual([expect.objectContaining({ payment_intent: booking.intentId, amount: booking.quote.totalPence })]);
    expect((await paymentOf(t, booking.appointmentId))[0]).toMatchObject({ status: 'refunded', refundedPence: booking.quote.totalPence });
    const emails = await emailsTo(t, booking.assessment.email);
    expect(emails.map((email) => email.kind)).toEqual(['booking-refunded']);
    expect(emails[0]!.textBody).toContain('slot has since been taken');
    // 'Please choose another slot': the link opens the quote, still open to booking; the lapsed hold's page offers none.
    const link = await openEmailLink(t, emails[0]!.textBody, 'Please choose another slot for your quote:');
    expect(link.location).toBe(`/quote/${booking.assessment.id}`);
    const quote = await t.app.inject({ url: `/api/quotes/assessment/${booking.assessment.id}`, headers: { cookie: link.cookie } });
    expect(quote.json()).toMatchObject({ id: booking.quote.id, status: 'approved', expired: false });
  });

  describe('a late payment judged when it lands, not when checkout opened', () => {
    // Monday 10:00 GMT: the hold ends at 10:30, and Tuesday 23 March's 8:00 is then 14 days and
    // 21.5 hours away, so checkout asks nothing. Paid on Tuesday 9 March at 12:00, it is 13 days
    // and 20 hours away: inside the cancellation period.
    const NEAR_FOURTEEN = '2027-03-23';
    const TUESDAY_NOON = new Date('2027-03-09T12:00:00Z');

    /** With swept false, the hold has ended but the sweep has not lapsed it yet when the payment lands. */
    async function lapsedThenPaid(date: string, slot: 'morning' | 'afternoon', requested: boolean, paidAt: Date, { swept = true } = {}) {
      const booking = await heldBooking(t, date, slot);
      const response = await post(t, '/api/create-payment-intent', { quoteId: booking.quote.id, ...(requested ? { startWithinCancellationPeriod: true } : {}) }, booking.cookie);
      expect(response.statusCode).toBe(200);
      const intentId = (await paymentOf(t, booking.appointmentId))[0]!.providerRef;
      if (swept) {
        setNow(new Date(MONDAY.getTime() + 31 * 60_000));
        await t.app.deps.jobs.run('lapse-expired-holds', {});
        expect((await appointmentRow(t, booking.appointmentId)).status).toBe('lapsed');
      }
      setNow(paidAt);
      stripe.settle(intentId, 'succeeded');
      const refundsBefore = stripe.refunds.length;
      expect((await deliver(stripe.webhook('payment_intent.succeeded', intentId))).statusCode).toBe(200);
      const [payment] = await paymentOf(t, booking.appointmentId);
      const [slotRow] = await t.database.db.select().from(slotCapacity).where(eq(slotCapacity.slotDate, date));
      const [audit] = await t.database.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'payment_refunded'), eq(auditLog.entityId, payment!.id)));
      return { ...booking, intentId, payment: payment!, refunds: stripe.refunds.slice(refundsBefore), taken: slotRow?.taken ?? 0, audit };
    }

    it('refunds, and books nothing, a payment that lands inside the 14 days when the customer did not ask to start within them (D14)', async () => {
      const paid = await lapsedThenPaid(NEAR_FOURTEEN, 'morning', false, TUESDAY_NOON);
      expect((await appointmentRow(t, paid.appointmentId)).status).toBe('lapsed');
      expect(paid.taken).toBe(0);
      expect(paid.refunds).toEqual([expect.objectContaining({ payment_intent: paid.intentId, amount: paid.quote.totalPence })]);
      expect(paid.payment).toMatchObject({ status: 'refunded', refundedPence: paid.quote.totalPence });
      expect(await t.database.db.select().from(payouts).where(eq(payouts.paymentId, paid.payment.id))).toEqual([]);
      expect(await quoteRow(t, paid.quote.id)).toMatchObject({ status: 'approved' });
      expect(paid.audit?.detail).toEqual({ amountPence: paid.quote.totalPence, reason: 'paid inside the 14-day cancellation period without the request to start within it' });
      const emails = await emailsTo(t, paid.assessment.email);
      expect(emails.map((email) => email.kind)).toEqual(['booking-refunded']);
      expect(emails[0]!.textBody).toContain('By then the appointment was less than 14 days away, within your 14-day cancellation period, and you had not asked us to start the repair within it, so we have not booked it.');
      const link = await openEmailLink(t, emails[0]!.textBody, 'or tick the box to ask us to start the repair within the 14 days:');
      expect(link.location).toBe(`/quote/${paid.assessment.id}`);
    });

    it('judges a payment the same way when its hold has ended but the sweep has not lapsed it yet: refunded, its place given back', async () => {
      const paid = await lapsedThenPaid(NEAR_FOURTEEN, 'morning', false, TUESDAY_NOON, { swept: false });
      expect((await appointmentRow(t, paid.appointmentId)).status).toBe('lapsed');
      expect(paid.taken).toBe(0);
      expect(paid.refunds).toEqual([expect.objectContaining({ payment_intent: paid.intentId, amount: paid.quote.totalPence })]);
      expect(paid.payment).toMatchObject({ status: 'refunded', refundedPence: paid.quote.totalPence });
      expect(paid.audit?.detail).toEqual({ amountPence: paid.quote.totalPence, reason: 'paid inside the 14-day cancellation period without the request to start within it' });
      expect((await emailsTo(t, paid.assessment.email)).map((email) => email.kind)).toEqual(['booking-refunded']);
    });

    it('books it again when the customer asked at checkout to start within the 14 days', async () => {
      const paid = await lapsedThenPaid(NEAR_FOURTEEN, 'morning', true, TUESDAY_NOON);
      expect((await appointmentRow(t, paid.appointmentId)).status).toBe('confirmed');
      expect(paid.taken).toBe(1);
      expect(paid.refunds).toEqual([]);
      expect(paid.payment.status).toBe('succeeded');
    });

    it('refunds, never books, a payment that lands after its slot began, though the customer asked to start within the 14 days and the slot has room', async () => {
      // Tuesday 9 March's afternoon (13:00 GMT), paid at 13:05 with its place free. Checkout needs
      // the request for a slot this near, so the unasked case cannot reach settlement.
      const paid = await lapsedThenPaid('2027-03-09', 'afternoon', true, new Date('2027-03-09T13:05:00Z'));
      expect((await appointmentRow(t, paid.appointmentId)).status).toBe('lapsed');
      expect(paid.taken).toBe(0);
      expect(paid.refunds).toEqual([expect.objectContaining({ payment_intent: paid.intentId, amount: paid.quote.totalPence })]);
      expect(paid.payment).toMatchObject({ status: 'refunded', refundedPence: paid.quote.totalPence });
      expect(paid.audit?.detail).toEqual({ amountPence: paid.quote.totalPence, reason: 'paid after its slot had started' });
      const emails = await emailsTo(t, paid.assessment.email);
      expect(emails.map((email) => email.kind)).toEqual(['booking-refunded']);
      expect(emails[0]!.textBody).toContain('by then that appointment had already begun, so we could not book it.');
      expect(emails[0]!.textBody).toContain('Please choose another slot for your quote:');
    });
  });

  it('settles on what Stripe took when the payment row lags behind the intent (checkout changed the amount, then failed to record it)', async () => {
    const booking = await withIntent();
    const [before] = await paymentOf(t, booking.appointmentId);
    // The intent is at the quote's total at Stripe; the row still says an older price.
    await t.database.db.update(payments).set({ amountPence: booking.quote.totalPence - 500 }).where(eq(payments.id, before!.id));
    stripe.settle(booking.intentId, 'succeeded');
    const refundsBefore = stripe.refunds.length;
    expect((await deliver(stripe.webhook('payment_intent.succeeded', booking.intentId))).statusCode).toBe(200);
    expect((await appointmentRow(t, booking.appointmentId)).status).toBe('confirmed');
    expect((await paymentOf(t, booking.appointmentId))[0]).toMatchObject({ status: 'succeeded', amountPence: booking.quote.totalPence });
    expect(stripe.refunds.length).toBe(refundsBefore);
  });

  it('refunds, and books nothing, a late payment for an enquiry erased after its hold lapsed', async () => {
    const booking = await withIntent();
    setNow(new Date(MONDAY.getTime() + 31 * 60_000));
    await t.app.deps.jobs.run('lapse-expired-holds', {});
    // Nothing is booked, so the customer's erasure request goes through.
    await t.database.db.transaction((tx) => eraseAssessment(tx, booking.assessment.id, systemActor, 'request'));
    stripe.settle(booking.intentId, 'succeeded');
    const refundsBefore = stripe.refunds.length;
    const emailsBefore = (await t.database.db.select().from(outboxEmails)).length;
    expect((await deliver(stripe.webhook('payment_intent.succeeded', booking.intentId))).statusCode).toBe(200);
    expect((await appointmentRow(t, booking.appointmentId)).status).toBe('lapsed');
    expect(stripe.refunds.slice(refundsBefore)).toEqual([expect.objectContaining({ payment_intent: booking.intentId, amount: booking.quote.totalPence })]);
    const [payment] = await paymentOf(t, booking.appointmentId);
    expect(payment).toMatchObject({ status: 'refunded', refundedPence: booking.quote.totalPence });
    expect(await t.database.db.select().from(payouts).where(eq(payouts.paymentId, payment!.id))).toEqual([]);
    // Withdrawn by the erasure (docs/decisions/0019), and the late payment does not book it.
    expect((await quoteRow(t, booking.quote.id)).status).toBe('withdrawn');
    const [slot] = await t.database.db.select().from(slotCapacity).where(eq(slotCapacity.slotDate, FAR));
    expect(slot!.taken).toBe(0);
    // Nobody to write to: no e-mail is queued for the erased address.
    expect((await t.database.db.select().from(outboxEmails)).length).toBe(emailsBefore);
  });

  it("refunds a payment Stripe took for an enquiry deleted after its hold lapsed (the customer's checkout was still open), once (an attack review)", async () => {
    const booking = await withIntent();
    const admin = await createUser(t.database.db, { role: 'admin' });
    const adminCookie = await signInAs(t.app, admin.email, admin.password);
    // While the customer is paying, the enquiry cannot be deleted.
    const refused = await t.app.inject({ method: 'DELETE', url: `/api/admin/quotes/${booking.quote.id}`, headers: { cookie: adminCookie } });
    expect([refused.statusCode, refused.json().message]).toEqual([409, adminQuoteMessages.beingPaidDelete]);
    expect(await paymentOf(t, booking.appointmentId)).toHaveLength(1);
    // Once the hold has lapsed it can, and its unpaid payment record goes with it.
    setNow(new Date(MONDAY.getTime() + 31 * 60_000));
    const deleted = await t.app.inject({ method: 'DELETE', url: `/api/admin/quotes/${booking.quote.id}`, headers: { cookie: adminCookie } });
    expect(deleted.statusCode, deleted.body).toBe(204);
    // The customer's open checkout still pays at Stripe: the money goes straight back.
    stripe.settle(booking.intentId, 'succeeded');
    const refundsBefore = stripe.refunds.length;
    const delivery = stripe.webhook('payment_intent.succeeded', booking.intentId);
    expect((await deliver(delivery)).statusCode).toBe(200);
    expect(stripe.refunds.slice(refundsBefore)).toEqual([expect.objectContaining({ payment_intent: booking.intentId, amount: booking.quote.totalPence })]);
    expect(errorLines.some((line) => line.intentId === booking.intentId && String(line.msg).includes('refunded it in full'))).toBe(true);
    // Delivered again, it refunds nothing more; and a second event for the same intent (Stripe may
    // send one) asks again with the same idempotency key, which Stripe answers with the first refund.
    expect((await deliver(delivery)).statusCode).toBe(200);
    expect((await deliver(stripe.webhook('payment_intent.succeeded', booking.intentId))).statusCode).toBe(200);
    expect(stripe.refunds.length).toBe(refundsBefore + 1);
    const asked = stripe.requests.filter((r) => r.method === 'POST' && r.path === '/v1/refunds' && r.params.payment_intent === booking.intentId);
    expect(asked.map((r) => [r.idempotencyKey, r.replayed])).toEqual([
      [`orphan-${booking.intentId}-refund`, false],
      [`orphan-${booking.intentId}-refund`, true],
    ]);
  });

  it.each([
    ['while the hold is live (a change racing checkout)', false],
    ['after the hold lapsed and the admin changed the price', true],
  ])('refunds a payment for a price the quote no longer has, %s: nothing booked, place freed, nothing owed, e-mail links the new quote', async (_, lapse) => {
    const booking = await withIntent();
    if (lapse) {
      setNow(new Date(MONDAY.getTime() + 31 * 60_000));
      await t.app.deps.jobs.run('lapse-expired-holds', {});
    }
    const newTotal = booking.quote.totalPence + 5_000;
    await t.database.db.update(quotes).set({ totalPence: newTotal }).where(eq(quotes.id, booking.quote.id));
    stripe.settle(booking.intentId, 'succeeded');
    const refundsBefore = stripe.refunds.length;
    expect((await deliver(stripe.webhook('payment_intent.succeeded', booking.intentId))).statusCode).toBe(200);
    expect((await appointmentRow(t, booking.appointmentId)).status).toBe(lapse ? 'lapsed' : 'cancelled');
    const [slot] = await t.database.db.select().from(slotCapacity).where(eq(slotCapacity.slotDate, FAR));
    expect(slot!.taken).toBe(0);
    expect(stripe.refunds.slice(refundsBefore)).toEqual([expect.objectContaining({ payment_intent: booking.intentId, amount: booking.quote.totalPence })]);
    const [payment] = await paymentOf(t, booking.appointmentId);
    expect(payment).toMatchObject({ status: 'refunded', refundedPence: booking.quote.totalPence });
    expect(await t.database.db.select().from(payouts).where(eq(payouts.paymentId, payment!.id))).toEqual([]);
    expect(await quoteRow(t, booking.quote.id)).toMatchObject({ status: 'approved', totalPence: newTotal });
    const emails = await emailsTo(t, booking.assessment.email);
    expect(emails.map((email) => email.kind)).toEqual(['booking-refunded']);
    expect(emails[0]!.textBody).toContain('The price of your quote changed while you were paying');
    expect(emails[0]!.textBody).toMatch(new RegExp(`/access/[\\w-]+\\?next=%2Fquote%2F${booking.quote.assessmentId}`));
    // Replayed, it changes nothing more.
    expect((await deliver(stripe.webhook('payment_intent.succeeded', booking.intentId))).statusCode).toBe(200);
    expect(stripe.refunds.length).toBe(refundsBefore + 1);
  });
});

describe('cancel with Stripe', () => {
  it('refunds through Stripe with an idempotency key, in full', async () => {
    const booking = await paidByWebhook();
    const response = await post(t, `/api/appointments/${booking.appointmentId}/cancel`, undefined, booking.cookie);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ status: 'cancelled', paymentStatus: 'refunded' });
    const refundCall = stripe.requests.find((r) => r.path === '/v1/refunds');
    expect(refundCall).toMatchObject({ params: { payment_intent: booking.intentId, amount: String(booking.quote.totalPence) }, idempotencyKey: expect.stringMatching(/^payment-\d+-refund$/) });
    expect((await paymentOf(t, booking.appointmentId))[0]!.refundRef).toBe(stripe.refunds.at(-1)!.id);
  });

  it('keeps the booking when Stripe refuses the refund (one transaction)', async () => {
    const booking = await paidByWebhook();
    stripe.failNext('/v1/refunds', { code: 'charge_expired_for_capture', message: 'This charge cannot be refunded.' });
    const response = await post(t, `/api/appointments/${booking.appointmentId}/cancel`, undefined, booking.cookie);
    expect(response.statusCode).toBe(402);
    expect((await appointmentRow(t, booking.appointmentId)).status).toBe('confirmed');
    expect((await paymentOf(t, booking.appointmentId))[0]!.status).toBe('succeeded');
    const [slot] = await t.database.db.select().from(slotCapacity).where(eq(slotCapacity.slotDate, FAR));
    expect(slot!.taken).toBe(1);
  });
});

describe('who may call the Stripe-only routes', () => {
  it('answers each caller as the cases say, and the cases cover every route this app adds', async () => {
    const world = await buildAccessWorld(t);
    const cases = stripeOnlyCases();
    const registered = new Set(t.app.registeredRoutes.map((route) => `${route.method} ${route.url}`));
    for (const c of cases) expect(registered.has(`${c.method} ${c.route}`)).toBe(true);
    const failures: string[] = [];
    for (const c of cases) {
      for (const [who, status] of Object.entries(c.expect) as [Who, number][]) {
        const cookie = world.cookies[who];
        const response = await t.app.inject({ method: c.method, url: c.url, payload: c.payload as object, headers: { ...c.headers, ...(cookie ? { cookie } : {}) } });
        if (response.statusCode !== status) failures.push(`${c.method} ${c.url} as ${who}: ${response.statusCode}, expected ${status}`);
      }
    }
    expect(failures).toEqual([]);
  });
});
