// Issue 12 (D6, D14): doing the job and being paid. The assigned repairer marks it done on the
// day; the customer confirms (the share is released once, however often the release runs) or
// reports a problem (the share is held); 72 hours without a report release it too; completion
// records the 12-month warranty; the customer rates the repair and the repairer's rating is the
// mean (sessions last 90 days here: the clock is moved to the appointment's day). The release is exactly once through Stripe's transfers too, on PGlite and on the server.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type Stripe from 'stripe';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Db } from '../../src/server/db/database';
import { createRepairer, createUser } from '../../src/server/db/factories';
import { appointments, auditLog, outboxEmails, payments, payouts, quotes, repairers, stripeEvents, warranties } from '../../src/server/db/schema';
import { releaseDuePayouts, releaseHeldPayout } from '../../src/server/modules/booking';
import { createStripeClient } from '../../src/server/kernel/stripe';
import { completionMessages, PayoutsInQuestionSchema, type PayoutsInQuestion } from '../../src/shared/api/appointments';
import { formatLondonDate } from '../../src/shared/london-time';
import { penceToDecimalString } from '../../src/shared/money';
import type { RepairerJob } from '../../src/shared/api/repairer-jobs';
import { createTestApp, serverDatabaseAvailable, signInAs, type TestApp } from '../helpers/app';
import { paidBooking, post, workingDay } from '../helpers/checkout';
import { whileAnotherTransactionHolds } from '../helpers/row-locks';
import { startStripeStandIn, type StripeStandIn } from '../helpers/stripe-server';

const silent = { info() {}, warn() {} };

/** A paid booking on `day`, offered to and accepted by a signed-in repairer, answered with both sides' cookies. */
async function assignedJob(t: TestApp, day: string, repairerOverrides: Parameters<typeof createRepairer>[1] = {}, stripe?: StripeStandIn) {
  const db = t.database.db;
  const adminUser = await createUser(db, { role: 'admin' });
  const admin = await signInAs(t.app, adminUser.email, adminUser.password);
  const business = await createRepairer(db, { latitude: 51.51, longitude: -0.13, ...repairerOverrides });
  const user = await createUser(db, { role: 'repairer', repairerId: business.id });
  const repairer = await signInAs(t.app, user.email, user.password);
  const booking = await paidBooking(t, day, 'morning', {}, stripe);
  const sent = await post(t, `/api/admin/quotes/${booking.quote.id}/send-to-repairer`, { repairerId: business.id }, admin);
  expect(sent.statusCode, sent.body).toBe(200);
  expect((await post(t, `/api/repairer/notifications/${sent.json().notification.id}/accept`, {}, repairer)).statusCode).toBe(200);
  const [payment] = await db.select().from(payments).where(eq(payments.appointmentId, booking.appointmentId));
  const payoutRow = async () => (await db.select().from(payouts).where(eq(payouts.paymentId, payment!.id)))[0]!;
  /** The job as the repairer's own list shows it (GET /api/repairer/{id}/jobs). */
  const asListed = async () => {
    const list = await t.app.inject({ url: `/api/repairer/${business.id}/jobs`, headers: { cookie: repairer } });
    return (list.json() as RepairerJob[]).find((listed) => listed.quote.id === booking.quote.id)!;
  };
  /** The "you have been paid" e-mails in the outbox for this repairer (their address is their own). */
  const paidEmails = () => db.select().from(outboxEmails).where(and(eq(outboxEmails.kind, 'repairer-paid'), eq(outboxEmails.toAddress, business.email!)));
  /** What their profile adds up (GET /api/repairer/profile). */
  const earnings = async () => (await t.app.inject({ url: '/api/repairer/profile', headers: { cookie: repairer } })).json().earnings;
  return { ...booking, repairer, repairerId: business.id, day, payoutRow, asListed, paidEmails, earnings };
}

/** London 10:00 on `day` (GMT or BST: 10:00Z is within the working day either way). */
const onThe = (day: string, hours = 10) => new Date(`${day}T${String(hours).padStart(2, '0')}:00:00Z`);
const done = (t: TestApp, id: number, cookie: string) => post(t, `/api/repairer/appointments/${id}/complete`, {}, cookie);

