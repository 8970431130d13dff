// Checkout on the embedded default (issue 11; D13, D14): the test-mode provider. The amount is
// the quote's, one intent per booking, D14's 14-day request, each test card's outcome, a success
// confirming through the webhook's own function, cancelling with a refund, the e-mails (the .ics
// read back in UTC), the reminder sent once, and Revenue. Only Date is faked.
import { moneySplit } from '../../src/shared/money-split';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../src/server/app';
import { createRepairer, createUser } from '../../src/server/db/factories';
import { appointments, quotes, slotCapacity } from '../../src/server/db/schema';
import { cancelMessages, createTestProvider, paymentMessages, quoteExpiredMessage, settleSucceededPayment } from '../../src/server/modules/booking';
import { adminQuoteMessages } from '../../src/shared/api/admin';
import { RESCHEDULE_START_WITHIN, TEST_MODE_NOTICE } from '../../src/shared/api/payments';
import { defaultCompanyDetails as company } from '../../src/shared/company';
import { createTestApp, signInAs, type TestApp } from '../helpers/app';
import { refuseWrites } from '../helpers/failing-rows';
import { appointmentRow, customerWithQuote, deleteBookings, emailsTo, heldBooking, openEmailLink, parseIcsEvent, paymentOf, payoutsOf, post, quoteRow } from '../helpers/checkout';

// Monday 8 March 2027, 10:00 in London (GMT). British Summer Time starts on 28 March 2027.
const MONDAY = new Date('2027-03-08T10:00:00Z');
const setNow = (iso: string | Date) => vi.setSystemTime(new Date(iso));
const FAR = '2027-04-14'; // a Wednesday in BST, 37 days ahead
const NEAR = '2027-03-10'; // a Wednesday in GMT, inside 14 days

let t: TestApp;
beforeAll(async () => {
  vi.useFakeTimers({ toFake: ['Date'] });
  setNow(MONDAY);
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
  vi.useRealTimers();
});
beforeEach(() => setNow(MONDAY));
afterEach(async () => {
  await deleteBookings(t);
});

const intent = (cookie: string | undefined, payload: Record<string, unknown>) => post(t, '/api/create-payment-intent', payload, cookie);
const pay = (cookie: string, clientSecret: string, cardNumber: string, expiry = '12/30', cvc = '123') =>
  post(t, '/api/test-payments/confirm', { clientSecret, cardNumber, expiry, cvc }, cookie);

/** A held booking with its payment intent started. */
async function readyToPay(date = FAR, slot: 'morning' | 'afternoon' = 'morning') {
  const booking = await heldBooking(t, date, slot);
  const response = await intent(booking.cookie, { quoteId: booking.quote.id, startWithinCancellationPeriod: true });
  expect(response.statusCode).toBe(200);
  return { ...booking, clientSecret: (response.json() as { clientSecret: string }).clientSecret };
}

async function paid(date = FAR, slot: 'morning' | 'afternoon' = 'morning') {
  const booking = await readyToPay(date, slot);
  const response = await pay(booking.cookie, booking.clientSecret, '4242 4242 4242 4242');
  expect(response.statusCode).toBe(200);
  return booking;
}

/** A technician has taken the paid booking (the accept's rows, written directly: these tests are about the reminder). */
async function withTechnician<B extends { appointmentId: number; quote: { id: number } }>(booking: B): Promise<B> {
  const technician = await createRepairer(t.database.db, {});
  await t.database.db.update(quotes).set({ assignmentStatus: 'assigned', assignedRepairerId: technician.id }).where(eq(quotes.id, booking.quote.id));
  await t.database.db.update(appointments).set({ status: 'assigned' }).where(eq(appointments.id, booking.appointmentId));
  return booking;
}

describe('GET /api/payments/config', () => {
  it('answers the test-mode provider with no key, and there is no webhook without Stripe', async () => {
    const response = await t.app.inject({ url: '/api/payments/config' });
    expect(response.json()).toEqual({ provider: 'test', publishableKey: null, testMode: true });
    expect((await post(t, '/api/stripe/webhook', { id: 'evt_1' })).statusCode).toBe(404);
  });
});

