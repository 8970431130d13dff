// Shared steps of the checkout tests: a customer with an approved quote, a held slot, and
// reading back what the server recorded.
import { eq } from 'drizzle-orm';
import { createQuote } from '../../src/server/db/factories';
import { appointments, invoices, jobNotifications, outboxEmails, payments, payouts, quotes, slotCapacity } from '../../src/server/db/schema';
import { createGrant } from '../../src/server/modules/access';
import type { TestApp } from './app';
import { coveredAssessmentRecord } from './coverage';
import { ensureLondonTechnician } from './network';
import type { StripeStandIn } from './stripe-server';

/** The n-th working day from the day after tomorrow (tests/helpers/dates.ts): distinct n, distinct days, all bookable. */
export { workingDay } from './dates';

export async function customerWithQuote(t: TestApp, overrides: Parameters<typeof createQuote>[1] = {}) {
  const db = t.database.db;
  await ensureLondonTechnician(db);
  // Placed where a submission from SW1A 2AA is placed, and covered by a verified technician (issue 35).
  const assessment = await coveredAssessmentRecord(db);
  const quote = await createQuote(db, { status: 'approved', ...overrides, assessmentId: assessment.id });
  const grant = await createGrant(db, assessment.id);
  return { quote, assessment, cookie: `ar_access=${grant.token}` };
}

/** A customer holding `slot` on `date` (POST /api/appointments), answered with the appointment id. */
export async function heldBooking(t: TestApp, date: string, slot: 'morning' | 'afternoon' = 'morning', overrides: Parameters<typeof createQuote>[1] = {}) {
  const customer = await customerWithQuote(t, overrides);
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/appointments',
    payload: { quoteId: customer.quote.id, appointmentDate: date, timeSlot: slot },
    headers: { cookie: customer.cookie },
  });
  if (response.statusCode !== 200) throw new Error(`booking failed: ${response.statusCode} ${response.body}`);
  return { ...customer, appointmentId: (response.json() as { id: number }).id };
}

/**
 * Deletes every booking and what hangs off it, children first (a paid booking's VAT invoice keeps
 * its payment, a payment its appointment): the afterEach of the files that book and pay.
 */
export async function deleteBookings(t: TestApp): Promise<void> {
  const db = t.database.db;
  await db.delete(jobNotifications);
  await db.delete(payouts);
  await db.delete(invoices);
  await db.delete(payments);
  await db.delete(appointments);
  await db.delete(slotCapacity);
}

export const post = (t: TestApp, url: string, payload: unknown, cookie?: string) =>
  t.app.inject({ method: 'POST', url, payload: payload as object, headers: cookie ? { cookie } : {} });

export async function appointmentRow(t: TestApp, id: number) {
  const [row] = await t.database.db.select().from(appointments).where(eq(appointments.id, id));
  return row!;
}

export async function paymentOf(t: TestApp, appointmentId: number) {
  return t.database.db.select().from(payments).where(eq(payments.appointmentId, appointmentId));
}

export async function payoutsOf(t: TestApp, paymentId: number) {
  return t.database.db.select().from(payouts).where(eq(payouts.paymentId, paymentId));
}

export async function quoteRow(t: TestApp, id: number) {
  const [row] = await t.database.db.select().from(quotes).where(eq(quotes.id, id));
  return row!;
}

export async function emailsTo(t: TestApp, address: string) {
  return t.database.db.select().from(outboxEmails).where(eq(outboxEmails.toAddress, address)).orderBy(outboxEmails.id);
}

/**
 * Opens, as the reader would with no cookie, the link on the line after `sentence` in an e-mail's
 * text: answers where the access link sends them and the cookie it sets.
 */