describe('completing a job on the embedded default (ledger payouts)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { AUTO_DISPATCH: 'false', SESSION_TTL_HOURS: '2160' } });
    await t.database.db.update(repairers).set({ isVerified: false });
  });
  afterAll(() => t?.close());
  afterEach(() => vi.useRealTimers());

  it('is marked done by the assigned repairer on the day: warranty, 72 hours, and the customer asked to confirm', async () => {
    const job = await assignedJob(t, workingDay(20));
    const early = await done(t, job.appointmentId, job.repairer);
    expect([early.statusCode, early.json().message]).toEqual([409, completionMessages.tooEarly]);
    const stranger = await createUser(t.database.db, { role: 'repairer' });
    expect((await done(t, job.appointmentId, await signInAs(t.app, stranger.email, stranger.password))).statusCode).toBe(404);
    expect((await done(t, job.appointmentId, job.cookie)).statusCode).toBe(401);

    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(onThe(job.day, 15));
    const marked = await done(t, job.appointmentId, job.repairer);
    expect(marked.statusCode, marked.body).toBe(200);
    // Answered to its reader, the technician (a review: it said 'customer').
    expect(marked.json()).toMatchObject({ status: 'completed', viewer: 'technician', canChange: false, aftercare: { completedAt: onThe(job.day, 15).toISOString(), warranty: { startsDate: job.day, months: 12 } } });
    expect(marked.json().aftercare.warranty.endsDate).toBe(`${Number(job.day.slice(0, 4)) + 1}${job.day.slice(4)}`);
    expect((await job.payoutRow()).releaseAfterAt).toEqual(new Date(onThe(job.day, 15).getTime() + 72 * 3600 * 1000));
    expect(await t.database.db.select().from(warranties).where(eq(warranties.appointmentId, job.appointmentId))).toHaveLength(1);
    const [email] = await t.database.db.select().from(outboxEmails).where(eq(outboxEmails.kind, 'repair-done'));
    expect(decodeURIComponent(email!.textBody)).toContain(`/appointments/${job.appointmentId}`);
    // Twice is a wrong state.
    expect((await done(t, job.appointmentId, job.repairer)).statusCode).toBe(409);
  });

  it("tells the customer the quote's own warranty when an admin lengthened it, to the day it ends (29 February gives 28 February)", async () => {
    // Tuesday 29 February 2028: a working day, its warranty 24 months on has no 29th. Booked a month ahead.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2028-01-31T10:00:00Z'));
    const job = await assignedJob(t, '2028-02-29');
    await t.database.db.update(quotes).set({ warrantyMonths: 24 }).where(eq(quotes.id, job.quote.id));
    vi.setSystemTime(new Date('2028-02-29T23:30:00Z')); // 23:30 in London (GMT): still the day of the job
    const marked = await done(t, job.appointmentId, job.repairer);
    expect(marked.statusCode, marked.body).toBe(200);
    expect(marked.json().aftercare.warranty).toMatchObject({ startsDate: '2028-02-29', endsDate: '2030-02-28', months: 24 });
    const emails = await t.database.db.select().from(outboxEmails).where(eq(outboxEmails.kind, 'repair-done'));
    const email = emails.find((e) => decodeURIComponent(e.textBody).includes(`/appointments/${job.appointmentId}`))!;
    expect(email.textBody).toContain('Your 24-month warranty on the workmanship runs until Thursday 28 February 2030.');
  });

  it('releases the share once when the customer confirms, however many runs race', async () => {
    const job = await assignedJob(t, workingDay(21));
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(onThe(job.day));
    await done(t, job.appointmentId, job.repairer);
    // Whatever earlier tests left due is released first, so the race below is over this job's share alone.
    await releaseDuePayouts({ db: t.database.db, config: t.config, log: silent }, new Date());
    expect((await job.payoutRow()).status).toBe('owed'); // not confirmed, not 72 hours
    // The repairer sees what they are owed and when it is paid without a confirmation.
    const share = penceToDecimalString((await job.payoutRow()).amountPence);
    expect(share).toBe((await job.asListed()).quote.repairerPayment);
    expect((await job.asListed()).appointment).toMatchObject({
      status: 'completed',
      confirmedAt: null,
      problemReportedAt: null,
      payout: { status: 'owed', amount: share, releaseAfterAt: new Date(onThe(job.day).getTime() + 72 * 3600 * 1000).toISOString(), releasedAt: null },
    });
    expect(await job.earnings()).toEqual({ paid: '0.00', toBePaid: share, onHold: '0.00' });
    const confirmed = await post(t, `/api/appointments/${job.appointmentId}/confirm-completion`, {}, job.cookie);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json().aftercare.confirmedAt).toBe(onThe(job.day).toISOString());
    const runs = await Promise.all([1, 2, 3].map(() => releaseDuePayouts({ db: t.database.db, config: t.config, log: silent }, new Date())));
    expect(runs.reduce((a, b) => a + b, 0)).toBe(1);
    expect(await job.payoutRow()).toMatchObject({ status: 'released', repairerId: job.repairerId, providerRef: expect.stringMatching(/^ledger:\d+$/), releasedAt: expect.any(Date) });
    expect(await job.earnings()).toEqual({ paid: share, toBePaid: '0.00', onHold: '0.00' });
    // The repairer is told once, by e-mail, however many runs raced: how much, for which job, and that test mode moved no money.
    const told = await job.paidEmails();
    expect(told).toHaveLength(1);
    expect(told[0]!.subject).toBe(`You have been paid £${share} for the repair on ${formatLondonDate(job.day)}`);
    expect(told[0]!.textBody).toContain(`We have released your payment of £${share} for this job:`);
    expect(told[0]!.textBody).toContain(`When: ${formatLondonDate(job.day)}, Morning`);
    expect(told[0]!.textBody).toContain('Test mode: no real money is moved.');
    expect(told[0]!.textBody).toContain(`${t.config.publicUrl}/repairer`);
    // An e-mail carries the area only, as the offer did: the address is behind the sign-in.
    expect(told[0]!.textBody).not.toContain(job.assessment.address);
    // And then that the customer confirmed and the share was paid, and when.
    expect((await job.asListed()).appointment).toMatchObject({
      confirmedAt: onThe(job.day).toISOString(),
      payout: { status: 'released', amount: share, releasedAt: (await job.payoutRow()).releasedAt!.toISOString() },
    });
    const again = await post(t, `/api/appointments/${job.appointmentId}/confirm-completion`, {}, job.cookie);
    expect([again.statusCode, again.json().message]).toEqual([409, completionMessages.alreadyConfirmed]);
  });

  it('holds the share when the customer reports a problem, even after 72 hours, and tells the team', async () => {
    const job = await assignedJob(t, workingDay(22));
    const before = await post(t, `/api/appointments/${job.appointmentId}/report-problem`, { message: 'The scratch is still visible in daylight.' }, job.cookie);
    expect([before.statusCode, before.json().message]).toEqual([409, completionMessages.notYetDone]);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(onThe(job.day));
    await done(t, job.appointmentId, job.repairer);
    const short = await post(t, `/api/appointments/${job.appointmentId}/report-problem`, { message: 'bad' }, job.cookie);
    expect([short.statusCode, short.json().fieldErrors]).toEqual([400, { message: completionMessages.problemShort }]);
    const stranger = await post(t, `/api/appointments/${job.appointmentId}/report-problem`, { message: 'The scratch is still visible in daylight.' });
    expect(stranger.statusCode).toBe(404);
    const reported = await post(t, `/api/appointments/${job.appointmentId}/report-problem`, { message: 'The scratch is still visible in daylight.' }, job.cookie);
    expect(reported.statusCode, reported.body).toBe(200);
    expect((await job.payoutRow()).status).toBe('held');
    expect((await job.asListed()).appointment).toMatchObject({ problemReportedAt: onThe(job.day).toISOString(), confirmedAt: null, payout: { status: 'held', releasedAt: null } });
    vi.setSystemTime(new Date(onThe(job.day).getTime() + 80 * 3600 * 1000));
    await releaseDuePayouts({ db: t.database.db, config: t.config, log: silent }, new Date());
    expect((await job.payoutRow()).status).toBe('held');
    expect(await job.paidEmails()).toEqual([]);
    const held = penceToDecimalString((await job.payoutRow()).amountPence);
    expect(await job.earnings()).toEqual({ paid: '0.00', toBePaid: '0.00', onHold: held });
    const team = await t.database.db.select().from(outboxEmails).where(eq(outboxEmails.kind, 'repair-problem-team'));
    expect(team.some((e) => e.textBody.includes('The scratch is still visible in daylight.'))).toBe(true);
    expect((await post(t, `/api/appointments/${job.appointmentId}/confirm-completion`, {}, job.cookie)).statusCode).toBe(409);
    // The admin sees the report beside the held share, and releases it after looking.
    const adminUser = await createUser(t.database.db, { role: 'admin' });
    const adminCookie = await signInAs(t.app, adminUser.email, adminUser.password);
    const listed = (await t.app.inject({ url: '/api/admin/reported-problems', headers: { cookie: adminCookie } })).json() as { payoutId: number; report: string }[];
    const heldId = (await job.payoutRow()).id;
    const mine = listed.find((p) => p.payoutId === heldId);
    expect(mine?.report).toBe('The scratch is still visible in daylight.');
    expect((await post(t, `/api/admin/payouts/${mine!.payoutId}/release`, {}, adminCookie)).json()).toMatchObject({ status: 'released' });
    expect(await job.paidEmails()).toHaveLength(1);
    expect(await job.earnings()).toEqual({ paid: held, toBePaid: '0.00', onHold: '0.00' });
    // A second release is a wrong state, and tells the repairer nothing again.
    expect((await post(t, `/api/admin/payouts/${mine!.payoutId}/release`, {}, adminCookie)).statusCode).toBe(409);
    expect(await job.paidEmails()).toHaveLength(1);
    expect(((await t.app.inject({ url: '/api/admin/reported-problems', headers: { cookie: adminCookie } })).json() as { payoutId: number }[]).some((p) => p.payoutId === mine!.payoutId)).toBe(false);
  });

  it('releases the share 72 hours after completion when nobody reports a problem', async () => {
    const job = await assignedJob(t, workingDay(23));
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(onThe(job.day));
    await done(t, job.appointmentId, job.repairer);
    vi.setSystemTime(new Date(onThe(job.day).getTime() + 71 * 3600 * 1000));
    await releaseDuePayouts({ db: t.database.db, config: t.config, log: silent }, new Date());
    expect((await job.payoutRow()).status).toBe('owed');
    vi.setSystemTime(new Date(onThe(job.day).getTime() + 72 * 3600 * 1000 + 1000));
    await releaseDuePayouts({ db: t.database.db, config: t.config, log: silent }, new Date());
    expect((await job.payoutRow()).status).toBe('released');
  });

  it("counts a cancelled booking's share in none of the repairer's earnings", async () => {
    const job = await assignedJob(t, workingDay(30));
    const share = penceToDecimalString((await job.payoutRow()).amountPence);
    expect(await job.earnings()).toEqual({ paid: '0.00', toBePaid: share, onHold: '0.00' });
    const cancelled = await post(t, `/api/appointments/${job.appointmentId}/cancel`, undefined, job.cookie);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect((await job.payoutRow()).status).toBe('void');
    expect(await job.earnings()).toEqual({ paid: '0.00', toBePaid: '0.00', onHold: '0.00' });
  });

  it('takes one review per repair after completion, and makes the repairer’s rating the mean', async () => {
    const first = await assignedJob(t, workingDay(24));
    const early = await post(t, `/api/appointments/${first.appointmentId}/review`, { rating: 5 }, first.cookie);
    expect(early.statusCode).toBe(409);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(onThe(first.day));
    await done(t, first.appointmentId, first.repairer);
    for (const rating of [0, 6, 2.5, 'five', '4', true, null]) {
      const bad = await post(t, `/api/appointments/${first.appointmentId}/review`, { rating }, first.cookie);
      expect([bad.statusCode, bad.json().fieldErrors]).toEqual([400, { rating: completionMessages.rating }]);
    }
    const reviewed = await post(t, `/api/appointments/${first.appointmentId}/review`, { rating: 4, comment: 'Tidy work, on time.' }, first.cookie);
    expect(reviewed.json().aftercare.review).toEqual({ rating: 4, comment: 'Tidy work, on time.' });
    expect((await post(t, `/api/appointments/${first.appointmentId}/review`, { rating: 1 }, first.cookie)).json().message).toBe(completionMessages.alreadyReviewed);
    const [business] = await t.database.db.select().from(repairers).where(eq(repairers.id, first.repairerId));
    expect(business!.ratingTenths).toBe(40);
  });
});

describe.skipIf(!serverDatabaseAvailable())('reviews on the PostgreSQL server', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ engine: 'server', env: { AUTO_DISPATCH: 'false', SESSION_TTL_HOURS: '2160' } });
    await t.database.db.update(repairers).set({ isVerified: false });
  });
  afterAll(() => t?.close());
  afterEach(() => vi.useRealTimers());

  it('counts in the rating a review of the same repairer that commits while this one is taken', async () => {
    const job = await assignedJob(t, workingDay(26));
    // Another of the repairer's customers, reviewing at the same moment: their review and mean
    // written, not yet committed. (Its UPDATE's lock does not stop a review's insert; only an
    // explicit lock on the repairer's row before the mean does.)
    const other = await paidBooking(t, workingDay(27), 'afternoon');
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(onThe(job.day));
    expect((await done(t, job.appointmentId, job.repairer)).statusCode).toBe(200);

    const reviewed = await whileAnotherTransactionHolds(
      t.database.db,
      async (tx) => {
        await tx.execute(sql`INSERT INTO repairer_reviews (appointment_id, repairer_id, rating) VALUES (${other.appointmentId}, ${job.repairerId}, 1)`);
        await tx.execute(sql`UPDATE repairers SET rating_tenths = 10 WHERE id = ${job.repairerId}`);
      },
      () => post(t, `/api/appointments/${job.appointmentId}/review`, { rating: 5 }, job.cookie),
    );
    expect(reviewed.statusCode, reviewed.body).toBe(200);
    const [business] = await t.database.db.select().from(repairers).where(eq(repairers.id, job.repairerId));
    // The mean of 1 and 5; a mean taken before the other review committed would say 5.0.
    expect(business!.ratingTenths).toBe(30);
  });
});