describe('POST /api/create-payment-intent', () => {
  it('charges the quote total in pence, ignoring a different amount from the browser', async () => {
    const booking = await heldBooking(t, FAR);
    const response = await intent(booking.cookie, { quoteId: booking.quote.id, amount: 1 });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ amount: booking.quote.totalPence, currency: 'gbp', appointmentId: booking.appointmentId, provider: 'test' });
    expect(body.clientSecret).toMatch(/^pi_test_\w+_secret_\w+$/);
    const [payment] = await paymentOf(t, booking.appointmentId);
    expect(payment).toMatchObject({ amountPence: booking.quote.totalPence, status: 'requires_payment', provider: 'test' });
  });

  it('answers a second call for the same booking with the same intent, and keeps one payment', async () => {
    const booking = await heldBooking(t, FAR);
    const first = (await intent(booking.cookie, { quoteId: booking.quote.id })).json();
    const second = (await intent(booking.cookie, { quoteId: booking.quote.id, amount: 99999 })).json();
    expect(second).toEqual(first);
    expect(await paymentOf(t, booking.appointmentId)).toHaveLength(1);
  });

  it('needs the 14-day request for a slot inside the cancellation period (400 with a sentence), and records it', async () => {
    const booking = await heldBooking(t, NEAR);
    const refused = await intent(booking.cookie, { quoteId: booking.quote.id });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ message: paymentMessages.startWithin, fieldErrors: { startWithinCancellationPeriod: paymentMessages.startWithin } });
    expect(await paymentOf(t, booking.appointmentId)).toHaveLength(0);
    const accepted = await intent(booking.cookie, { quoteId: booking.quote.id, startWithinCancellationPeriod: true });
    expect(accepted.statusCode).toBe(200);
    expect((await paymentOf(t, booking.appointmentId))[0]!.startWithinCancellationPeriod).toBe(true);
  });

  it('measures the 14 days from the end of the hold, so a slot just over 14 days away cannot be paid inside them unasked', async () => {
    // Monday 22 March 2027's afternoon starts at 13:00 (GMT): 14 days and 10 minutes after 12:50 today,
    // but the hold lets checkout pay until 13:20, 14 days less 20 minutes before it.
    setNow('2027-03-08T12:50:00Z');
    const booking = await heldBooking(t, '2027-03-22', 'afternoon');
    const refused = await intent(booking.cookie, { quoteId: booking.quote.id });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ fieldErrors: { startWithinCancellationPeriod: paymentMessages.startWithin } });
    expect(await paymentOf(t, booking.appointmentId)).toHaveLength(0);
    const accepted = await intent(booking.cookie, { quoteId: booking.quote.id, startWithinCancellationPeriod: true });
    expect(accepted.statusCode).toBe(200);
    expect((await paymentOf(t, booking.appointmentId))[0]!.startWithinCancellationPeriod).toBe(true);
  });

  it('asks nothing for a slot still more than 14 days after the hold ends', async () => {
    // 14 days and 40 minutes away; the hold ends at 12:50, 14 days and 10 minutes before it.
    setNow('2027-03-08T12:20:00Z');
    const booking = await heldBooking(t, '2027-03-22', 'afternoon');
    expect((await intent(booking.cookie, { quoteId: booking.quote.id })).statusCode).toBe(200);
    expect((await paymentOf(t, booking.appointmentId))[0]!.startWithinCancellationPeriod).toBe(false);
  });

  it('answers 409 with the sentence that fits: nothing held, a hold that has lapsed (then and later), a quote expired', async () => {
    const never = await customerWithQuote(t);
    const none = await intent(never.cookie, { quoteId: never.quote.id });
    expect([none.statusCode, none.json().message]).toEqual([409, paymentMessages.noHold]);

    const booking = await heldBooking(t, FAR);
    setNow(new Date(MONDAY.getTime() + 31 * 60_000));
    const lapsed = await intent(booking.cookie, { quoteId: booking.quote.id });
    expect([lapsed.statusCode, lapsed.json().message]).toEqual([409, paymentMessages.holdLapsed]);
    expect((await appointmentRow(t, booking.appointmentId)).status).toBe('lapsed');
    // Checkout opened again later still says why (a customer's review: it said nothing was held).
    const later = await intent(booking.cookie, { quoteId: booking.quote.id });
    expect([later.statusCode, later.json().message]).toEqual([409, paymentMessages.holdLapsed]);

    const old = await customerWithQuote(t, { validUntilDate: '2027-03-01' });
    const expired = await intent(old.cookie, { quoteId: old.quote.id });
    expect([expired.statusCode, expired.json().message]).toEqual([409, quoteExpiredMessage('2027-03-01')]);
  });

  it("answers 404 'No quote found' for someone else's quote, an admin, and a browser with no grant", async () => {
    const booking = await heldBooking(t, FAR);
    const other = await heldBooking(t, FAR, 'afternoon');
    const admin = await createUser(t.database.db, { role: 'admin' });
    const adminCookie = await signInAs(t.app, admin.email, admin.password);
    for (const cookie of [other.cookie, adminCookie, undefined]) {
      const response = await intent(cookie, { quoteId: booking.quote.id });
      expect([response.statusCode, response.json().message]).toEqual([404, paymentMessages.noQuote]);
    }
    expect(await paymentOf(t, booking.appointmentId)).toHaveLength(0);
  });
});

