// Issue 12 (D16): finding repairers near the customer and offering them a paid booking. Nearby
// is verified repairers within 30 miles (and their own radius) whose specialisations cover the
// damage, nearest first; offers expire after 4 hours; a paid booking is offered automatically.
import { Writable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createRepairer, createUser } from '../../src/server/db/factories';
import { assessments, jobNotifications, outboxEmails, quotes, repairers } from '../../src/server/db/schema';
import { milesBetween } from '../../src/server/modules/repairers';
import { dispatchMessages } from '../../src/shared/api/dispatch';
import { isWorkingDay } from '../../src/shared/calendar';
import { addDays } from '../../src/shared/calendar-date';
import { londonDateOf } from '../../src/shared/london-time';
import { createTestApp, signInAs, type TestApp } from '../helpers/app';
import { deleteBookings, heldBooking as heldBookingWithNetwork, paidBooking as paidBookingWithNetwork, post, quoteRow } from '../helpers/checkout';
import { withdrawLondonNetwork } from '../helpers/network';
import { drainJobs } from '../helpers/jobs';

// Issue 35: a booking needs a technician, so the London network (tests/helpers/network.ts) takes
// the hold; it then steps aside, so the nearby lists and offers hold only this file's repairers.
const heldBooking = async (...args: Parameters<typeof heldBookingWithNetwork>) => {
  const booking = await heldBookingWithNetwork(...args);
  await withdrawLondonNetwork(args[0].database.db);
  return booking;
};
const paidBooking = async (...args: Parameters<typeof paidBookingWithNetwork>) => {
  const booking = await paidBookingWithNetwork(...args);
  await withdrawLondonNetwork(args[0].database.db);
  return booking;
};

// Monday 8 March 2027, 10:00 in London; the booking is a Wednesday five weeks ahead.
const MONDAY = new Date('2027-03-08T10:00:00Z');
const FAR = '2027-04-14';
const setNow = (instant: Date) => vi.setSystemTime(instant);

// The customer's postcode in the factories is SW1A 2AA: Westminster, district centre ≈ (51.503, -0.131).
const WESTMINSTER = { latitude: 51.5031, longitude: -0.1307 };
const place = (miles: number) => ({ latitude: WESTMINSTER.latitude + miles / 69.0, longitude: WESTMINSTER.longitude });

let t: TestApp;
let admin: string;

beforeAll(async () => {
  vi.useFakeTimers({ toFake: ['Date'] });
  setNow(MONDAY);
  t = await createTestApp({ env: { AUTO_DISPATCH: 'false' } });
  const user = await createUser(t.database.db, { role: 'admin' });
  admin = await signInAs(t.app, user.email, user.password);
});
afterAll(async () => {
  await t.close();
  vi.useRealTimers();
});
beforeEach(async () => {
  setNow(MONDAY);
  // Only this test's repairers exist: the world starts empty of them.
  await t.database.db.update(repairers).set({ isVerified: false });
});
afterEach(async () => {
  await deleteBookings(t);
  await t.database.db.delete(repairers);
});

const nearby = (quoteId: number, postcode = 'SW1A 2AA') => post(t, `/api/admin/quotes/${quoteId}/nearby-repairers`, { address: '10 Downing Street', city: 'London', postcode }, admin);
const sendOne = (quoteId: number, repairerId: unknown) => post(t, `/api/admin/quotes/${quoteId}/send-to-repairer`, { repairerId }, admin);
const sendAll = (quoteId: number) => post(t, `/api/admin/quotes/${quoteId}/send-to-repairers`, {}, admin);
const responses = (quoteId: number) => t.app.inject({ url: `/api/admin/quotes/${quoteId}/notifications`, headers: { cookie: admin } });