async function stripeRelease(t: TestApp, standIn: StripeStandIn, callers: number) {
  const job = await assignedJob(t, workingDay(25), { stripeAccountId: 'acct_repairer1', stripeOnboardedAt: new Date() });
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(onThe(job.day));
  await done(t, job.appointmentId, job.repairer);
  await post(t, `/api/appointments/${job.appointmentId}/confirm-completion`, {}, job.cookie);
  vi.useRealTimers();
  const url = new URL(standIn.url);
  const stripe = createStripeClient({ secretKey: standIn.secretKey, publishableKey: standIn.publishableKey, webhookSecret: standIn.webhookSecret, apiBase: { host: url.hostname, port: Number(url.port), protocol: 'http' } });
  const payout = await job.payoutRow();
  // A run that crashed after Stripe's transfer but before recording it: the next runs must not pay again.
  await stripe.transfers.create(
    { amount: payout.amountPence, currency: 'gbp', destination: 'acct_repairer1', transfer_group: `appointment-${job.appointmentId}`, metadata: { payout_id: String(payout.id) } },
    { idempotencyKey: `payout-${payout.id}` },
  );
  const runs = await Promise.all(Array.from({ length: callers }, () => releaseDuePayouts({ db: t.database.db, config: t.config, log: silent, stripe }, new Date())));
  expect(runs.reduce((a, b) => a + b, 0)).toBe(1);
  const mine = standIn.transfers.filter((tr) => tr.destination === 'acct_repairer1' && tr.amount === payout.amountPence);
  expect(mine).toHaveLength(1);
  expect(await job.payoutRow()).toMatchObject({ status: 'released', providerRef: mine[0]!.id });
  // One e-mail however many runs raced, naming the transfer that paid it.
  const told = await job.paidEmails();
  expect(told).toHaveLength(1);
  expect(told[0]!.textBody).toContain(`It has been sent to your Stripe account (transfer ${mine[0]!.id}).`);
  expect(told[0]!.textBody).not.toContain('Test mode');
  expect(standIn.requests.filter((r) => r.method === 'POST' && r.path === '/v1/transfers').every((r) => r.idempotencyKey === `payout-${payout.id}`)).toBe(true);
}

/** A finished job whose customer reported a problem (the share held), with an admin signed in. */
async function reportedJob(t: TestApp, day: string) {
  const job = await assignedJob(t, day);
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(onThe(job.day));
  expect((await done(t, job.appointmentId, job.repairer)).statusCode).toBe(200);
  expect((await post(t, `/api/appointments/${job.appointmentId}/report-problem`, { message: 'The dent is still there on the wing.' }, job.cookie)).statusCode).toBe(200);
  vi.useRealTimers();
  const adminUser = await createUser(t.database.db, { role: 'admin' });
  const admin = await signInAs(t.app, adminUser.email, adminUser.password);
  const payout = await job.payoutRow();
  const refund = (body: unknown = { reason: 'The dent could not be removed without a respray.' }) => post(t, `/api/admin/payouts/${payout.id}/refund-customer`, body, admin);
  const release = () => post(t, `/api/admin/payouts/${payout.id}/release`, {}, admin);
  return { ...job, admin, adminUser, payout, refund, release };
}

describe('refunding the customer after a reported problem', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ engine: 'auto', env: { AUTO_DISPATCH: 'false', SESSION_TTL_HOURS: '2160' } });
  });
  afterAll(() => t?.close());
  afterEach(() => vi.useRealTimers());

  it('refunds in full, cancels the held share, keeps the reason in the audit log, and tells both', async () => {
    const job = await reportedJob(t, workingDay(31));
    const db = t.database.db;
    const [paymentBefore] = await db.select().from(payments).where(eq(payments.id, job.payout.paymentId));

    // Bad input changes nothing: no reason, a short one, a control character.
    for (const [body, message] of [
      [{}, completionMessages.refundReasonShort],
      [{ reason: 'no' }, completionMessages.refundReasonShort],
      [{ reason: 'x'.repeat(501) }, completionMessages.refundReasonLong],
      [{ reason: 'Not put right\u0000 at all' }, completionMessages.refundReasonShort],
    ] as const) {
      const refused = await job.refund(body);
      expect([refused.statusCode, refused.json().fieldErrors?.reason], JSON.stringify(body)).toEqual([400, message]);
    }
    expect((await job.payoutRow()).status).toBe('held');

    const refunded = await job.refund();
    expect(refunded.statusCode, refunded.body).toBe(200);
    const amount = penceToDecimalString(paymentBefore!.amountPence);
    expect(refunded.json()).toEqual({ payoutId: job.payout.id, appointmentId: job.appointmentId, refunded: amount, paymentStatus: 'refunded', payoutStatus: 'void' });
    const [payment] = await db.select().from(payments).where(eq(payments.id, job.payout.paymentId));
    expect(payment).toMatchObject({ status: 'refunded', refundedPence: paymentBefore!.amountPence, refundRef: expect.stringMatching(/^re_test_/) });
    expect((await job.payoutRow()).status).toBe('void');
    const [audit] = await db.select().from(auditLog).where(and(eq(auditLog.entity, 'payment'), eq(auditLog.entityId, payment!.id), eq(auditLog.action, 'payment_refunded')));
    expect(audit).toMatchObject({ actorRole: 'admin', actorUserId: job.adminUser.id, detail: { reason: 'The dent could not be removed without a respray.', after: 'problem reported', amountPence: paymentBefore!.amountPence } });

    // The customer is told, the technician is told, and neither e-mail carries the team's note.
    const [toCustomer] = await db.select().from(outboxEmails).where(and(eq(outboxEmails.toAddress, job.assessment.email), eq(outboxEmails.kind, 'booking-refunded')));
    expect(toCustomer!.textBody).toContain(`After the problem you reported with your repair on ${formatLondonDate(job.day)}, we have refunded £${amount} in full to the card you paid with.`);
    const [business] = await db.select().from(repairers).where(eq(repairers.id, job.repairerId));
    const [toTechnician] = await db.select().from(outboxEmails).where(and(eq(outboxEmails.toAddress, business!.email!), eq(outboxEmails.kind, 'repairer-share-cancelled')));
    expect(toTechnician!.subject).toBe(`No payment for the repair on ${formatLondonDate(job.day)}: the customer was refunded`);
    for (const email of [toCustomer!, toTechnician!]) expect(email.textBody).not.toContain('respray');

    // Everyone's view follows: the customer's booking, the technician's job and totals, the admin's list.
    const view = (await t.app.inject({ url: `/api/appointments/${job.appointmentId}`, headers: { cookie: job.cookie } })).json();
    expect(view).toMatchObject({ status: 'completed', paymentStatus: 'refunded' });
    expect((await job.asListed()).appointment).toMatchObject({ payout: { status: 'void' }, problemReportedAt: expect.any(String) });
    expect(await job.earnings()).toEqual({ paid: '0.00', toBePaid: '0.00', onHold: '0.00' });
    const listed = (await t.app.inject({ url: '/api/admin/reported-problems', headers: { cookie: job.admin } })).json() as { payoutId: number }[];
    expect(listed.some((p) => p.payoutId === job.payout.id)).toBe(false);

    // Twice is a wrong state, and so is releasing what was refunded.
    const again = await job.refund();
    expect([again.statusCode, again.json().message]).toEqual([409, completionMessages.refundAlreadyDone]);
    expect((await job.release()).statusCode).toBe(409);
  });

  it('refuses a repair with no problem reported, a share already released, and a payout that does not exist (nothing changes)', async () => {
    const confirmed = await assignedJob(t, workingDay(32));
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(onThe(confirmed.day));
    await done(t, confirmed.appointmentId, confirmed.repairer);
    vi.useRealTimers();
    const adminUser = await createUser(t.database.db, { role: 'admin' });
    const admin = await signInAs(t.app, adminUser.email, adminUser.password);
    const reason = { reason: 'Refund asked for by the customer by phone.' };
    const noProblem = await post(t, `/api/admin/payouts/${(await confirmed.payoutRow()).id}/refund-customer`, reason, admin);
    expect([noProblem.statusCode, noProblem.json().message]).toEqual([409, completionMessages.refundNotAfterProblem]);
    expect((await confirmed.payoutRow()).status).toBe('owed');

    const released = await reportedJob(t, workingDay(33));
    expect((await released.release()).statusCode).toBe(200);
    const late = await released.refund();
    expect([late.statusCode, late.json().message]).toEqual([409, completionMessages.refundPayoutNotHeld]);
    const [payment] = await t.database.db.select().from(payments).where(eq(payments.id, released.payout.paymentId));
    expect(payment!.status).toBe('succeeded');

    expect((await post(t, '/api/admin/payouts/999999/refund-customer', reason, admin)).statusCode).toBe(404);
  });

  it('refunds through Stripe once, for the whole payment, however often the admin presses', async () => {
    const standIn = await startStripeStandIn();
    const stripeApp = await createTestApp({ env: { ...standIn.env, AUTO_DISPATCH: 'false', SESSION_TTL_HOURS: '2160' } });
    try {
      const job = await assignedJob(stripeApp, workingDay(37), { stripeAccountId: 'acct_refund1', stripeOnboardedAt: new Date() }, standIn);
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(onThe(job.day));
      expect((await done(stripeApp, job.appointmentId, job.repairer)).statusCode).toBe(200);
      expect((await post(stripeApp, `/api/appointments/${job.appointmentId}/report-problem`, { message: 'The paint does not match the door.' }, job.cookie)).statusCode).toBe(200);
      vi.useRealTimers();
      const adminUser = await createUser(stripeApp.database.db, { role: 'admin' });
      const admin = await signInAs(stripeApp.app, adminUser.email, adminUser.password);
      const payout = await job.payoutRow();
      const [payment] = await stripeApp.database.db.select().from(payments).where(eq(payments.id, payout.paymentId));
      const refund = () => post(stripeApp, `/api/admin/payouts/${payout.id}/refund-customer`, { reason: 'The colour could not be matched.' }, admin);
      const answers = await Promise.all([refund(), refund()]);
      expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
      expect(standIn.refunds).toEqual([expect.objectContaining({ payment_intent: payment!.providerRef, amount: payment!.amountPence })]);
      expect(standIn.transfers.filter((tr) => tr.destination === 'acct_refund1')).toEqual([]);
      expect((await job.payoutRow()).status).toBe('void');
    } finally {
      await stripeApp.close();
      await standIn.close();
    }
  });

  it.skipIf(!serverDatabaseAvailable())('either refunds the customer or pays the technician when an admin does both at once, never both (server)', async () => {
    const server = await createTestApp({ engine: 'server', env: { AUTO_DISPATCH: 'false', SESSION_TTL_HOURS: '2160' } });
    try {
      for (let round = 0; round < 3; round++) {
        const job = await reportedJob(server, workingDay(34 + round));
        const [refund, release] = await Promise.all([job.refund(), job.release()]);
        expect([refund.statusCode, release.statusCode].sort()).toEqual([200, 409]);
        const [payment] = await server.database.db.select().from(payments).where(eq(payments.id, job.payout.paymentId));
        const payout = await job.payoutRow();
        expect([payment!.status, payout.status]).toEqual(refund.statusCode === 200 ? ['refunded', 'void'] : ['succeeded', 'released']);
      }
    } finally {
      await server.close();
    }
  });
});