describe('POST /api/test-payments/confirm (test mode behaves as Stripe test cards)', () => {
  it.each([
    ['4000 0000 0000 0002', '12/30', '123', 'card_declined', 'Your card was declined.'],
    ['4000 0000 0000 9995', '12/30', '123', 'insufficient_funds', 'Your card has insufficient funds.'],
    ['4242 4242 4242 4241', '12/30', '123', 'incorrect_number', 'Your card number is incorrect.'],
    ['1234', '12/30', '123', 'incorrect_number', 'Your card number is incorrect.'],
    ['4242 4242 4242 4242', '02/27', '123', 'expired_card', 'Your card has expired.'],
    ['4242 4242 4242 4242', '13/30', '123', 'invalid_expiry_month', "Your card's expiry date is incomplete."],
    ['4242 4242 4242 4242', '12/30', '12', 'incorrect_cvc', "Your card's security code is incorrect."],
  ])('refuses %s (expiry %s, cvc %s) with 402 %s, leaves the booking held and the payment failed', async (card, expiry, cvc, code, message) => {
    const booking = await readyToPay();
    const response = await pay(booking.cookie, booking.clientSecret, card, expiry, cvc);
    expect(response.statusCode).toBe(402);
    expect(response.json()).toEqual({ error: code, message });
    expect((await paymentOf(t, booking.appointmentId))[0]).toMatchObject({ status: 'failed', failureMessage: message });
    expect((await appointmentRow(t, booking.appointmentId)).status).toBe('held');
  });

  it('takes 4242 4242 4242 4242 after a decline on the same intent: payment succeeded, booking confirmed, quote booked, repairer share owed', async () => {
    const booking = await readyToPay();
    expect((await pay(booking.cookie, booking.clientSecret, '4000000000000002')).statusCode).toBe(402);
    const response = await pay(booking.cookie, booking.clientSecret, '4242 4242 4242 4242', '03/27');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'succeeded', appointmentId: booking.appointmentId });
    const [payment] = await paymentOf(t, booking.appointmentId);
    expect(payment).toMatchObject({ status: 'succeeded', failureMessage: null, amountPence: booking.quote.totalPence });
    expect(await appointmentRow(t, booking.appointmentId)).toMatchObject({ status: 'confirmed', holdExpiresAt: null });
    expect((await quoteRow(t, booking.quote.id)).status).toBe('booked');
    expect(await payoutsOf(t, payment!.id)).toEqual([
      expect.objectContaining({ status: 'owed', amountPence: booking.quote.repairerPaymentPence, repairerId: null }),
    ]);
    // Paying again changes nothing: 409 with its own code, as checkout in a second tab meets it.
    for (const again of [await pay(booking.cookie, booking.clientSecret, '4242424242424242'), await intent(booking.cookie, { quoteId: booking.quote.id })]) {
      expect([again.statusCode, again.json()]).toEqual([409, { error: 'already_paid', message: paymentMessages.alreadyPaid }]);
    }
  });

  it("refuses another customer's client secret as if it did not exist", async () => {
    const booking = await readyToPay();
    const other = await heldBooking(t, FAR, 'afternoon');
    const response = await pay(other.cookie, booking.clientSecret, '4242424242424242');
    expect(response.statusCode).toBe(404);
    expect((await paymentOf(t, booking.appointmentId))[0]!.status).toBe('requires_payment');
  });

  it('does not charge a hold that lapsed before the card was sent (409)', async () => {
    const booking = await readyToPay();
    setNow(new Date(MONDAY.getTime() + 31 * 60_000));
    const response = await pay(booking.cookie, booking.clientSecret, '4242424242424242');
    expect([response.statusCode, response.json().message]).toEqual([409, paymentMessages.holdLapsed]);
    expect((await paymentOf(t, booking.appointmentId))[0]!.status).toBe('requires_payment');
  });
});