describe('nearby repairers', () => {
  it('answers verified repairers within 30 miles who cover the damage, nearest first, with distance in miles', async () => {
    const db = t.database.db;
    const near = await createRepairer(db, { businessName: 'Near', ...place(2) });
    const further = await createRepairer(db, { businessName: 'Further', ...place(20) });
    await createRepairer(db, { businessName: 'Too far', ...place(31) });
    await createRepairer(db, { businessName: 'Unverified', isVerified: false, ...place(1) });
    await createRepairer(db, { businessName: 'Dents only', specialisations: ['pdr'], ...place(1) });
    await createRepairer(db, { businessName: 'Small radius', serviceRadiusMiles: 10, ...place(15) });
    const { quote } = await heldBooking(t, FAR);

    const response = await nearby(quote.id);
    expect(response.statusCode).toBe(200);
    const found = response.json() as { id: number; businessName: string; distance: number; specializations: string[]; isVerified: boolean }[];
    expect(found.map((r) => r.businessName)).toEqual(['Near', 'Further']);
    expect(found[0]).toMatchObject({ id: near.id, isVerified: true, specializations: expect.arrayContaining(['scratch']) });
    // District centre to repairer, one decimal, the same as the formula in JavaScript.
    const [centre] = await t.database.db.select().from(repairers).where(eq(repairers.id, further.id));
    expect(found[1]!.distance).toBeCloseTo(milesBetween({ latitude: 51.50311, longitude: -0.13066 }, { latitude: centre!.latitude!, longitude: centre!.longitude! }), 0);
  });

  it('filters by the damage: alloy wheels need the alloy specialisation', async () => {
    const db = t.database.db;
    await createRepairer(db, { businessName: 'Scratches only', specialisations: ['scratch'], ...place(1) });
    await createRepairer(db, { businessName: 'Wheels', specialisations: ['alloy'], ...place(3) });
    const { quote, assessment } = await heldBooking(t, FAR);
    await db.update(assessments).set({ damageType: 'alloy_wheel', damageLocations: ['wheel_front_left'] }).where(eq(assessments.id, assessment.id));
    expect(((await nearby(quote.id)).json() as { businessName: string }[]).map((r) => r.businessName)).toEqual(['Wheels']);
  });

  it('answers an empty list when nobody is near, and a sentence for a postcode nobody can place', async () => {
    const { quote } = await heldBooking(t, FAR);
    // Holding needs a technician who covers the customer (issue 35): the one that did leaves the network.
    await t.database.db.update(repairers).set({ isVerified: false });
    expect((await nearby(quote.id)).json()).toEqual([]);
    const bad = await nearby(quote.id, 'not a postcode');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fieldErrors?.postcode ?? bad.json().message).toMatch(/postcode/i);
    expect((await nearby(999_999)).statusCode).toBe(404);
  });
});