describe('releasing through Stripe Connect transfers', () => {
  let standIn: StripeStandIn;
  beforeAll(async () => {
    standIn = await startStripeStandIn();
  });
  afterAll(() => standIn?.close());
  afterEach(() => vi.useRealTimers());

  it('makes one transfer on PGlite, whatever crashed before and however many runs race', async () => {
    const t = await createTestApp({ env: { AUTO_DISPATCH: 'false', SESSION_TTL_HOURS: '2160' } });
    try {
      await stripeRelease(t, standIn, 4);
    } finally {
      await t.close();
    }
  });

  it.skipIf(!serverDatabaseAvailable())('makes one transfer on the PostgreSQL server with 10 concurrent runs', async () => {
    const t = await createTestApp({ engine: 'server', env: { AUTO_DISPATCH: 'false', SESSION_TTL_HOURS: '2160' } });
    try {
      await stripeRelease(t, standIn, 10);
    } finally {
      await t.close();
    }
  });

  it('moves no money for a share held meanwhile: a problem reported while the transfer is made finds the share being sent, and it is released', async () => {
    // A Stripe of its own: payout ids start again in each database, and the shared one remembers their keys.
    const own = await startStripeStandIn();
    const t = await createTestApp({ env: { AUTO_DISPATCH: 'false', SESSION_TTL_HOURS: '2160' } });
    try {
      await releaseRacingAReport(t, own, 'acct_racing1');
    } finally {
      await t.close();
      await own.close();
    }
  });

  it.skipIf(!serverDatabaseAvailable())('moves no money for a share held meanwhile, on the PostgreSQL server', async () => {
    // A Stripe of its own: payout ids start again in each database, and the shared one remembers their keys.
    const own = await startStripeStandIn();
    const t = await createTestApp({ engine: 'server', env: { AUTO_DISPATCH: 'false', SESSION_TTL_HOURS: '2160' } });
    try {
      await releaseRacingAReport(t, own, 'acct_racing2');
    } finally {
      await t.close();
      await own.close();
    }
  });

  it('pays the other due shares when one transfer is refused, and fails the run so it is retried and seen', async () => {
    const own = await startStripeStandIn();
    const t = await createTestApp({ env: { AUTO_DISPATCH: 'false', SESSION_TTL_HOURS: '2160' } });
    try {
      // Stripe refuses the first (an account it does not know); the second is fine.
      const refused = await assignedJob(t, workingDay(28), { stripeAccountId: 'not_an_account', stripeOnboardedAt: new Date() });
      const fine = await assignedJob(t, workingDay(29), { stripeAccountId: 'acct_fine1', stripeOnboardedAt: new Date() });
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(onThe(fine.day));
      for (const job of [refused, fine]) {
        expect((await done(t, job.appointmentId, job.repairer)).statusCode).toBe(200);
        expect((await post(t, `/api/appointments/${job.appointmentId}/confirm-completion`, {}, job.cookie)).statusCode).toBe(200);
      }
      vi.useRealTimers();
      expect((await refused.payoutRow()).id).toBeLessThan((await fine.payoutRow()).id);
      const warnings: object[] = [];
      const log = { info() {}, warn: (details: object) => void warnings.push(details) };
      await expect(releaseDuePayouts({ db: t.database.db, config: t.config, log, stripe: stripeOf(own) }, new Date())).rejects.toThrow(/could not be paid/);
      expect(await fine.payoutRow()).toMatchObject({ status: 'released', providerRef: expect.stringMatching(/^tr_/) });
      expect((await refused.payoutRow()).status).toBe('owed');
      const refusedPayout = await refused.payoutRow();
      expect(warnings).toContainEqual(expect.objectContaining({ payoutId: refusedPayout.id, detail: expect.objectContaining({ statusCode: 400 }) }));
      // Held after a reported problem, the admin's release gets Stripe's reason (502), and it stays held.
      await t.database.db.update(payouts).set({ status: 'held' }).where(eq(payouts.id, refusedPayout.id));
      await expect(releaseHeldPayout({ db: t.database.db, config: t.config, log, stripe: stripeOf(own) }, refusedPayout.id, new Date())).rejects.toMatchObject({
        statusCode: 502,
        message: expect.stringMatching(/^Stripe did not make the transfer, so the payout is still held\. /),
      });
      expect((await refused.payoutRow()).status).toBe('held');
    } finally {
      await t.close();
      await own.close();
    }
  });
});

function stripeOf(standIn: StripeStandIn): Stripe {
  const url = new URL(standIn.url);
  return createStripeClient({ secretKey: standIn.secretKey, publishableKey: standIn.publishableKey, webhookSecret: standIn.webhookSecret, apiBase: { host: url.hostname, port: Number(url.port), protocol: 'http' } });
}

/**
 * The release reads the share as due (72 hours on), and while it pays, the customer reports a
 * problem (allowed until the share is released). Whoever goes first, the records and the money
 * agree: a transfer made means the share is released; a share held means no transfer. The share
 * is claimed (`sending`) before Stripe is asked, so the report finds it being sent and leaves it.
 */
async function releaseRacingAReport(t: TestApp, standIn: StripeStandIn, account: string) {
  const job = await assignedJob(t, workingDay(27), { stripeAccountId: account, stripeOnboardedAt: new Date() });
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(onThe(job.day));
  await done(t, job.appointmentId, job.repairer);
  vi.setSystemTime(new Date(onThe(job.day).getTime() + 73 * 3600 * 1000));
  const stripe = stripeOf(standIn);
  let report: ReturnType<typeof post> | undefined;
  // Stripe's transfer is asked for once the report is under way: the report is given half a
  // second to finish first (it does: nothing holds the share's row during Stripe's call).
  const racing = {
    transfers: {
      list: (...args: Parameters<Stripe['transfers']['list']>) => stripe.transfers.list(...args),
      create: async (...args: Parameters<Stripe['transfers']['create']>) => {
        report ??= post(t, `/api/appointments/${job.appointmentId}/report-problem`, { message: 'The paint has bubbled along the repair.' }, job.cookie);
        await Promise.race([report, new Promise((resolve) => setTimeout(resolve, 500))]);
        return stripe.transfers.create(...args);
      },
    },
  } as unknown as Stripe;
  const released = await releaseDuePayouts({ db: t.database.db, config: t.config, log: silent, stripe: racing }, new Date());
  expect(report).toBeDefined();
  const reported = await report!;
  vi.useRealTimers();
  expect(reported.statusCode, reported.body).toBe(200);
  const transfers = standIn.transfers.filter((tr) => tr.destination === account);
  const payout = await job.payoutRow();
  expect(transfers).toHaveLength(1);
  expect([released, payout.status, payout.providerRef]).toEqual([1, 'released', transfers[0]!.id]);
  // The report is kept and the team told, beside a share already paid.
  const team = await t.database.db.select().from(outboxEmails).where(eq(outboxEmails.kind, 'repair-problem-team'));
  expect(team.some((e) => e.textBody.includes('The paint has bubbled along the repair.'))).toBe(true);
}