describe('an admin changing the price while the customer pays (D6, D13)', () => {
  const revise = (cookie: string, quoteId: number) => post(t, `/api/admin/quotes/${quoteId}/update-full-quote`, { laborCost: 500, partsCost: 0, estimatedDays: 1 }, cookie);
  const reset = (cookie: string, quoteId: number) => post(t, `/api/admin/quotes/${quoteId}/reset-to-price-list`, {}, cookie);

  it('is refused (409) once checkout has started, changing nothing, so the amount taken is the booked total', async () => {
    const booking = await readyToPay();
    const admin = await createUser(t.database.db, { role: 'admin' });
    const adminCookie = await signInAs(t.app, admin.email, admin.password);
    const before = await quoteRow(t, booking.quote.id);
    for (const change of [revise, reset]) {
      const response = await change(adminCookie, booking.quote.id);
      expect([response.statusCode, response.json().message]).toEqual([409, adminQuoteMessages.beingPaid]);
    }
    expect(await quoteRow(t, booking.quote.id)).toEqual(before);
    expect((await pay(booking.cookie, booking.clientSecret, '4242424242424242')).statusCode).toBe(200);
    const [payment] = await paymentOf(t, booking.appointmentId);
    expect(payment!.amountPence).toBe((await quoteRow(t, booking.quote.id)).totalPence);
  });

  it('is not charged when the price changed under a started payment (a change racing checkout): 409, nothing taken, and checkout asks for the new price', async () => {
    const booking = await readyToPay();
    const newTotal = booking.quote.totalPence + 5_000;
    await t.database.db.update(quotes).set({ totalPence: newTotal }).where(eq(quotes.id, booking.quote.id));
    const refused = await pay(booking.cookie, booking.clientSecret, '4242424242424242');
    expect([refused.statusCode, refused.json().message]).toEqual([409, paymentMessages.priceChanged]);
    expect((await paymentOf(t, booking.appointmentId))[0]).toMatchObject({ status: 'requires_payment', amountPence: booking.quote.totalPence });
    expect((await appointmentRow(t, booking.appointmentId)).status).toBe('held');
    expect(await emailsTo(t, booking.assessment.email)).toEqual([]);
    // Checkout's reload: the same intent at the new price, which is then paid and booked.
    const again = await intent(booking.cookie, { quoteId: booking.quote.id, startWithinCancellationPeriod: true });
    expect(again.json()).toMatchObject({ clientSecret: booking.clientSecret, amount: newTotal });
    expect((await pay(booking.cookie, booking.clientSecret, '4242424242424242')).statusCode).toBe(200);
    expect((await paymentOf(t, booking.appointmentId))[0]).toMatchObject({ status: 'succeeded', amountPence: newTotal });
    expect((await quoteRow(t, booking.quote.id)).status).toBe('booked');
  });

  it('is allowed again once the hold has lapsed', async () => {
    const booking = await readyToPay();
    const admin = await createUser(t.database.db, { role: 'admin' });
    const adminCookie = await signInAs(t.app, admin.email, admin.password);
    setNow(new Date(MONDAY.getTime() + 31 * 60_000));
    expect((await revise(adminCookie, booking.quote.id)).statusCode).toBe(200);
    expect((await quoteRow(t, booking.quote.id)).totalPence).not.toBe(booking.quote.totalPence);
  });
});

describe('confirmation e-mail', () => {
  it('says test mode, links with a grant, and carries an .ics whose start and end are the London slot in UTC (BST)', async () => {
    const booking = await paid(FAR, 'morning');
    const [email] = await emailsTo(t, booking.assessment.email);
    expect(email).toMatchObject({ kind: 'booking-confirmed' });
    expect(email!.textBody).toContain(`${TEST_MODE_NOTICE}.`);
    expect(email!.textBody).toMatch(new RegExp(`/access/[\\w-]+\\?next=${encodeURIComponent(`/appointments/${booking.appointmentId}`)}`));
    // The calendar file, then the VAT invoice (issue 37: tests/integration/vat-invoices.test.ts reads it).
    expect(email!.attachments.map((file) => file.contentType)).toEqual([expect.stringContaining('text/calendar'), 'application/pdf']);
    const ics = email!.attachments[0]!;
    expect(ics.contentType).toBe('text/calendar; charset=utf-8');
    // 8:00–12:00 in London on 14 April 2027 (BST, UTC+1).
    expect(parseIcsEvent(ics.content)).toMatchObject({ start: '2027-04-14T07:00:00.000Z', end: '2027-04-14T11:00:00.000Z', uid: `appointment-${booking.appointmentId}@autorevive.co.uk` });
  });

  it("confirms the customer's request to start within the 14 days where they made it, and the plain right to cancel where not (D14)", async () => {
    const near = await paid(NEAR, 'afternoon');
    const [asked] = await emailsTo(t, near.assessment.email);
    expect(asked!.textBody).toContain('Your right to cancel: at checkout you asked for the repair to start within the 14-day cancellation period, and it will.');
    expect(asked!.textBody).toContain('you may have to pay for work already done, and once the repair is complete the right to cancel ends.');

    const far = await heldBooking(t, FAR);
    const { clientSecret } = (await intent(far.cookie, { quoteId: far.quote.id })).json() as { clientSecret: string };
    expect((await pay(far.cookie, clientSecret, '4242 4242 4242 4242')).statusCode).toBe(200);
    const [plain] = await emailsTo(t, far.assessment.email);
    expect(plain!.textBody).toContain('Your right to cancel: you may cancel within 14 days of paying, without giving a reason, for a full refund.');
    expect(plain!.textBody).not.toContain('you asked for the repair to start');
  });

  it('puts a GMT afternoon at 13:00–17:00 UTC', async () => {
    const booking = await paid(NEAR, 'afternoon');
    const [email] = await emailsTo(t, booking.assessment.email);
    expect(parseIcsEvent(email!.attachments[0]!.content)).toMatchObject({ start: '2027-03-10T13:00:00.000Z', end: '2027-03-10T17:00:00.000Z' });
  });
});