describe('sending a job', () => {
  it('refuses a quote without a paid booking, and changes nothing', async () => {
    await createRepairer(t.database.db, { ...place(1) });
    const { quote } = await heldBooking(t, FAR);
    for (const response of [await sendAll(quote.id), await sendOne(quote.id, (await t.database.db.select().from(repairers))[0]!.id)]) {
      expect(response.statusCode).toBe(409);
      expect(response.json().message).toBe(dispatchMessages.noPaidBooking);
    }
    expect(await t.database.db.select().from(jobNotifications)).toEqual([]);
  });

  it('offers a paid booking to everyone nearby once: a second send-to-all offers nobody twice', async () => {
    const db = t.database.db;
    const a = await createRepairer(db, { ...place(1) });
    const b = await createRepairer(db, { ...place(5) });
    const { quote } = await paidBooking(t, FAR);
    const first = await sendAll(quote.id);
    expect(first.json()).toEqual({ repairersNotified: 2 });
    expect((await sendAll(quote.id)).json()).toEqual({ repairersNotified: 0 });
    const offers = await db.select().from(jobNotifications).where(eq(jobNotifications.quoteId, quote.id));
    expect(offers.map((o) => o.repairerId).sort()).toEqual([a.id, b.id].sort());
    // D16: four hours to answer.
    for (const offer of offers) expect(offer.expiresAt.getTime() - offer.sentAt.getTime()).toBe(4 * 60 * 60 * 1000);
    expect((await quoteRow(t, quote.id)).assignmentStatus).toBe('sent');
    // Each repairer is e-mailed the way to their dashboard (these businesses have no account yet:
    // a join link to create one), without the customer's name or address (D11).
    const [email] = await db.select().from(outboxEmails).where(eq(outboxEmails.toAddress, a.email!));
    expect(email!.textBody).toContain('/join/');
    expect(email!.textBody).not.toContain('Jane Customer');
    expect(email!.textBody).not.toContain('Downing Street');
    expect(email!.textBody).toContain('SW1A');
  });

  it('sends to one repairer; refuses an unverified one, one who cannot do the damage, and a second open offer', async () => {
    const db = t.database.db;
    const good = await createRepairer(db, { ...place(1) });
    const unverified = await createRepairer(db, { isVerified: false, ...place(1) });
    const dentsOnly = await createRepairer(db, { specialisations: ['pdr'], ...place(1) });
    const { quote } = await paidBooking(t, FAR);
    const sent = await sendOne(quote.id, good.id);
    expect(sent.statusCode).toBe(200);
    expect(sent.json().notification).toMatchObject({ repairerId: good.id, repairerName: good.businessName, status: 'sent', respondedAt: null });
    expect((await sendOne(quote.id, good.id)).json().message).toBe(dispatchMessages.alreadyOffered);
    expect((await sendOne(quote.id, unverified.id)).json().message).toBe(dispatchMessages.repairerNotVerified);
    expect((await sendOne(quote.id, dentsOnly.id)).json().message).toBe(dispatchMessages.repairerCannotDoIt);
    expect((await sendOne(quote.id, 999_999)).statusCode).toBe(404);
    expect((await sendOne(quote.id, 'abc')).statusCode).toBe(400);
    expect(await db.select().from(jobNotifications)).toHaveLength(1);
  });

  it('lists each repairer’s response, and expires offers after 4 hours so the job shows as unassigned and can be sent again', async () => {
    const db = t.database.db;
    const repairer = await createRepairer(db, { ...place(1) });
    const { quote } = await paidBooking(t, FAR);
    await sendAll(quote.id);
    let jobs = (await t.app.inject({ url: '/api/admin/jobs-to-dispatch', headers: { cookie: admin } })).json() as { quoteId: number; unassigned: boolean; openOffers: number }[];
    expect(jobs.find((j) => j.quoteId === quote.id)).toMatchObject({ openOffers: 1, unassigned: false });

    setNow(new Date(MONDAY.getTime() + 4 * 60 * 60 * 1000 + 1000));
    const listed = (await responses(quote.id)).json() as { repairerId: number; status: string }[];
    expect(listed).toEqual([expect.objectContaining({ repairerId: repairer.id, status: 'expired' })]);
    jobs = (await t.app.inject({ url: '/api/admin/jobs-to-dispatch', headers: { cookie: admin } })).json();
    expect(jobs.find((j) => j.quoteId === quote.id)).toMatchObject({ openOffers: 0, unassigned: true });
    // Sent again: a fresh offer beside the expired one.
    expect((await sendAll(quote.id)).json()).toEqual({ repairersNotified: 1 });
    expect(((await responses(quote.id)).json() as { status: string }[]).map((n) => n.status).sort()).toEqual(['expired', 'sent']);
  });

  it('offers a paid booking automatically when AUTO_DISPATCH is on', async () => {
    // The queue stamps jobs with the real clock, so this one runs on it: a working day five weeks on.
    vi.useRealTimers();
    let day = addDays(londonDateOf(new Date()), 35);
    while (!isWorkingDay(day)) day = addDays(day, 1);
    const auto = await createTestApp();
    try {
      const repairer = await createRepairer(auto.database.db, { ...place(2) });
      const { quote } = await paidBooking(auto, day);
      expect(await drainJobs(auto.app)).toMatchObject({ 'dispatch-booking': 1 });
      const offers = await auto.database.db.select().from(jobNotifications).where(eq(jobNotifications.quoteId, quote.id));
      expect(offers.map((o) => o.repairerId)).toContain(repairer.id);
      const [row] = await auto.database.db.select().from(quotes).where(eq(quotes.id, quote.id));
      expect(row!.assignmentStatus).toBe('sent');
    } finally {
      await auto.close();
      vi.useFakeTimers({ toFake: ['Date'] });
    }
  });

  it('logs a paid booking cancelled before dispatch ran as cancelled (info), not as one that found no repairer', async () => {
    vi.useRealTimers();
    let day = addDays(londonDateOf(new Date()), 35);
    while (!isWorkingDay(day)) day = addDays(day, 1);
    const lines: { level: number; msg: string; quoteId?: number; skipped?: string }[] = [];
    const sink = new Writable({ write: (chunk, _enc, done) => (lines.push(...String(chunk).split('\n').filter(Boolean).map((line) => JSON.parse(line))), done()) });
    const auto = await createTestApp({ env: { LOG_LEVEL: 'info' }, logDestination: sink });
    try {
      await createRepairer(auto.database.db, { ...place(2) });
      const { quote, appointmentId, cookie } = await paidBooking(auto, day);
      // The customer cancels before the queued dispatch-booking job runs.
      expect((await post(auto, `/api/appointments/${appointmentId}/cancel`, {}, cookie)).statusCode).toBe(200);
      expect(await drainJobs(auto.app)).toMatchObject({ 'dispatch-booking': 1 });
      expect(await auto.database.db.select().from(jobNotifications).where(eq(jobNotifications.quoteId, quote.id))).toEqual([]);
      const told = lines.filter((line) => line.quoteId === quote.id && /dispatch|repairer/.test(line.msg));
      expect(told.map(({ level, msg, skipped }) => ({ level, msg, skipped }))).toEqual([{ level: 30, msg: 'the booking was cancelled before dispatch ran; nothing offered', skipped: 'cancelled' }]);
    } finally {
      await auto.close();
      vi.useFakeTimers({ toFake: ['Date'] });
    }
  });

  it('withdraws open offers when the customer cancels the booking', async () => {
    const db = t.database.db;
    await createRepairer(db, { ...place(1) });
    const { quote, appointmentId, cookie } = await paidBooking(t, FAR);
    await sendAll(quote.id);
    const cancelled = await post(t, `/api/appointments/${appointmentId}/cancel`, {}, cookie);
    expect(cancelled.statusCode).toBe(200);
    expect((await db.select().from(jobNotifications).where(eq(jobNotifications.quoteId, quote.id))).map((n) => n.status)).toEqual(['expired']);
    expect((await quoteRow(t, quote.id)).assignmentStatus).toBe('unassigned');
  });
});