/** A confirmed job whose repairer has the Connect account `account`: its share is due now. `stripe`: the stand-in an app taking payments through Stripe uses. */
/** Delivers a signed event from the Stripe stand-in to this app's webhook, as Stripe does. */
function webhookDelivery(t: TestApp) {
  return (delivery: { payload: string; headers: Record<string, string> }) =>
    t.app.inject({ method: 'POST', url: '/api/stripe/webhook', payload: delivery.payload, headers: delivery.headers });
}

async function dueThroughStripe(t: TestApp, account: string, day = workingDay(26), stripe?: StripeStandIn) {
  const job = await assignedJob(t, day, { stripeAccountId: account, stripeOnboardedAt: new Date() }, stripe);
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(onThe(job.day));
  expect((await done(t, job.appointmentId, job.repairer)).statusCode).toBe(200);
  expect((await post(t, `/api/appointments/${job.appointmentId}/confirm-completion`, {}, job.cookie)).statusCode).toBe(200);
  vi.useRealTimers();
  return job;
}

/**
 * The database as the release sees it, failing every write once `broken()` is true (a crash, or
 * the database going away, between Stripe's answer and the record), inside transactions too.
 */
function failingWrites(db: Db, broken: () => boolean): Db {
  const wrap = (target: Db): Db =>
    new Proxy(target, {
      get(object, property, receiver) {
        if (property === 'update' || property === 'insert' || property === 'delete') {
          return (...args: unknown[]) => {
            if (broken()) throw new Error('the process died before recording the transfer');
            return (Reflect.get(object, property, receiver) as (...a: unknown[]) => unknown).apply(object, args);
          };
        }
        if (property === 'transaction') {
          return (run: (tx: Db) => Promise<unknown>, ...rest: unknown[]) => object.transaction((tx) => run(wrap(tx as Db)), ...(rest as []));
        }
        const value = Reflect.get(object, property, receiver) as unknown;
        return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(object) : value;
      },
    });
  return wrap(db);
}

/** The database as the release sees it, noting how many rows each of its reads (`select`) answered. */
function countingReads(db: Db, sizes: number[]): Db {
  const counted = (builder: object): object =>
    new Proxy(builder, {
      get(target, property) {
        const value = Reflect.get(target, property, target) as unknown;
        if (property === 'then') {
          return (resolve: (rows: unknown) => unknown, reject: (error: unknown) => unknown) =>
            (target as PromiseLike<unknown>).then((rows) => {
              if (Array.isArray(rows)) sizes.push(rows.length);
              return rows;
            }).then(resolve, reject);
        }
        if (typeof value !== 'function') return value;
        return (...args: unknown[]) => {
          const result = (value as (...a: unknown[]) => unknown).apply(target, args);
          return result !== null && typeof result === 'object' && 'then' in result ? counted(result) : result;
        };
      },
    });
  return new Proxy(db, {
    get(object, property, receiver) {
      if (property === 'select') return (...args: Parameters<Db['select']>) => counted(object.select(...args));
      const value = Reflect.get(object, property, receiver) as unknown;
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(object) : value;
    },
  });
}

const HOUR = 3600 * 1000;

/** What an admin sees of payouts beside the reported problems (GET /api/admin/payouts-in-question). */
async function inQuestion(t: TestApp): Promise<PayoutsInQuestion> {
  const adminUser = await createUser(t.database.db, { role: 'admin' });
  const cookie = await signInAs(t.app, adminUser.email, adminUser.password);
  const response = await t.app.inject({ url: '/api/admin/payouts-in-question', headers: { cookie } });
  expect(response.statusCode, response.body).toBe(200);
  return PayoutsInQuestionSchema.parse(response.json());
}