describe('POST /api/appointments/{id}/cancel', () => {
  const cancel = (id: number, cookie?: string) => post(t, `/api/appointments/${id}/cancel`, undefined, cookie);

  it('cancels a paid booking more than 24 hours ahead: refunded in full, place freed, share voided, quote bookable again, e-mails sent', async () => {
    const booking = await paid(FAR);
    const response = await cancel(booking.appointmentId, booking.cookie);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: booking.appointmentId, status: 'cancelled', paymentStatus: 'refunded', canChange: false });
    const [payment] = await paymentOf(t, booking.appointmentId);
    expect(payment).toMatchObject({ status: 'refunded', refundedPence: booking.quote.totalPence });
    expect(payment!.refundRef).toMatch(/^re_test_/);
    expect((await payoutsOf(t, payment!.id))[0]!.status).toBe('void');
    expect((await quoteRow(t, booking.quote.id)).status).toBe('approved');
    const [slot] = await t.database.db.select().from(slotCapacity).where(eq(slotCapacity.slotDate, FAR));
    expect(slot!.taken).toBe(0);
    const kinds = (await emailsTo(t, booking.assessment.email)).map((email) => email.kind);
    expect(kinds).toEqual(['booking-confirmed', 'booking-cancelled', 'booking-refunded']);
    const cancelled = (await emailsTo(t, booking.assessment.email))[1]!;
    expect(parseIcsEvent(cancelled.attachments[0]!.content).method).toBe('CANCEL');
    // 'You can book another slot for the same quote': the link opens the quote, which offers booking again.
    const link = await openEmailLink(t, cancelled.textBody, 'You can book another slot for the same quote while it is valid:');
    expect(link.location).toBe(`/quote/${booking.assessment.id}`);
    const reopened = await t.app.inject({ url: `/api/quotes/assessment/${booking.assessment.id}`, headers: { cookie: link.cookie } });
    expect(reopened.json()).toMatchObject({ id: booking.quote.id, status: 'approved', expired: false });
    // Twice: the booking is already cancelled.
    expect((await cancel(booking.appointmentId, booking.cookie)).statusCode).toBe(409);
  });

  it('refuses inside 24 hours with the sentence to phone, changing nothing', async () => {
    const booking = await paid(NEAR);
    setNow('2027-03-09T09:00:00Z'); // 23 hours before 8:00 on the 10th
    const response = await cancel(booking.appointmentId, booking.cookie);
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(cancelMessages.phoneUs(company));
    expect(cancelMessages.phoneUs(company)).toContain(company.supportPhone);
    expect((await paymentOf(t, booking.appointmentId))[0]!.status).toBe('succeeded');
  });

  it('cancels an unpaid hold freely and frees its place', async () => {
    const booking = await readyToPay();
    const response = await cancel(booking.appointmentId, booking.cookie);
    expect(response.json()).toMatchObject({ status: 'cancelled', paymentStatus: 'requires_payment' });
    const [slot] = await t.database.db.select().from(slotCapacity).where(eq(slotCapacity.slotDate, FAR));
    expect(slot!.taken).toBe(0);
    expect(await emailsTo(t, booking.assessment.email)).toHaveLength(0);
  });

  it('is the grant holder’s alone: anyone else gets 404 and nothing changes', async () => {
    const booking = await paid(FAR);
    const other = await heldBooking(t, FAR, 'afternoon');
    expect((await cancel(booking.appointmentId, other.cookie)).statusCode).toBe(404);
    expect((await cancel(booking.appointmentId)).statusCode).toBe(404);
    expect((await appointmentRow(t, booking.appointmentId)).status).toBe('confirmed');
  });
});