export async function openEmailLink(t: TestApp, textBody: string, sentence: string): Promise<{ location: string | undefined; cookie: string }> {
  const lines = textBody.split('\n');
  const at = lines.findIndex((line) => line.endsWith(sentence));
  if (at < 0) throw new Error(`no line ends with '${sentence}' in:\n${textBody}`);
  const link = new URL(lines[at + 1]!);
  const response = await t.app.inject({ url: `${link.pathname}${link.search}` });
  return { location: response.headers.location as string | undefined, cookie: response.cookies.map((c) => `${c.name}=${c.value}`).join('; ') };
}

/** The instants of an iCalendar event, read back without a library: DTSTART/DTEND as UTC. */
export function parseIcsEvent(ics: string): { start: string; end: string; uid: string; method: string } {
  const unfolded = ics.replace(/\r?\n[ \t]/g, '');
  const field = (name: string) => new RegExp(`^${name}(?:;[^:]*)?:(.*)$`, 'm').exec(unfolded)?.[1]?.trim();
  const instant = (value: string | undefined) => {
    const match = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(value ?? '');
    if (!match) throw new Error(`Not a UTC date-time: ${value}`);
    const [, y, mo, d, h, mi, s] = match;
    return `${y}-${mo}-${d}T${h}:${mi}:${s}.000Z`;
  };
  return { start: instant(field('DTSTART')), end: instant(field('DTEND')), uid: field('UID') ?? '', method: field('METHOD') ?? '' };
}

/**
 * A booking held and paid, answered with its ids: with the test-mode provider's 4242 card (the
 * one settle path), or, on an app that takes payments through Stripe, at its stand-in `stripe`
 * and reported by Stripe's signed webhook, as a customer's payment is.
 */
/** Pays a held quote as its customer does in test mode: the payment intent, then the 4242 card. */
export async function payWithTestCard(t: TestApp, quoteId: number, cookie: string): Promise<void> {
  const started = await post(t, '/api/create-payment-intent', { quoteId, startWithinCancellationPeriod: true }, cookie);
  if (started.statusCode !== 200) throw new Error(`payment intent failed: ${started.statusCode} ${started.body}`);
  const { clientSecret } = started.json() as { clientSecret: string };
  const confirmed = await post(t, '/api/test-payments/confirm', { clientSecret, cardNumber: '4242 4242 4242 4242', expiry: '12/30', cvc: '123' }, cookie);
  if (confirmed.statusCode !== 200) throw new Error(`payment failed: ${confirmed.statusCode} ${confirmed.body}`);
}

export async function paidBooking(t: TestApp, date: string, slot: 'morning' | 'afternoon' = 'morning', overrides: Parameters<typeof createQuote>[1] = {}, stripe?: StripeStandIn) {
  const booking = await heldBooking(t, date, slot, overrides);
  const started = await post(t, '/api/create-payment-intent', { quoteId: booking.quote.id, startWithinCancellationPeriod: true }, booking.cookie);
  if (started.statusCode !== 200) throw new Error(`payment intent failed: ${started.statusCode} ${started.body}`);
  if (t.config.stripe) {
    if (!stripe) throw new Error('This app takes payments through Stripe: pass paidBooking its stand-in');
    const [payment] = await paymentOf(t, booking.appointmentId);
    stripe.settle(payment!.providerRef, 'succeeded');
    const delivery = stripe.webhook('payment_intent.succeeded', payment!.providerRef);
    const reported = await t.app.inject({ method: 'POST', url: '/api/stripe/webhook', payload: delivery.payload, headers: delivery.headers });
    if (reported.statusCode !== 200) throw new Error(`Stripe's webhook failed: ${reported.statusCode} ${reported.body}`);
    return booking;
  }
  const { clientSecret } = started.json() as { clientSecret: string };
  const confirmed = await post(t, '/api/test-payments/confirm', { clientSecret, cardNumber: '4242 4242 4242 4242', expiry: '12/30', cvc: '123' }, booking.cookie);
  if (confirmed.statusCode !== 200) throw new Error(`payment failed: ${confirmed.statusCode} ${confirmed.body}`);
  return booking;
}