describe('paying a share safely across a crash, without holding the database during Stripe’s call', () => {
  afterEach(() => vi.useRealTimers());

  for (const engine of ['pglite', 'server'] as const) {
    it.skipIf(engine === 'server' && !serverDatabaseAvailable())(
      `pays once when the run died after Stripe's transfer and the retry comes after Stripe forgot the key (${engine})`,
      async () => {
        const standIn = await startStripeStandIn();
        const t = await createTestApp({ ...(engine === 'server' ? { engine: 'server' as const } : {}), env: { AUTO_DISPATCH: 'false', SESSION_TTL_HOURS: '2160' } });
        try {
          const job = await dueThroughStripe(t, 'acct_crash1');
          const stripe = stripeOf(standIn);
          // The first run: Stripe makes the transfer, then the recording step fails.
          let transferMade = false;
          const watching = {
            transfers: {
              list: (...args: Parameters<Stripe['transfers']['list']>) => stripe.transfers.list(...args),
              create: async (...args: Parameters<Stripe['transfers']['create']>) => {
                const transfer = await stripe.transfers.create(...args);
                transferMade = true;
                return transfer;
              },
            },
          } as unknown as Stripe;
          const crashed = { db: failingWrites(t.database.db, () => transferMade), config: t.config, log: silent, stripe: watching };
          await expect(releaseDuePayouts(crashed, new Date())).rejects.toThrow(/could not be paid/);
          expect(standIn.transfers).toHaveLength(1);
          expect((await job.payoutRow()).status).not.toBe('released');
          // More than a day down: Stripe no longer knows the key, and the next run comes.
          standIn.forgetIdempotencyKeys();
          const later = new Date(Date.now() + 25 * HOUR);
          expect(await releaseDuePayouts({ db: t.database.db, config: t.config, log: silent, stripe }, later)).toBe(1);
          expect(standIn.transfers).toHaveLength(1);
          expect(await job.payoutRow()).toMatchObject({ status: 'released', providerRef: standIn.transfers[0]!.id, sendingAt: null });
          // And once recorded, nothing pays it again.
          expect(await releaseDuePayouts({ db: t.database.db, config: t.config, log: silent, stripe }, new Date(later.getTime() + HOUR))).toBe(0);
          expect(standIn.transfers).toHaveLength(1);
        } finally {
          await t.close();
          await standIn.close();
        }
      },
    );
  }

  it('answers other queries on PGlite while Stripe is slow to make the transfer', async () => {
    const standIn = await startStripeStandIn();
    const t = await createTestApp({ env: { AUTO_DISPATCH: 'false', SESSION_TTL_HOURS: '2160' } });
    const stall = standIn.stall('POST /v1/transfers');
    try {
      const job = await dueThroughStripe(t, 'acct_slow1');
      const payoutId = (await job.payoutRow()).id;
      const run = releaseDuePayouts({ db: t.database.db, config: t.config, log: silent, stripe: stripeOf(standIn) }, new Date());
      await stall.reached;
      // PGlite has one connection: a transaction open across Stripe's call would keep this waiting.
      const read = t.database.db.select({ status: payouts.status }).from(payouts).where(eq(payouts.id, payoutId));
      const answered = await Promise.race([read, new Promise((resolve) => setTimeout(() => resolve('still waiting'), 2000))]);
      expect(answered).toEqual([{ status: 'sending' }]);
      // Admins see it being sent, and when the job would take it over if Stripe never answered.
      const claimed = await job.payoutRow();
      expect((await inQuestion(t)).sending).toEqual([
        expect.objectContaining({ payoutId, since: claimed.sendingSince!.toISOString(), retryFrom: new Date(claimed.sendingAt!.getTime() + 10 * 60 * 1000).toISOString() }),
      ]);
      expect((await inQuestion(t)).totals).toEqual({ withheld: 0, sending: 1 });
      stall.release();
      expect(await run).toBe(1);
      expect(await job.payoutRow()).toMatchObject({ status: 'released', providerRef: standIn.transfers[0]!.id });
    } finally {
      stall.release();
      await t.close();
      await standIn.close();
    }
  });

  it.skipIf(!serverDatabaseAvailable())('pays once when two instances run the release at the same moment, on the PostgreSQL server', async () => {
    const standIn = await startStripeStandIn();
    const t = await createTestApp({ engine: 'server', env: { AUTO_DISPATCH: 'false', SESSION_TTL_HOURS: '2160' } });
    try {
      const job = await dueThroughStripe(t, 'acct_twice1');
      const payout = await job.payoutRow();
      const stripe = stripeOf(standIn);
      const run = () => releaseDuePayouts({ db: t.database.db, config: t.config, log: silent, stripe }, new Date());
      // Both runs have read the share as due and wait for its row (a report being written holds
      // it); when it commits unchanged, one claims it and the other finds it claimed.
      const runs = await whileAnotherTransactionHolds(
        t.database.db,
        (tx) => tx.select({ id: payouts.id }).from(payouts).where(eq(payouts.id, payout.id)).for('update'),
        () => Promise.all([run(), run()]),
      );
      expect(runs.reduce((a, b) => a + b, 0)).toBe(1);
      expect(standIn.transfers).toHaveLength(1);
      expect(standIn.requests.filter((r) => r.method === 'POST' && r.path === '/v1/transfers')).toHaveLength(1);
      expect(await job.payoutRow()).toMatchObject({ status: 'released', providerRef: standIn.transfers[0]!.id });
    } finally {
      await t.close();
      await standIn.close();
    }
  });

  for (const engine of ['pglite', 'server'] as const) {
    it.skipIf(engine === 'server' && !serverDatabaseAvailable())(`pays once when the job takes over an admin's release that Stripe is slow to answer (${engine})`, async () => {
      const standIn = await startStripeStandIn();
      const t = await createTestApp({ ...(engine === 'server' ? { engine: 'server' as const } : {}), env: { AUTO_DISPATCH: 'false', SESSION_TTL_HOURS: '2160' } });
      const stall = standIn.stall('POST /v1/transfers');
      try {
        const job = await assignedJob(t, workingDay(26), { stripeAccountId: 'acct_overtaken1', stripeOnboardedAt: new Date() });
        vi.useFakeTimers({ toFake: ['Date'] });
        vi.setSystemTime(onThe(job.day));
        await done(t, job.appointmentId, job.repairer);
        await post(t, `/api/appointments/${job.appointmentId}/report-problem`, { message: 'The colour does not quite match the door.' }, job.cookie);
        vi.useRealTimers();
        const payout = await job.payoutRow();
        const ctx = { db: t.database.db, config: t.config, log: silent, stripe: stripeOf(standIn) };
        const admin = releaseHeldPayout(ctx, payout.id, new Date()).then(
          () => 'released',
          (error: unknown) => error,
        );
        await stall.reached;
        expect((await job.payoutRow()).status).toBe('sending');
        // The job meanwhile leaves a claim in its lease alone…
        expect(await releaseDuePayouts(ctx, new Date())).toBe(0);
        expect(stall.arrived()).toBe(1);
        // …and takes it over once the lease is over, Stripe still not having answered the admin:
        // both ask for the transfer under the payout's key, and Stripe makes it once.
        const overtaking = releaseDuePayouts(ctx, new Date(Date.now() + 11 * 60 * 1000));
        await vi.waitFor(() => expect(stall.arrived()).toBe(2), { timeout: 5000 });
        stall.release();
        const [adminOutcome, jobReleased] = await Promise.all([admin, overtaking]);
        expect(standIn.transfers).toHaveLength(1);
        expect(await job.payoutRow()).toMatchObject({ status: 'released', providerRef: standIn.transfers[0]!.id });
        // Exactly one of them recorded it; the other was told (409) or counted nothing.
        expect((adminOutcome === 'released' ? 1 : 0) + jobReleased).toBe(1);
        if (adminOutcome !== 'released') expect(adminOutcome).toMatchObject({ statusCode: 409 });
      } finally {
        stall.release();
        await t.close();
        await standIn.close();
      }
    });
  }

  it("answers an admin's release 503 when Stripe cannot be reached, and the job then pays it once", async () => {
    const standIn = await startStripeStandIn();
    const t = await createTestApp({ env: { AUTO_DISPATCH: 'false', SESSION_TTL_HOURS: '2160' } });
    try {
      const job = await assignedJob(t, workingDay(26), { stripeAccountId: 'acct_unreachable1', stripeOnboardedAt: new Date() });
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(onThe(job.day));
      await done(t, job.appointmentId, job.repairer);
      await post(t, `/api/appointments/${job.appointmentId}/report-problem`, { message: 'There is a scratch left on the bumper.' }, job.cookie);
      vi.useRealTimers();
      const payout = await job.payoutRow();
      // A port nothing listens on: Stripe unreachable.
      const closed = http.createServer();
      await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
      const port = (closed.address() as AddressInfo).port;
      await new Promise<void>((resolve) => closed.close(() => resolve()));
      const unreachable = createStripeClient({ secretKey: standIn.secretKey, publishableKey: standIn.publishableKey, webhookSecret: standIn.webhookSecret, apiBase: { host: '127.0.0.1', port, protocol: 'http' } });
      await expect(releaseHeldPayout({ db: t.database.db, config: t.config, log: silent, stripe: unreachable }, payout.id, new Date())).rejects.toMatchObject({
        statusCode: 503,
        message: completionMessages.payoutUnconfirmed,
      });
      // Not known to be unpaid, so not held again: being sent, let go for the job to finish.
      const stuck = await job.payoutRow();
      expect(stuck).toMatchObject({ status: 'sending', sendingAt: null, sendingSince: expect.any(Date) });
      // Admins see it, since the admin's claim, for the job's next run.
      expect((await inQuestion(t)).sending).toEqual([
        { payoutId: payout.id, appointmentId: job.appointmentId, reference: job.assessment.reference, technician: expect.any(String), amount: expect.any(String), since: stuck.sendingSince!.toISOString(), retryFrom: null },
      ]);
      await expect(releaseHeldPayout({ db: t.database.db, config: t.config, log: silent, stripe: stripeOf(standIn) }, payout.id, new Date())).rejects.toMatchObject({
        statusCode: 409,
        message: completionMessages.payoutSending,
      });
      expect(await releaseDuePayouts({ db: t.database.db, config: t.config, log: silent, stripe: stripeOf(standIn) }, new Date())).toBe(1);
      expect(standIn.transfers).toHaveLength(1);
      expect(await job.payoutRow()).toMatchObject({ status: 'released', providerRef: standIn.transfers[0]!.id });
      expect((await inQuestion(t)).sending).toEqual([]);
    } finally {
      await t.close();
      await standIn.close();
    }
  });

  it('holds a share again when Stripe refuses its transfer after the customer reported a problem during the call', async () => {
    const standIn = await startStripeStandIn();
    const t = await createTestApp({ env: { AUTO_DISPATCH: 'false', SESSION_TTL_HOURS: '2160' } });
    try {
      const job = await assignedJob(t, workingDay(26), { stripeAccountId: 'not_an_account', stripeOnboardedAt: new Date() });
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(onThe(job.day));
      await done(t, job.appointmentId, job.repairer);
      vi.setSystemTime(new Date(onThe(job.day).getTime() + 73 * HOUR));
      const stripe = stripeOf(standIn);
      let reported: Awaited<ReturnType<typeof post>> | undefined;
      const racing = {
        transfers: {
          list: (...args: Parameters<Stripe['transfers']['list']>) => stripe.transfers.list(...args),
          create: async (...args: Parameters<Stripe['transfers']['create']>) => {
            // The share is being sent: the report does not wait for Stripe, and does not hold it.
            reported = await post(t, `/api/appointments/${job.appointmentId}/report-problem`, { message: 'The repair has started to peel.' }, job.cookie);
            return stripe.transfers.create(...args);
          },
        },
      } as unknown as Stripe;
      await expect(releaseDuePayouts({ db: t.database.db, config: t.config, log: silent, stripe: racing }, new Date())).rejects.toThrow(/could not be paid/);
      vi.useRealTimers();
      expect(reported?.statusCode, reported?.body).toBe(200);
      expect(standIn.transfers).toHaveLength(0);
      // Not owed (nothing would ever pay or show it): held, for the team to look at.
      expect(await job.payoutRow()).toMatchObject({ status: 'held', sendingAt: null });
    } finally {
      await t.close();
      await standIn.close();
    }
  });

  it('pays a backlog longer than a page in one run, a page at a time, each share once', async () => {
    const standIn = await startStripeStandIn();
    const t = await createTestApp({ env: { AUTO_DISPATCH: 'false', SESSION_TTL_HOURS: '2160' } });
    try {
      // Five due shares (a slot takes three bookings); three of them abandoned while being sent,
      // one of those after Stripe made its transfer.
      const jobs = [];
      for (const [i, day] of [workingDay(35), workingDay(35), workingDay(35), workingDay(42), workingDay(42)].entries()) jobs.push(await dueThroughStripe(t, `acct_backlog${i}`, day));
      const ids = await Promise.all(jobs.map(async (job) => (await job.payoutRow()).id));
      await t.database.db.update(payouts).set({ status: 'sending', sendingAt: null }).where(inArray(payouts.id, ids.slice(0, 3)));
      const stripe = stripeOf(standIn);
      const [crashed] = await t.database.db.select().from(payouts).where(eq(payouts.id, ids[0]!));
      await stripe.transfers.create(
        { amount: crashed!.amountPence, currency: 'gbp', destination: 'acct_backlog0', transfer_group: `appointment-${jobs[0]!.appointmentId}`, metadata: { payout_id: String(crashed!.id) } },
        { idempotencyKey: `payout-${crashed!.id}` },
      );
      const reads: number[] = [];
      const ctx = { db: countingReads(t.database.db, reads), config: t.config, log: silent, stripe, pageSize: 2 };
      expect(await releaseDuePayouts(ctx, new Date())).toBe(5);
      // Memory stays bounded: no read answered more than a page.
      expect(Math.max(...reads)).toBe(2);
      for (const [i, job] of jobs.entries()) {
        const mine = standIn.transfers.filter((tr) => tr.destination === `acct_backlog${i}`);
        expect(mine).toHaveLength(1);
        expect(await job.payoutRow()).toMatchObject({ status: 'released', providerRef: mine[0]!.id });
  // One e-mail however many runs raced, naming the transfer that paid it.
  const told = await job.paidEmails();
  expect(told).toHaveLength(1);
  expect(told[0]!.textBody).toContain(`It has been sent to your Stripe account (transfer ${mine[0]!.id}).`);
  expect(told[0]!.textBody).not.toContain('Test mode');
      }
      expect(await releaseDuePayouts(ctx, new Date())).toBe(0);
      expect(standIn.transfers).toHaveLength(5);
    } finally {
      await t.close();
      await standIn.close();
    }
  });

  it('does not count a transfer reversed at Stripe as paid: the job holds the share, and an admin’s release pays it once under a new key', async () => {
    const standIn = await startStripeStandIn();
    const t = await createTestApp({ env: { AUTO_DISPATCH: 'false', SESSION_TTL_HOURS: '2160' } });
    try {
      const job = await dueThroughStripe(t, 'acct_reversed1');
      const payout = await job.payoutRow();
      const stripe = stripeOf(standIn);
      // A run made the transfer and died before recording it; an operator then reversed it in Stripe.
      const first = await stripe.transfers.create(
        { amount: payout.amountPence, currency: 'gbp', destination: 'acct_reversed1', transfer_group: `appointment-${job.appointmentId}`, metadata: { payout_id: String(payout.id) } },
        { idempotencyKey: `payout-${payout.id}` },
      );
      await stripe.transfers.createReversal(first.id);
      const warnings: { details: object; message: string }[] = [];
      const log = { info() {}, warn: (details: object, message: string) => void warnings.push({ details, message }) };
      const ctx = { db: t.database.db, config: t.config, log, stripe };

      // The job neither records the reversed transfer nor pays again on its own: it holds the share.
      expect(await releaseDuePayouts(ctx, new Date())).toBe(0);
      expect(standIn.transfers).toHaveLength(1);
      expect(await job.payoutRow()).toMatchObject({ status: 'held', sendingAt: null, providerRef: null, releasedAt: null });
      expect(warnings).toContainEqual({ details: expect.objectContaining({ payoutId: payout.id, transferId: first.id }), message: expect.stringContaining(first.id) });
      const audit = await t.database.db.select().from(auditLog).where(and(eq(auditLog.entity, 'payout'), eq(auditLog.entityId, payout.id)));
      expect(audit).toEqual([expect.objectContaining({ action: 'payout_withheld', actorRole: 'system', detail: expect.objectContaining({ transferIds: [first.id], shortPence: payout.amountPence }) })]);
      // Later runs leave it held, and admins see it with the reversed transfer.
      expect(await releaseDuePayouts(ctx, new Date(Date.now() + 11 * 60 * 1000))).toBe(0);
      expect(standIn.transfers).toHaveLength(1);
      const shown = await inQuestion(t);
      expect(shown.withheld).toEqual([
        { payoutId: payout.id, appointmentId: job.appointmentId, reference: job.assessment.reference, technician: expect.any(String), amount: expect.stringMatching(/^\d+\.\d{2}$/), since: expect.any(String), reversedTransferIds: [first.id], takenBack: penceToDecimalString(payout.amountPence) },
      ]);
      expect(shown.sending).toEqual([]);
      expect(shown.totals).toEqual({ withheld: 1, sending: 0 });

      // An admin who knows why releases it: one new transfer of the whole share (all of it was taken
      // back), under a key of its own (Stripe would answer the reversed transfer again for the old
      // key within 24 hours).
      await releaseHeldPayout(ctx, payout.id, new Date());
      expect(standIn.transfers).toHaveLength(2);
      const second = standIn.transfers[1]!;
      expect(second).toMatchObject({ amount: payout.amountPence, destination: 'acct_reversed1', reversed: false, metadata: { payout_id: String(payout.id) } });
      expect(standIn.requests.filter((r) => r.method === 'POST' && r.path === '/v1/transfers').map((r) => r.idempotencyKey)).toEqual([`payout-${payout.id}`, `payout-${payout.id}-r1-${payout.amountPence}`]);
      expect(await job.payoutRow()).toMatchObject({ status: 'released', providerRef: second.id });
      expect((await inQuestion(t)).withheld).toEqual([]);

      // And nothing pays it again: not the job, not a second release.
      expect(await releaseDuePayouts(ctx, new Date(Date.now() + 11 * 60 * 1000))).toBe(0);
      await expect(releaseHeldPayout(ctx, payout.id, new Date())).rejects.toMatchObject({ statusCode: 409 });
      expect(standIn.transfers).toHaveLength(2);
    } finally {
      await t.close();
      await standIn.close();
    }
  });

  it('makes good only what a partial reversal took back: the admin’s release sends the difference, never the whole share again', async () => {
    const standIn = await startStripeStandIn();
    const t = await createTestApp({ env: { AUTO_DISPATCH: 'false', SESSION_TTL_HOURS: '2160' } });
    try {
      const job = await dueThroughStripe(t, 'acct_partial1');
      const payout = await job.payoutRow();
      const stripe = stripeOf(standIn);
      const ctx = { db: t.database.db, config: t.config, log: silent, stripe };
      // A run made the transfer and died before recording it; an operator then took £10 of it back.
      const first = await stripe.transfers.create(
        { amount: payout.amountPence, currency: 'gbp', destination: 'acct_partial1', transfer_group: `appointment-${job.appointmentId}`, metadata: { payout_id: String(payout.id) } },
        { idempotencyKey: `payout-${payout.id}` },
      );
      await stripe.transfers.createReversal(first.id, { amount: 1000 });

      // The share is £10 short: the job holds it, naming what was taken back.
      expect(await releaseDuePayouts(ctx, new Date())).toBe(0);
      expect(await job.payoutRow()).toMatchObject({ status: 'held', providerRef: null });
      expect((await inQuestion(t)).withheld).toEqual([expect.objectContaining({ payoutId: payout.id, reversedTransferIds: [first.id], takenBack: '10.00' })]);

      // The admin's release sends the £10, not the whole share: the technician holds exactly their share.
      await releaseHeldPayout(ctx, payout.id, new Date());
      expect(standIn.transfers).toHaveLength(2);
      const second = standIn.transfers[1]!;
      expect(second).toMatchObject({ amount: 1000, destination: 'acct_partial1', metadata: { payout_id: String(payout.id) } });
      expect(standIn.requests.filter((r) => r.method === 'POST' && r.path === '/v1/transfers').at(-1)?.idempotencyKey).toBe(`payout-${payout.id}-r1-1000`);
      const standing = standIn.transfers.reduce((sum, tr) => sum + tr.amount - tr.amount_reversed, 0);
      expect(standing).toBe(payout.amountPence);
      expect(await job.payoutRow()).toMatchObject({ status: 'released', providerRef: second.id });
      // The technician is told what this transfer carried (£10), not that the whole share was paid again.
      const told = await job.paidEmails();
      expect(told).toHaveLength(1);
      expect(told[0]!.subject).toBe(`You have been paid the £10.00 missing from your payment for the repair on ${formatLondonDate(job.day)}`);
      expect(told[0]!.textBody).toContain(`We have sent the £10.00 that was taken back from your payment of £${penceToDecimalString(payout.amountPence)} for this job, so you now hold all of it:`);
      expect(told[0]!.textBody).toContain(`(transfer ${second.id})`);

      // Money went to the technician for this job: refunding the customer here in full would pay twice.
      await t.database.db.update(payouts).set({ status: 'held', releasedAt: null, providerRef: null }).where(eq(payouts.id, payout.id));
      await t.database.db.update(appointments).set({ problemReportedAt: new Date(), problemReport: 'Still not right.' }).where(eq(appointments.id, job.appointmentId));
      const adminUser = await createUser(t.database.db, { role: 'admin' });
      const admin = await signInAs(t.app, adminUser.email, adminUser.password);
      const refused = await post(t, `/api/admin/payouts/${payout.id}/refund-customer`, { reason: 'Could not be put right in the end.' }, admin);
      expect([refused.statusCode, refused.json().message]).toEqual([409, completionMessages.refundPayoutTransferred]);
      expect((await t.database.db.select().from(payments).where(eq(payments.id, payout.paymentId)))[0]!.status).toBe('succeeded');
      await t.database.db.update(payouts).set({ status: 'released', releasedAt: new Date(), providerRef: second.id }).where(eq(payouts.id, payout.id));

      // Paid in full now: a run that takes over a claim on it finds that and sends nothing.
      await t.database.db.update(payouts).set({ status: 'sending', sendingAt: null, providerRef: null, releasedAt: null }).where(eq(payouts.id, payout.id));
      expect(await releaseDuePayouts(ctx, new Date())).toBe(1);
      expect(standIn.transfers).toHaveLength(2);
      expect(await job.payoutRow()).toMatchObject({ status: 'released', providerRef: second.id });
    } finally {
      await t.close();
      await standIn.close();
    }
  });

  it('puts a released payout back on hold when Stripe reports its transfer reversed, once per event, and the release makes good only what was taken', async () => {
    const standIn = await startStripeStandIn();
    const t = await createTestApp({ env: { ...standIn.env, AUTO_DISPATCH: 'false', SESSION_TTL_HOURS: '2160' } });
    const deliver = webhookDelivery(t);
    try {
      const job = await dueThroughStripe(t, 'acct_late1', workingDay(26), standIn);
      const other = await dueThroughStripe(t, 'acct_late2', workingDay(33), standIn);
      const stripe = stripeOf(standIn);
      const ctx = { db: t.database.db, config: t.config, log: silent, stripe };
      expect(await releaseDuePayouts(ctx, new Date())).toBe(2);
      const payout = await job.payoutRow();
      const paid = standIn.transfers.find((tr) => tr.destination === 'acct_late1')!;
      expect(payout).toMatchObject({ status: 'released', providerRef: paid.id });

      // Days later an operator takes £25 back in Stripe, which reports it.
      await stripe.transfers.createReversal(paid.id, { amount: 2500 });
      const event = standIn.webhook('transfer.reversed', paid.id, { eventId: 'evt_late_reversal' });
      expect((await deliver(event)).statusCode).toBe(200);
      expect(await job.payoutRow()).toMatchObject({ status: 'held', providerRef: null, releasedAt: null });
      const audit = await t.database.db.select().from(auditLog).where(and(eq(auditLog.entity, 'payout'), eq(auditLog.entityId, payout.id)));
      expect(audit).toEqual([
        expect.objectContaining({ action: 'payout_withheld', actorRole: 'system', detail: expect.objectContaining({ reason: 'transfer_reversed_after_release', transferIds: [paid.id], shortPence: 2500 }) }),
      ]);
      expect((await inQuestion(t)).withheld).toEqual([expect.objectContaining({ payoutId: payout.id, reversedTransferIds: [paid.id], takenBack: '25.00' })]);
      // The other repairer's payout is untouched.
      expect((await other.payoutRow()).status).toBe('released');

      // Stripe delivering the same event again changes nothing, and the job does not pay it on its own.
      expect((await deliver(event)).statusCode).toBe(200);
      expect(await t.database.db.select().from(auditLog).where(and(eq(auditLog.entity, 'payout'), eq(auditLog.entityId, payout.id)))).toHaveLength(1);
      expect(await releaseDuePayouts(ctx, new Date(Date.now() + 11 * 60 * 1000))).toBe(0);
      expect(standIn.transfers).toHaveLength(2);

      // The admin's release sends the £25 that is short.
      await releaseHeldPayout(ctx, payout.id, new Date());
      const madeGood = standIn.transfers.at(-1)!;
      expect(madeGood).toMatchObject({ amount: 2500, destination: 'acct_late1' });
      expect(await job.payoutRow()).toMatchObject({ status: 'released', providerRef: madeGood.id });

      // The same reversal reported again under another event id, after it was made good: Stripe
      // holds the whole share again, so the payout stays released and nothing is recorded.
      expect((await deliver(standIn.webhook('transfer.reversed', paid.id, { eventId: 'evt_late_reversal_again' }))).statusCode).toBe(200);
      expect(await job.payoutRow()).toMatchObject({ status: 'released', providerRef: madeGood.id });
      expect(await t.database.db.select().from(auditLog).where(and(eq(auditLog.entity, 'payout'), eq(auditLog.entityId, payout.id)))).toHaveLength(1);
      // Taken back again, from the transfer that made it good: short once more, so held again.
      await stripe.transfers.createReversal(madeGood.id, { amount: 1000 });
      expect((await deliver(standIn.webhook('transfer.reversed', madeGood.id))).statusCode).toBe(200);
      expect(await job.payoutRow()).toMatchObject({ status: 'held', providerRef: null });
      const audits = await t.database.db.select().from(auditLog).where(and(eq(auditLog.entity, 'payout'), eq(auditLog.entityId, payout.id)));
      expect(audits.at(-1)).toMatchObject({ detail: expect.objectContaining({ transferIds: [madeGood.id], shortPence: 1000 }) });
      await releaseHeldPayout(ctx, payout.id, new Date());
      expect(standIn.transfers.at(-1)).toMatchObject({ amount: 1000, destination: 'acct_late1' });

      // A reversal reported for a payout not released yet is the job's to find: nothing changes
      // here. Nor does one naming a payout under another appointment's transfer group.
      await t.database.db.update(payouts).set({ status: 'owed', releasedAt: null, providerRef: null }).where(eq(payouts.id, (await other.payoutRow()).id));
      const otherTransfer = standIn.transfers.find((tr) => tr.destination === 'acct_late2')!;
      await stripe.transfers.createReversal(otherTransfer.id);
      expect((await deliver(standIn.webhook('transfer.reversed', otherTransfer.id))).statusCode).toBe(200);
      expect((await other.payoutRow()).status).toBe('owed');
      const stray = await stripe.transfers.create({ amount: 100, currency: 'gbp', destination: 'acct_late1', transfer_group: 'appointment-999999', metadata: { payout_id: String(payout.id) } });
      await stripe.transfers.createReversal(stray.id);
      expect((await deliver(standIn.webhook('transfer.reversed', stray.id))).statusCode).toBe(200);
      expect((await job.payoutRow()).status).toBe('released');
    } finally {
      await t.close();
      await standIn.close();
    }
  });

  it('asks Stripe to report again a reversal that arrives while its payout is being sent, and holds the payout once the release is recorded', async () => {
    const standIn = await startStripeStandIn();
    const t = await createTestApp({ env: { ...standIn.env, AUTO_DISPATCH: 'false', SESSION_TTL_HOURS: '2160' } });
    const deliver = webhookDelivery(t);
    try {
      const job = await dueThroughStripe(t, 'acct_racing1', workingDay(26), standIn);
      const stripe = stripeOf(standIn);
      // Stripe makes the transfer; before the job records it, an operator reverses it and Stripe reports that.
      let whileSending: { statusCode: number; body: string } | undefined;
      let delivery: ReturnType<StripeStandIn['webhook']> | undefined;
      const racing = Object.assign(Object.create(stripe) as Stripe, {
        transfers: {
          list: (...args: Parameters<Stripe['transfers']['list']>) => stripe.transfers.list(...args),
          create: async (...args: Parameters<Stripe['transfers']['create']>) => {
            const made = await stripe.transfers.create(...args);
            await stripe.transfers.createReversal(made.id);
            delivery = standIn.webhook('transfer.reversed', made.id, { eventId: 'evt_while_sending' });
            whileSending = await deliver(delivery);
            return made;
          },
        },
      });
      expect(await releaseDuePayouts({ db: t.database.db, config: t.config, log: silent, stripe: racing }, new Date())).toBe(1);
      // Answered 503, so Stripe delivers it again; the event is not recorded as applied.
      expect(whileSending).toMatchObject({ statusCode: 503 });
      expect(JSON.parse(whileSending!.body)).toEqual({ error: 'payout_sending', message: completionMessages.reversalWhileSending });
      expect(await t.database.db.select().from(stripeEvents).where(eq(stripeEvents.id, 'evt_while_sending'))).toEqual([]);
      const paid = standIn.transfers.find((tr) => tr.destination === 'acct_racing1')!;
      const payout = await job.payoutRow();
      expect(payout).toMatchObject({ status: 'released', providerRef: paid.id });
      // Stripe's next delivery finds it released and short: held for an admin, the whole share taken back.
      expect((await deliver(delivery!)).statusCode).toBe(200);
      expect(await job.payoutRow()).toMatchObject({ status: 'held', providerRef: null });
      expect(await t.database.db.select().from(auditLog).where(and(eq(auditLog.entity, 'payout'), eq(auditLog.entityId, payout.id)))).toEqual([
        expect.objectContaining({ action: 'payout_withheld', detail: expect.objectContaining({ reason: 'transfer_reversed_after_release', transferIds: [paid.id], shortPence: payout.amountPence }) }),
      ]);
      expect(standIn.transfers).toHaveLength(1);
    } finally {
      await t.close();
      await standIn.close();
    }
  });
});