describe('the reminder 24 hours before', () => {
  it('is sent once across two runs and a restart, and not before the 24 hours', async () => {
    const booking = await withTechnician(await paid(NEAR, 'morning')); // 8:00 GMT on Wednesday 10 March
    const reminders = async () => (await emailsTo(t, booking.assessment.email)).filter((email) => email.kind === 'booking-reminder');
    setNow('2027-03-09T07:59:00Z'); // 24 hours and 1 minute before
    await t.app.deps.jobs.run('send-appointment-reminders', {});
    expect(await reminders()).toHaveLength(0);
    setNow('2027-03-09T08:30:00Z');
    await t.app.deps.jobs.run('send-appointment-reminders', {});
    await t.app.deps.jobs.run('send-appointment-reminders', {});
    // A restarted process (a new app on the same database) finds it already sent.
    const restarted = await buildApp(t.config, { database: t.database });
    try {
      await restarted.deps.jobs.run('send-appointment-reminders', {});
    } finally {
      await restarted.close();
    }
    const sent = await reminders();
    expect(sent).toHaveLength(1);
    expect(sent[0]!.textBody).toContain('Wednesday 10 March 2027');
    // The link says what it opens; the phone number ends its own sentence.
    expect(sent[0]!.textBody).toMatch(/Your booking details:\nhttp\S+\n\nChanges are no longer possible online/);
    expect((await appointmentRow(t, booking.appointmentId)).reminderSentAt).not.toBeNull();
  });

  it('is not sent to a paid booking nobody has taken; once a technician takes it, the next run reminds them', async () => {
    const booking = await paid(NEAR, 'afternoon'); // 13:00 GMT on Wednesday 10 March
    const reminders = async () => (await emailsTo(t, booking.assessment.email)).filter((email) => email.kind === 'booking-reminder');
    setNow('2027-03-09T14:00:00Z'); // 23 hours before
    await t.app.deps.jobs.run('send-appointment-reminders', {});
    expect(await reminders()).toHaveLength(0);
    expect((await appointmentRow(t, booking.appointmentId)).reminderSentAt).toBeNull();
    await withTechnician(booking);
    setNow('2027-03-09T14:10:00Z');
    await t.app.deps.jobs.run('send-appointment-reminders', {});
    expect(await reminders()).toHaveLength(1);
  });
});

describe('a reminder that cannot be written', () => {
  it('does not hold up the other reminders: the run fails after them, and its retry writes only the one that failed', async () => {
    // The first booking's reminder e-mail is refused (as a template tripping on its record would
    // fail): its claim rolls back with it; the two bookings after it are reminded all the same.
    const stuck = await withTechnician(await paid(NEAR, 'morning'));
    const others = [await withTechnician(await paid(NEAR, 'morning')), await withTechnician(await paid(NEAR, 'afternoon'))];
    expect(stuck.appointmentId).toBeLessThan(others[0]!.appointmentId);
    const reminders = async (booking: { assessment: { email: string } }) => (await emailsTo(t, booking.assessment.email)).filter((email) => email.kind === 'booking-reminder');
    setNow('2027-03-09T13:30:00Z'); // within 24 hours of both slots on Wednesday 10 March
    const refusal = await refuseWrites(t.database.db, 'outbox_emails', 'INSERT', `NEW.kind = 'booking-reminder' AND NEW.to_address = '${stuck.assessment.email}'`);
    const run = await t.app.deps.jobs.run('send-appointment-reminders', {}).then(() => null, (error: unknown) => error).finally(() => refusal.stop());
    for (const booking of others) expect(await reminders(booking)).toHaveLength(1);
    expect(await reminders(stuck)).toHaveLength(0);
    expect(run).toMatchObject({ message: expect.stringMatching(/^appointment reminders: 1 of the 3 looked at failed/) });
    expect((await appointmentRow(t, stuck.appointmentId)).reminderSentAt).toBeNull();

    // The queue's retry, the record put right: the stuck booking is reminded, the others not again.
    await t.app.deps.jobs.run('send-appointment-reminders', {});
    for (const booking of [stuck, ...others]) expect(await reminders(booking)).toHaveLength(1);
  });
});

describe('reschedule e-mail', () => {
  it('tells the customer the new slot with a replacing .ics', async () => {
    const booking = await paid(FAR, 'morning');
    const response = await post(t, `/api/appointments/${booking.appointmentId}/reschedule`, { appointmentDate: '2027-04-15', timeSlot: 'afternoon' }, booking.cookie);
    expect(response.statusCode).toBe(200);
    const email = (await emailsTo(t, booking.assessment.email)).find((row) => row.kind === 'booking-rescheduled');
    expect(email!.textBody).toContain('Wednesday 14 April 2027');
    expect(parseIcsEvent(email!.attachments[0]!.content)).toMatchObject({ start: '2027-04-15T12:00:00.000Z', end: '2027-04-15T16:00:00.000Z' });
  });
});

describe('rescheduling into the 14 days from payment (D14, Consumer Contracts Regulations reg. 36)', () => {
  const move = (booking: { appointmentId: number; cookie: string }, payload: Record<string, unknown>) =>
    post(t, `/api/appointments/${booking.appointmentId}/reschedule`, payload, booking.cookie);
  const takenOn = async (date: string) =>
    (await t.database.db.select().from(slotCapacity).where(eq(slotCapacity.slotDate, date))).reduce((sum, row) => sum + row.taken, 0);

  /** Paid at 10:00 on Monday 8 March for a slot 37 days ahead, so checkout asked nothing: the 14 days run to 10:00 on 22 March. */
  async function paidUnasked() {
    const booking = await heldBooking(t, FAR);
    const { clientSecret } = (await intent(booking.cookie, { quoteId: booking.quote.id })).json() as { clientSecret: string };
    expect((await pay(booking.cookie, clientSecret, '4242 4242 4242 4242')).statusCode).toBe(200);
    expect((await paymentOf(t, booking.appointmentId))[0]!.startWithinCancellationPeriod).toBe(false);
    return booking;
  }

  it('refuses a new slot inside the 14 days without the request (400 with a sentence), and changes nothing', async () => {
    const booking = await paidUnasked();
    const refused = await move(booking, { appointmentDate: '2027-03-17', timeSlot: 'afternoon' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ message: RESCHEDULE_START_WITHIN.refusal, fieldErrors: { startWithinCancellationPeriod: RESCHEDULE_START_WITHIN.refusal } });
    expect(await appointmentRow(t, booking.appointmentId)).toMatchObject({ appointmentDate: FAR, timeSlot: 'morning', status: 'confirmed' });
    expect([await takenOn(FAR), await takenOn('2027-03-17')]).toEqual([1, 0]);
    expect((await paymentOf(t, booking.appointmentId))[0]!.startWithinCancellationPeriod).toBe(false);
    expect((await emailsTo(t, booking.assessment.email)).map((email) => email.kind)).toEqual(['booking-confirmed']);
    // A request sent as false is no request.
    expect((await move(booking, { appointmentDate: '2027-03-17', timeSlot: 'afternoon', startWithinCancellationPeriod: false })).statusCode).toBe(400);
  });

  it('moves it with the request, records it on the payment in the same change, and confirms it in the e-mail', async () => {
    const booking = await paidUnasked();
    const before = await t.app.inject({ url: `/api/appointments/${booking.appointmentId}`, headers: { cookie: booking.cookie } });
    expect(before.json().cancellationPeriod).toEqual({ paidAt: MONDAY.toISOString(), startRequested: false });
    const moved = await move(booking, { appointmentDate: '2027-03-17', timeSlot: 'afternoon', startWithinCancellationPeriod: true });
    expect(moved.statusCode).toBe(200);
    expect(moved.json()).toMatchObject({ appointmentDate: '2027-03-17', timeSlot: 'afternoon', cancellationPeriod: { paidAt: MONDAY.toISOString(), startRequested: true } });
    expect((await paymentOf(t, booking.appointmentId))[0]!.startWithinCancellationPeriod).toBe(true);
    expect([await takenOn(FAR), await takenOn('2027-03-17')]).toEqual([0, 1]);
    const email = (await emailsTo(t, booking.assessment.email)).find((row) => row.kind === 'booking-rescheduled');
    expect(email!.textBody).toContain(
      'Your right to cancel: when you moved your booking you asked for the repair to start within the 14-day cancellation period, and it will.',
    );
    expect(email!.textBody).toContain('you may have to pay for work already done, and once the repair is complete the right to cancel ends.');
  });

  it('asks nothing again when the customer made the request at checkout', async () => {
    const booking = await paid(NEAR, 'afternoon');
    const moved = await move(booking, { appointmentDate: '2027-03-11', timeSlot: 'morning' });
    expect(moved.statusCode).toBe(200);
    const email = (await emailsTo(t, booking.assessment.email)).find((row) => row.kind === 'booking-rescheduled');
    expect(email!.textBody).not.toContain('Your right to cancel');
  });

  it('measures the 14 days from the payment, not from today, and asks nothing for a slot beyond them', async () => {
    const booking = await paidUnasked();
    // Two days later: 23 March's morning (08:00 GMT) is 13 days from today but 14 days and 22 hours from the payment.
    setNow('2027-03-10T10:00:00Z');
    // 22 March's morning starts at 08:00, two hours before the 14 days from the payment end.
    expect((await move(booking, { appointmentDate: '2027-03-22', timeSlot: 'morning' })).statusCode).toBe(400);
    const moved = await move(booking, { appointmentDate: '2027-03-23', timeSlot: 'morning' });
    expect(moved.statusCode).toBe(200);
    expect((await paymentOf(t, booking.appointmentId))[0]!.startWithinCancellationPeriod).toBe(false);
    const email = (await emailsTo(t, booking.assessment.email)).find((row) => row.kind === 'booking-rescheduled');
    expect(email!.textBody).not.toContain('Your right to cancel');
  });
});

describe('Revenue on the admin stat card', () => {
  it("is the platform's whole take on paid bookings (fees and margin), and gives it back with a refund (issue 37)", async () => {
    const admin = await createUser(t.database.db, { role: 'admin' });
    const cookie = await signInAs(t.app, admin.email, admin.password);
    type Stats = { revenue: string; revenueBreakdown: { fees: string; margin: string; refunds: string } };
    const stats = async () => (await t.app.inject({ url: '/api/admin/stats', headers: { cookie } })).json() as Stats;
    const pence = (value: string) => Math.round(Number(value) * 100);
    const adds = (s: Stats) => expect(pence(s.revenueBreakdown.fees) + pence(s.revenueBreakdown.margin) - pence(s.revenueBreakdown.refunds)).toBe(pence(s.revenue));
    const before = await stats();
    adds(before);
    const booking = await paid(FAR);
    const q = booking.quote;
    const take = moneySplit(q).commissionPence;
    const after = await stats();
    adds(after);
    expect(pence(after.revenue)).toBe(pence(before.revenue) + take);
    expect(pence(after.revenueBreakdown.fees)).toBe(pence(before.revenueBreakdown.fees) + q.feePence);
    expect(pence(after.revenueBreakdown.margin)).toBe(pence(before.revenueBreakdown.margin) + q.laborPence + q.partsPence + q.materialsPence - q.repairerPaymentPence);
    expect((await post(t, `/api/appointments/${booking.appointmentId}/cancel`, undefined, booking.cookie)).statusCode).toBe(200);
    const refunded = await stats();
    adds(refunded);
    expect(pence(refunded.revenue)).toBe(pence(before.revenue));
    expect(pence(refunded.revenueBreakdown.refunds)).toBe(pence(before.revenueBreakdown.refunds) + take);
  });
});

describe('deleting an enquiry (admin) once checkout has started', () => {
  it('refuses while the customer is paying (409), then deletes it with its unpaid payment attempt once the hold has lapsed, and keeps one whose payment was refunded (409)', async () => {
    const admin = await createUser(t.database.db, { role: 'admin' });
    const cookie = await signInAs(t.app, admin.email, admin.password);
    const remove = (quoteId: number) => t.app.inject({ method: 'DELETE', url: `/api/admin/quotes/${quoteId}`, headers: { cookie } });
    const unpaid = await readyToPay();
    // An attack review: deleted under a live checkout, a racing card payment answered 500.
    const paying = await remove(unpaid.quote.id);
    expect([paying.statusCode, paying.json().message]).toEqual([409, adminQuoteMessages.beingPaidDelete]);
    expect(await paymentOf(t, unpaid.appointmentId)).toHaveLength(1);
    expect((await quoteRow(t, unpaid.quote.id)).status).toBe('approved');
    setNow(new Date(MONDAY.getTime() + 31 * 60_000));
    expect((await remove(unpaid.quote.id)).statusCode).toBe(204);
    expect(await paymentOf(t, unpaid.appointmentId)).toHaveLength(0);
    // The card form still open in the customer's browser finds nothing to pay.
    const late = await pay(unpaid.cookie, unpaid.clientSecret, '4242424242424242');
    expect(late.statusCode).toBe(404);
    setNow(MONDAY);
    const refunded = await paid(FAR, 'afternoon');
    expect((await post(t, `/api/appointments/${refunded.appointmentId}/cancel`, undefined, refunded.cookie)).statusCode).toBe(200);
    const response = await remove(refunded.quote.id);
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toMatch(/kept as a record/);
    expect((await paymentOf(t, refunded.appointmentId))[0]!.status).toBe('refunded');
  });

  it('settles a payment whose record has gone with a 404, not a crash (the delete racing the card)', async () => {
    const settling = t.database.db.transaction((tx) => settleSucceededPayment(tx, { db: t.database.db, config: t.config, provider: createTestProvider(), log: t.app.log }, 987_654));
    await expect(settling).rejects.toMatchObject({ statusCode: 404, message: paymentMessages.notSetUp });
  });
});
