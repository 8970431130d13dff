// Booking (issue 11): availability from real capacity and D15's rules, the 30-minute hold, lapse
// by the job and on read, replacing one's own hold, rescheduling, and the admin's overrides.
// The app reads the time from Date, so the tests fix it (only Date is faked; timers run).
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQuote, createRepairer, createUser } from '../../src/server/db/factories';
import { ensureLondonTechnician } from '../helpers/network';
import { appointments, assessments, quotes, repairers, repairerTimeOff, slotCapacity } from '../../src/server/db/schema';
import { createGrant } from '../../src/server/modules/access';
import { bookingDateMessages, bookingMessages, leaveLiveState, takePlace } from '../../src/server/modules/booking';
import { defaultCompanyDetails as company } from '../../src/shared/company';
import { createTestApp, signInAs, type TestApp } from '../helpers/app';
import { drainJobs } from '../helpers/jobs';
import { coveredAssessmentRecord } from '../helpers/coverage';

// Monday 8 March 2027, 10:00 in London (GMT).
const MONDAY = new Date('2027-03-08T10:00:00Z');
const setNow = (iso: string | Date) => vi.setSystemTime(new Date(iso));

let t: TestApp;
let adminCookie: string;

beforeAll(async () => {
  vi.useFakeTimers({ toFake: ['Date'] });
  setNow(MONDAY);
  t = await createTestApp();
  const admin = await createUser(t.database.db, { role: 'admin' });
  adminCookie = await signInAs(t.app, admin.email, admin.password);
});
afterAll(async () => {
  await t.close();
  vi.useRealTimers();
});
beforeEach(() => setNow(MONDAY));
afterEach(async () => {
  // Each test starts from empty slots.
  await t.database.db.delete(appointments);
  await t.database.db.delete(slotCapacity);
});

/** A customer with an approved quote and the grant cookie that opens it. */
async function customer(overrides: Parameters<typeof createQuote>[1] = {}) {
  const db = t.database.db;
  await ensureLondonTechnician(db);
  const assessment = await coveredAssessmentRecord(db);
  const quote = await createQuote(db, { status: 'approved', ...overrides, assessmentId: assessment.id });
  const grant = await createGrant(db, assessment.id);
  return { quote, assessmentId: assessment.id, cookie: `ar_access=${grant.token}` };
}

const book = (cookie: string | undefined, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/api/appointments', payload, headers: cookie ? { cookie } : {} });
const get = (url: string, cookie?: string) => t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
const setCapacity = (date: string, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'PUT', url: `/api/admin/availability/${date}`, payload, headers: { cookie: adminCookie } });

async function slotRow(date: string, slot: 'morning' | 'afternoon') {
  const [row] = await t.database.db
    .select()
    .from(slotCapacity)
    .where(and(eq(slotCapacity.slotDate, date), eq(slotCapacity.timeSlot, slot)));
  return row;
}
const taken = async (date: string, slot: 'morning' | 'afternoon') => (await slotRow(date, slot))?.taken ?? 0;
async function appointment(id: number) {
  const [row] = await t.database.db.select().from(appointments).where(eq(appointments.id, id));
  return row!;
}
async function confirm(id: number) {
  await t.database.db.update(appointments).set({ status: 'confirmed', holdExpiresAt: null }).where(eq(appointments.id, id));
}

describe('availability (public)', () => {
  // Without a quote the calendar answers from the network: a verified technician must work the slot.
  beforeEach(() => ensureLondonTechnician(t.database.db));

  it('answers a working day two days ahead as free in both slots', async () => {
    const response = await get('/api/appointments/available?date=2027-03-10');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.json()).toEqual({ date: '2027-03-10', available: { morning: true, afternoon: true } });
  });

  it.each([
    ['a Saturday', '2027-03-13', { morning: false, afternoon: false }],
    ['Good Friday (a bank holiday)', '2027-03-26', { morning: false, afternoon: false }],
    ['a past day', '2027-03-05', { morning: false, afternoon: false }],
    ['today', '2027-03-08', { morning: false, afternoon: false }],
    // Tomorrow 8:00 is 22 hours away, 13:00 is 27 hours away.
    ['tomorrow, inside 24 hours for the morning only', '2027-03-09', { morning: false, afternoon: true }],
  ])('answers %s as %j', async (_what, date, available) => {
    expect((await get(`/api/appointments/available?date=${date}`)).json()).toEqual({ date, available });
  });

  it('refuses a malformed or impossible date with 400 and a sentence', async () => {
    const malformed = await get('/api/appointments/available?date=10-03-2027');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().fieldErrors).toEqual({ date: 'Please give the date as YYYY-MM-DD' });
    const impossible = await get('/api/appointments/available?date=2027-02-30');
    expect(impossible.statusCode).toBe(400);
    expect(impossible.json().message).toBe(bookingDateMessages.noSuchDay);
    expect((await get('/api/appointments/available')).statusCode).toBe(400);
  });

  it('answers a whole month in one request, every day in order', async () => {
    const response = await get('/api/appointments/available-month?month=2027-03');
    expect(response.statusCode).toBe(200);
    const { month, days } = response.json() as { month: string; days: { date: string; available: { morning: boolean; afternoon: boolean } }[] };
    expect(month).toBe('2027-03');
    expect(days).toHaveLength(31);
    expect(days[0]!.date).toBe('2027-03-01');
    const on = (date: string) => days.find((day) => day.date === date)!.available;
    expect(on('2027-03-08')).toEqual({ morning: false, afternoon: false });
    expect(on('2027-03-09')).toEqual({ morning: false, afternoon: true });
    expect(on('2027-03-10')).toEqual({ morning: true, afternoon: true });
    expect(on('2027-03-13')).toEqual({ morning: false, afternoon: false });
    expect(on('2027-03-26')).toEqual({ morning: false, afternoon: false });
    expect(on('2027-03-29')).toEqual({ morning: false, afternoon: false }); // Easter Monday
    expect((await get('/api/appointments/available-month?month=2027-13')).statusCode).toBe(400);
  });

  it('counts the 24 hours in real time across the clocks going back (October)', async () => {
    // Monday 1 November 2027 8:00 GMT is 08:00Z; the clocks went back on Sunday 31 October.
    setNow('2027-10-31T07:30:00Z');
    expect((await get('/api/appointments/available?date=2027-11-01')).json().available.morning).toBe(true);
    setNow('2027-10-31T08:30:00Z');
    expect((await get('/api/appointments/available?date=2027-11-01')).json().available.morning).toBe(false);
  });

  it('counts the 24 hours in real time across the clocks going forward (March)', async () => {
    // Monday 30 March 2026 8:00 BST is 07:00Z; the clocks went forward on Sunday 29 March.
    setNow('2026-03-29T06:30:00Z');
    expect((await get('/api/appointments/available?date=2026-03-30')).json().available.morning).toBe(true);
    setNow('2026-03-29T07:30:00Z');
    expect((await get('/api/appointments/available?date=2026-03-30')).json().available.morning).toBe(false);
  });

  it('shows a full slot as unavailable and frees it when its hold lapses', async () => {
    await setCapacity('2027-03-10', { morning: 1 });
    const { quote, cookie } = await customer();
    expect((await book(cookie, { quoteId: quote.id, appointmentDate: '2027-03-10', timeSlot: 'morning' })).statusCode).toBe(200);
    expect((await get('/api/appointments/available?date=2027-03-10')).json().available).toEqual({ morning: false, afternoon: true });
    setNow(new Date(MONDAY.getTime() + 31 * 60_000));
    expect((await get('/api/appointments/available?date=2027-03-10')).json().available).toEqual({ morning: true, afternoon: true });
    expect(await taken('2027-03-10', 'morning')).toBe(0);
  });

  it('frees a full slot in the month’s calendar when its hold lapses, and only holds of that month lapse on its read', async () => {
    await setCapacity('2027-03-10', { morning: 1 });
    await setCapacity('2027-04-07', { morning: 1 });
    const march = await customer();
    const april = await customer();
    expect((await book(march.cookie, { quoteId: march.quote.id, appointmentDate: '2027-03-10', timeSlot: 'morning' })).statusCode).toBe(200);
    expect((await book(april.cookie, { quoteId: april.quote.id, appointmentDate: '2027-04-07', timeSlot: 'morning' })).statusCode).toBe(200);
    const dayOf = async (date: string) => ((await get(`/api/appointments/available-month?month=${date.slice(0, 7)}`)).json() as { days: { date: string; available: object }[] }).days.find((day) => day.date === date)!.available;
    expect(await dayOf('2027-03-10')).toEqual({ morning: false, afternoon: true });
    setNow(new Date(MONDAY.getTime() + 31 * 60_000));
    expect(await dayOf('2027-03-10')).toEqual({ morning: true, afternoon: true });
    expect([await taken('2027-03-10', 'morning'), await taken('2027-04-07', 'morning')]).toEqual([0, 1]);
    expect(await dayOf('2027-04-07')).toEqual({ morning: true, afternoon: true });
    expect(await taken('2027-04-07', 'morning')).toBe(0);
  });

  it('without a quote, answers from the network: open only where some verified technician works with a free place (issue 35)', async () => {
    const db = t.database.db;
    // A booking made while the London network is there, to fill a place later.
    const { quote, cookie } = await customer();
    const held = await book(cookie, { quoteId: quote.id, appointmentDate: '2027-03-10', timeSlot: 'afternoon' });
    expect(held.statusCode, held.body).toBe(200);
    const day = async () => (await get('/api/appointments/available?date=2027-03-10')).json().available;
    const inMonth = async () => ((await get('/api/appointments/available-month?month=2027-03')).json() as { days: { date: string; available: object }[] }).days.find((d) => d.date === '2027-03-10')!.available;

    // Nobody verified: the slot rows have places, but nobody could come.
    await db.update(repairers).set({ isVerified: false });
    expect(await day()).toEqual({ morning: false, afternoon: false });
    expect(await inMonth()).toEqual({ morning: false, afternoon: false });

    // One technician who works Wednesday afternoons only (bit 2 × (3 − 1) + 1).
    const only = await createRepairer(db, { weeklyHalves: 1 << 5, jobsPerSlot: 1 });
    expect(await day()).toEqual({ morning: false, afternoon: true });
    expect(await inMonth()).toEqual({ morning: false, afternoon: true });
    // An unverified or unplaced one counts for nothing.
    await createRepairer(db, { isVerified: false, weeklyHalves: 1 << 4 });
    await createRepairer(db, { latitude: null, longitude: null, weeklyHalves: 1 << 4 });
    expect(await day()).toEqual({ morning: false, afternoon: true });

    // Their day off closes it.
    const [off] = await db.insert(repairerTimeOff).values({ repairerId: only.id, fromDate: '2027-03-09', toDate: '2027-03-11' }).returning();
    expect(await day()).toEqual({ morning: false, afternoon: false });
    await db.delete(repairerTimeOff).where(eq(repairerTimeOff.id, off!.id));

    // Their one place taken (the booking above, now assigned to them) closes it too.
    await db.update(appointments).set({ status: 'assigned', holdExpiresAt: null }).where(eq(appointments.id, held.json().id));
    await db.update(quotes).set({ assignmentStatus: 'assigned', assignedRepairerId: only.id }).where(eq(quotes.id, quote.id));
    expect(await day()).toEqual({ morning: false, afternoon: false });
    await db.update(repairers).set({ jobsPerSlot: 2 }).where(eq(repairers.id, only.id));
    expect(await day()).toEqual({ morning: false, afternoon: true });
    await db.update(repairers).set({ isVerified: false }).where(eq(repairers.id, only.id));
  });
});

describe('holding a slot (POST /api/appointments)', () => {
  it('holds the slot for 30 minutes and answers the held appointment', async () => {
    const { quote, assessmentId, cookie } = await customer();
    const response = await book(cookie, { quoteId: quote.id, appointmentDate: '2027-03-10', timeSlot: 'afternoon', notes: 'Blue car, side street' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      quoteId: quote.id,
      assessmentId,
      appointmentDate: '2027-03-10',
      timeSlot: 'afternoon',
      status: 'held',
      holdExpiresAt: '2027-03-08T10:30:00.000Z',
      startsAt: '2027-03-10T13:00:00.000Z',
      endsAt: '2027-03-10T17:00:00.000Z',
      notes: 'Blue car, side street',
      paymentStatus: null,
      canChange: false,
    });
    expect(await taken('2027-03-10', 'afternoon')).toBe(1);
  });

  it("takes SPEC's ISO datetime as its London calendar day", async () => {
    setNow('2027-06-07T09:00:00Z');
    const { quote, cookie } = await customer();
    // 23:30Z on 9 June is 00:30 on 10 June in London (BST).
    const response = await book(cookie, { quoteId: quote.id, appointmentDate: '2027-06-09T23:30:00.000Z', timeSlot: 'morning', notes: '' });
    expect(response.statusCode).toBe(200);
    expect(response.json().appointmentDate).toBe('2027-06-10');
    expect(response.json().startsAt).toBe('2027-06-10T07:00:00.000Z');
  });

  it.each([
    ['a Saturday', '2027-03-13', bookingDateMessages.weekend],
    ['a Sunday', '2027-03-14', bookingDateMessages.weekend],
    ['a bank holiday (Good Friday)', '2027-03-26', bookingDateMessages.bankHoliday],
    ['a slot inside 24 hours', '2027-03-09', bookingDateMessages.tooSoon],
    ['a past day', '2027-03-05', bookingDateMessages.past],
    ["today's slot that has started", '2027-03-08', bookingDateMessages.past],
    ['a day that does not exist', '2027-02-30', bookingDateMessages.noSuchDay],
    ['a datetime on a day that does not exist', '2027-02-30T10:00:00Z', bookingDateMessages.noSuchDay],
    ['words', 'next Tuesday', bookingDateMessages.malformed],
    ['a British-order date', '10/03/2027', bookingDateMessages.malformed],
    ['more than a year ahead', '2028-03-15', bookingDateMessages.tooFar],
  ])('refuses %s with 400 and a sentence', async (_what, appointmentDate, message) => {
    const { quote, cookie } = await customer();
    const response = await book(cookie, { quoteId: quote.id, appointmentDate, timeSlot: 'morning' });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
    expect(response.json().fieldErrors).toEqual({ appointmentDate: message });
    expect(await t.database.db.select().from(appointments)).toHaveLength(0);
  });

  it.each([
    ['no date', { timeSlot: 'morning' }, 'Please choose a date'],
    ['an unknown slot', { appointmentDate: '2027-03-10', timeSlot: 'evening' }, 'Please choose a morning or afternoon slot'],
    ['no slot', { appointmentDate: '2027-03-10' }, 'Please choose a morning or afternoon slot'],
    ['notes over 1000 characters', { appointmentDate: '2027-03-10', timeSlot: 'morning', notes: 'x'.repeat(1001) }, 'Please keep your notes to 1000 characters or fewer'],
  ])('refuses %s with 400 and a sentence', async (_what, body, message) => {
    const { quote, cookie } = await customer();
    const response = await book(cookie, { quoteId: quote.id, ...body });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
  });

  it('answers 404 to a browser without the grant, for a pending quote and for a missing or malformed quote id', async () => {
    const { quote, cookie } = await customer();
    const other = await customer();
    const pending = await customer({ status: 'pending' });
    const body = { appointmentDate: '2027-03-10', timeSlot: 'morning' };
    for (const [who, id] of [
      [undefined, quote.id],
      [other.cookie, quote.id],
      [pending.cookie, pending.quote.id],
      [cookie, 999_999],
      [cookie, 'abc'],
    ] as const) {
      const response = await book(who, { quoteId: id, ...body });
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe(bookingMessages.quoteNotFound);
    }
  });

  it('refuses an expired, a booked and a withdrawn quote with 409 and a sentence', async () => {
    const body = { appointmentDate: '2027-03-10', timeSlot: 'morning' };
    const expired = await customer({ validUntilDate: '2027-03-07' });
    const expiredResponse = await book(expired.cookie, { quoteId: expired.quote.id, ...body });
    expect(expiredResponse.statusCode).toBe(409);
    expect(expiredResponse.json().message).toBe('This quote expired on Sunday 7 March 2027. Please ask us for a new one.');

    const booked = await customer({ status: 'booked' });
    const bookedResponse = await book(booked.cookie, { quoteId: booked.quote.id, ...body });
    expect(bookedResponse.statusCode).toBe(409);
    expect(bookedResponse.json().message).toBe(bookingMessages.quoteBooked);

    const withdrawn = await customer();
    await t.database.db.update(assessments).set({ status: 'withdrawn' }).where(eq(assessments.id, withdrawn.assessmentId));
    const withdrawnResponse = await book(withdrawn.cookie, { quoteId: withdrawn.quote.id, ...body });
    expect(withdrawnResponse.statusCode).toBe(409);
    expect(withdrawnResponse.json().message).toBe(bookingMessages.quoteWithdrawn);
    expect(await taken('2027-03-10', 'morning')).toBe(0);
  });

  it('refuses a quote whose appointment is confirmed with 409 and a sentence', async () => {
    const { quote, cookie } = await customer();
    const first = await book(cookie, { quoteId: quote.id, appointmentDate: '2027-03-10', timeSlot: 'morning' });
    await confirm(first.json().id);
    const again = await book(cookie, { quoteId: quote.id, appointmentDate: '2027-03-11', timeSlot: 'morning' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(bookingMessages.alreadyConfirmed);
    expect(await taken('2027-03-11', 'morning')).toBe(0);
  });

  it("answers a full slot 409 'That slot has just been taken. Please choose another.'", async () => {
    await setCapacity('2027-03-10', { morning: 1 });
    const first = await customer();
    const second = await customer();
    expect((await book(first.cookie, { quoteId: first.quote.id, appointmentDate: '2027-03-10', timeSlot: 'morning' })).statusCode).toBe(200);
    const refused = await book(second.cookie, { quoteId: second.quote.id, appointmentDate: '2027-03-10', timeSlot: 'morning' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('That slot has just been taken. Please choose another.');
    expect(await taken('2027-03-10', 'morning')).toBe(1);
  });

  it('replaces the customer’s own hold: the old one lapses and frees its place', async () => {
    const { quote, cookie } = await customer();
    const first = await book(cookie, { quoteId: quote.id, appointmentDate: '2027-03-10', timeSlot: 'morning' });
    const second = await book(cookie, { quoteId: quote.id, appointmentDate: '2027-03-11', timeSlot: 'afternoon' });
    expect(second.statusCode).toBe(200);
    expect((await appointment(first.json().id)).status).toBe('lapsed');
    expect(await taken('2027-03-10', 'morning')).toBe(0);
    expect(await taken('2027-03-11', 'afternoon')).toBe(1);
  });

  it('replaces the customer’s own hold on the same slot of capacity 1', async () => {
    await setCapacity('2027-03-10', { morning: 1 });
    const { quote, cookie } = await customer();
    const first = await book(cookie, { quoteId: quote.id, appointmentDate: '2027-03-10', timeSlot: 'morning' });
    const second = await book(cookie, { quoteId: quote.id, appointmentDate: '2027-03-10', timeSlot: 'morning' });
    expect(second.statusCode).toBe(200);
    expect(second.json().id).not.toBe(first.json().id);
    expect(await taken('2027-03-10', 'morning')).toBe(1);
  });

  it('keeps the old hold when the replacement slot is full', async () => {
    await setCapacity('2027-03-11', { morning: 1 });
    const other = await customer();
    await book(other.cookie, { quoteId: other.quote.id, appointmentDate: '2027-03-11', timeSlot: 'morning' });
    const { quote, cookie } = await customer();
    const first = await book(cookie, { quoteId: quote.id, appointmentDate: '2027-03-10', timeSlot: 'morning' });
    const refused = await book(cookie, { quoteId: quote.id, appointmentDate: '2027-03-11', timeSlot: 'morning' });
    expect(refused.statusCode).toBe(409);
    expect((await appointment(first.json().id)).status).toBe('held');
    expect(await taken('2027-03-10', 'morning')).toBe(1);
    expect(await taken('2027-03-11', 'morning')).toBe(1);
  });
});

describe('holds that lapse unpaid', () => {
  it('are lapsed by the scheduled job, which frees their places', async () => {
    const { quote, cookie } = await customer();
    const held = await book(cookie, { quoteId: quote.id, appointmentDate: '2027-03-10', timeSlot: 'morning' });
    await t.app.deps.jobs.enqueue('lapse-expired-holds', {});
    await drainJobs(t.app);
    expect((await appointment(held.json().id)).status).toBe('held'); // not yet: 30 minutes
    setNow(new Date(MONDAY.getTime() + 30 * 60_000 + 1000));
    await t.app.deps.jobs.enqueue('lapse-expired-holds', {});
    await drainJobs(t.app);
    expect((await appointment(held.json().id)).status).toBe('lapsed');
    expect(await taken('2027-03-10', 'morning')).toBe(0);
  });

  it('are lapsed when read, and read as lapsed', async () => {
    const { quote, cookie } = await customer();
    const held = await book(cookie, { quoteId: quote.id, appointmentDate: '2027-03-10', timeSlot: 'morning' });
    setNow(new Date(MONDAY.getTime() + 31 * 60_000));
    const read = await get(`/api/appointments/${held.json().id}`, cookie);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toMatchObject({ status: 'lapsed', holdExpiresAt: null });
    expect(await taken('2027-03-10', 'morning')).toBe(0);
    // Read again: nothing more is released.
    await get(`/api/appointments/${held.json().id}`, cookie);
    expect(await taken('2027-03-10', 'morning')).toBe(0);
  });

  it('give their place to the next booking without waiting for the job', async () => {
    await setCapacity('2027-03-10', { morning: 1 });
    const first = await customer();
    const second = await customer();
    await book(first.cookie, { quoteId: first.quote.id, appointmentDate: '2027-03-10', timeSlot: 'morning' });
    setNow(new Date(MONDAY.getTime() + 31 * 60_000));
    const response = await book(second.cookie, { quoteId: second.quote.id, appointmentDate: '2027-03-10', timeSlot: 'morning' });
    expect(response.statusCode).toBe(200);
    expect(await taken('2027-03-10', 'morning')).toBe(1);
  });

  it('are lapsed once when the job and a read meet the same hold', async () => {
    const { quote, cookie } = await customer();
    const held = await book(cookie, { quoteId: quote.id, appointmentDate: '2027-03-10', timeSlot: 'morning' });
    const other = await customer();
    await book(other.cookie, { quoteId: other.quote.id, appointmentDate: '2027-03-10', timeSlot: 'morning' });
    await t.database.db.update(appointments).set({ holdExpiresAt: new Date(MONDAY.getTime() - 1000) }).where(eq(appointments.id, held.json().id));
    await Promise.all([get(`/api/appointments/${held.json().id}`, cookie), get('/api/appointments/available?date=2027-03-10'), t.app.deps.jobs.run('lapse-expired-holds', {})]);
    expect(await taken('2027-03-10', 'morning')).toBe(1); // the other customer's hold is still there
  });
});

describe("reading the quote's hold (GET /api/quotes/{id}/held-appointment, for the booking page)", () => {
  const heldOf = (quoteId: number, cookie?: string) => get(`/api/quotes/${quoteId}/held-appointment`, cookie);

  it('answers null before a slot is held, then the hold with its time left, then the replacement', async () => {
    const { quote, cookie } = await customer();
    const none = await heldOf(quote.id, cookie);
    expect(none.statusCode).toBe(200);
    expect(none.headers['cache-control']).toBe('private, no-store');
    expect(none.json()).toEqual({ appointment: null, bookedAppointmentId: null });

    const first = await book(cookie, { quoteId: quote.id, appointmentDate: '2027-03-10', timeSlot: 'morning' });
    setNow(new Date(MONDAY.getTime() + 5 * 60_000));
    expect((await heldOf(quote.id, cookie)).json().appointment).toMatchObject({
      id: first.json().id,
      appointmentDate: '2027-03-10',
      timeSlot: 'morning',
      status: 'held',
      holdExpiresAt: '2027-03-08T10:30:00.000Z',
    });

    // Choosing another slot replaces the hold by the API's own rule; the read follows it.
    const second = await book(cookie, { quoteId: quote.id, appointmentDate: '2027-03-11', timeSlot: 'afternoon' });
    expect((await heldOf(quote.id, cookie)).json().appointment).toMatchObject({ id: second.json().id, appointmentDate: '2027-03-11', timeSlot: 'afternoon' });
  });

  it('answers null once the hold has run out, lapsing it and freeing its place, and names the booking once it is paid', async () => {
    const { quote, cookie } = await customer();
    const held = await book(cookie, { quoteId: quote.id, appointmentDate: '2027-03-10', timeSlot: 'morning' });
    setNow(new Date(MONDAY.getTime() + 30 * 60_000));
    expect((await heldOf(quote.id, cookie)).json()).toEqual({ appointment: null, bookedAppointmentId: null });
    expect((await appointment(held.json().id)).status).toBe('lapsed');
    expect(await taken('2027-03-10', 'morning')).toBe(0);

    const again = await book(cookie, { quoteId: quote.id, appointmentDate: '2027-03-10', timeSlot: 'afternoon' });
    await confirm(again.json().id);
    // Paid: no hold, and the paid booking named, for the quote and booking pages to link to.
    expect((await heldOf(quote.id, cookie)).json()).toEqual({ appointment: null, bookedAppointmentId: again.json().id });
  });

  it('answers 404 to anyone but the grant holder, and for a pending or missing quote', async () => {
    const { quote, cookie } = await customer();
    await book(cookie, { quoteId: quote.id, appointmentDate: '2027-03-10', timeSlot: 'morning' });
    const other = await customer();
    const pending = await customer({ status: 'pending' });
    expect((await heldOf(quote.id)).statusCode).toBe(404);
    expect((await heldOf(quote.id, other.cookie)).statusCode).toBe(404);
    expect((await heldOf(quote.id, adminCookie)).statusCode).toBe(404);
    expect((await heldOf(pending.quote.id, pending.cookie)).statusCode).toBe(404);
    expect((await heldOf(999_999, cookie)).statusCode).toBe(404);
    expect((await heldOf(quote.id, other.cookie)).json()).toMatchObject({ message: bookingMessages.quoteNotFound });
  });
});

describe('reading an appointment', () => {
  it('shows a confirmed one to its grant holder with canChange while more than 24 hours ahead', async () => {
    const { quote, cookie } = await customer();
    const held = await book(cookie, { quoteId: quote.id, appointmentDate: '2027-03-10', timeSlot: 'morning' });
    await confirm(held.json().id);
    const read = await get(`/api/appointments/${held.json().id}`, cookie);
    expect(read.json()).toMatchObject({ status: 'confirmed', holdExpiresAt: null, canChange: true, totalCost: (quote.totalPence / 100).toFixed(2) });
    setNow('2027-03-09T08:30:00Z');
    expect((await get(`/api/appointments/${held.json().id}`, cookie)).json().canChange).toBe(false);
  });
});

describe('rescheduling', () => {
  async function confirmedBooking(date = '2027-03-10', slot = 'morning') {
    const c = await customer();
    const held = await book(c.cookie, { quoteId: c.quote.id, appointmentDate: date, timeSlot: slot });
    await confirm(held.json().id);
    return { ...c, id: held.json().id as number };
  }
  const move = (id: number, cookie: string, payload: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: `/api/appointments/${id}/reschedule`, payload, headers: { cookie } });

  it('moves a confirmed appointment to another free slot, taking the new place and releasing the old', async () => {
    const { id, cookie } = await confirmedBooking();
    const response = await move(id, cookie, { appointmentDate: '2027-03-12', timeSlot: 'afternoon' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id, appointmentDate: '2027-03-12', timeSlot: 'afternoon', status: 'confirmed' });
    expect(await taken('2027-03-10', 'morning')).toBe(0);
    expect(await taken('2027-03-12', 'afternoon')).toBe(1);
  });

  it('changes nothing when the new slot is full', async () => {
    const { id, cookie } = await confirmedBooking();
    await setCapacity('2027-03-12', { afternoon: 1 });
    const other = await customer();
    await book(other.cookie, { quoteId: other.quote.id, appointmentDate: '2027-03-12', timeSlot: 'afternoon' });
    const response = await move(id, cookie, { appointmentDate: '2027-03-12', timeSlot: 'afternoon' });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe('That slot has just been taken. Please choose another.');
    expect(await appointment(id)).toMatchObject({ appointmentDate: '2027-03-10', timeSlot: 'morning', status: 'confirmed' });
    expect(await taken('2027-03-10', 'morning')).toBe(1);
    expect(await taken('2027-03-12', 'afternoon')).toBe(1);
  });

  it('refuses a held appointment with 409 (it is not confirmed yet)', async () => {
    const { quote, cookie } = await customer();
    const held = await book(cookie, { quoteId: quote.id, appointmentDate: '2027-03-10', timeSlot: 'morning' });
    const response = await move(held.json().id, cookie, { appointmentDate: '2027-03-12', timeSlot: 'morning' });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe('This booking is still waiting for payment, so it cannot be rescheduled now.');
  });

  it('refuses inside 24 hours of the current slot with the phone sentence', async () => {
    const { id, cookie } = await confirmedBooking('2027-03-10', 'morning');
    setNow('2027-03-09T08:30:00Z');
    const response = await move(id, cookie, { appointmentDate: '2027-03-12', timeSlot: 'morning' });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(`Changes within 24 hours of your appointment need a phone call: please ring us on ${company.supportPhone}.`);
    expect((await appointment(id)).appointmentDate).toBe('2027-03-10');
  });

  it.each([
    ['a Saturday', '2027-03-13', bookingDateMessages.weekend],
    ['a bank holiday', '2027-03-26', bookingDateMessages.bankHoliday],
    ['a slot inside 24 hours', '2027-03-09', bookingDateMessages.tooSoon],
    ['a past day', '2027-03-01', bookingDateMessages.past],
    ['its own slot', '2027-03-10', bookingMessages.sameSlot],
  ])('refuses a move to %s with 400 and a sentence', async (_what, appointmentDate, message) => {
    const { id, cookie } = await confirmedBooking();
    const response = await move(id, cookie, { appointmentDate, timeSlot: 'morning' });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
    expect(await taken('2027-03-10', 'morning')).toBe(1);
  });

  it('refuses an assigned appointment’s move into a closed day, and allows it elsewhere', async () => {
    const { id, cookie } = await confirmedBooking();
    await t.database.db.update(appointments).set({ status: 'assigned' }).where(eq(appointments.id, id));
    await setCapacity('2027-03-15', { closed: true });
    expect((await move(id, cookie, { appointmentDate: '2027-03-15', timeSlot: 'morning' })).statusCode).toBe(409);
    const moved = await move(id, cookie, { appointmentDate: '2027-03-16', timeSlot: 'morning' });
    expect(moved.statusCode).toBe(200);
    expect(moved.json().status).toBe('assigned');
  });
});

describe("the admin's availability", () => {
  it('shows each day of the month with its capacity, what is taken and whether it is overridden', async () => {
    const { quote, cookie } = await customer();
    await book(cookie, { quoteId: quote.id, appointmentDate: '2027-03-10', timeSlot: 'morning' });
    await setCapacity('2027-03-10', { afternoon: 5 });
    const response = await get('/api/admin/availability?month=2027-03', adminCookie);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.defaultCapacity).toBe(3);
    expect(body.days).toHaveLength(31);
    expect(body.days.find((day: { date: string }) => day.date === '2027-03-10')).toEqual({
      date: '2027-03-10',
      workingDay: true,
      closed: false,
      slots: { morning: { capacity: 3, taken: 1, overridden: false }, afternoon: { capacity: 5, taken: 0, overridden: true } },
    });
    expect(body.days.find((day: { date: string }) => day.date === '2027-03-13').workingDay).toBe(false);
  });

  it('refuses to lower a slot below what is taken, with 409 and a sentence, and changes nothing', async () => {
    const first = await customer();
    const second = await customer();
    await book(first.cookie, { quoteId: first.quote.id, appointmentDate: '2027-03-10', timeSlot: 'morning' });
    await book(second.cookie, { quoteId: second.quote.id, appointmentDate: '2027-03-10', timeSlot: 'morning' });
    const response = await setCapacity('2027-03-10', { afternoon: 4, morning: 1 });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe('Morning already has 2 bookings, so its capacity cannot be set below 2.');
    expect(await slotRow('2027-03-10', 'morning')).toMatchObject({ taken: 2, overridden: false });
    expect(await slotRow('2027-03-10', 'afternoon')).toBeUndefined(); // the whole change was refused
    // Exactly what is taken is allowed: the slot is then full.
    expect((await setCapacity('2027-03-10', { morning: 2 })).json().slots.morning).toEqual({ capacity: 2, taken: 2, overridden: true });
    expect((await get('/api/appointments/available?date=2027-03-10')).json().available.morning).toBe(false);
  });

  it('closes a day: existing bookings are kept, new ones refused; reopening lets them in again', async () => {
    const first = await customer();
    const held = await book(first.cookie, { quoteId: first.quote.id, appointmentDate: '2027-03-10', timeSlot: 'morning' });
    const closed = await setCapacity('2027-03-10', { closed: true });
    expect(closed.statusCode).toBe(200);
    expect(closed.json()).toMatchObject({ closed: true, slots: { morning: { capacity: 0, taken: 1 }, afternoon: { capacity: 0, taken: 0 } } });
    expect((await appointment(held.json().id)).status).toBe('held');
    expect((await get('/api/appointments/available?date=2027-03-10')).json().available).toEqual({ morning: false, afternoon: false });
    const second = await customer();
    const refused = await book(second.cookie, { quoteId: second.quote.id, appointmentDate: '2027-03-10', timeSlot: 'afternoon' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('That slot has just been taken. Please choose another.');

    expect((await setCapacity('2027-03-10', { closed: false })).json().closed).toBe(false);
    expect((await book(second.cookie, { quoteId: second.quote.id, appointmentDate: '2027-03-10', timeSlot: 'afternoon' })).statusCode).toBe(200);
  });

  it("gives an unpaid hold's place back when the admin deletes its enquiry", async () => {
    const { quote, cookie } = await customer();
    await book(cookie, { quoteId: quote.id, appointmentDate: '2027-03-10', timeSlot: 'morning' });
    expect(await taken('2027-03-10', 'morning')).toBe(1);
    const deleted = await t.app.inject({ method: 'DELETE', url: `/api/admin/quotes/${quote.id}`, headers: { cookie: adminCookie } });
    expect(deleted.statusCode).toBe(204);
    expect(await taken('2027-03-10', 'morning')).toBe(0);
    expect(await t.database.db.select().from(appointments)).toHaveLength(0);
  });

  it('puts a slot back to SLOT_CAPACITY with null', async () => {
    await setCapacity('2027-03-10', { morning: 1 });
    const back = await setCapacity('2027-03-10', { morning: null });
    expect(back.json().slots.morning).toEqual({ capacity: 3, taken: 0, overridden: false });
  });

  it.each([
    ['a negative capacity', { morning: -1 }, 'Capacity cannot be negative'],
    ['a fraction', { morning: 1.5 }, 'Please enter a whole number of places'],
    ['more than 50', { afternoon: 51 }, 'Capacity can be at most 50'],
    ['words', { morning: 'three' }, 'Please enter a whole number of places'],
  ])('refuses %s with 400 and a sentence for the field', async (_what, payload, message) => {
    const response = await setCapacity('2027-03-10', payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().fieldErrors).toEqual({ [Object.keys(payload)[0]!]: message });
    expect(await slotRow('2027-03-10', 'morning')).toBeUndefined();
  });

  // Monday 8 March 2027, 10:00: Tuesday's 8:00 is 22 hours away, its 13:00 27 hours.
  it.each([
    ['a past day', '2027-03-05', { morning: 2 }, 'morning', 'The morning of Friday 5 March 2027 has passed, so it cannot be booked and its capacity cannot be changed.'],
    ["today's started slot", '2027-03-08', { morning: 2 }, 'morning', 'The morning of Monday 8 March 2027 has passed, so it cannot be booked and its capacity cannot be changed.'],
    [
      "today's afternoon",
      '2027-03-08',
      { afternoon: 2 },
      'afternoon',
      'The afternoon of Monday 8 March 2027 starts in less than 24 hours, so it cannot be booked and its capacity cannot be changed.',
    ],
    [
      "tomorrow's morning, inside 24 hours",
      '2027-03-09',
      { afternoon: 4, morning: 1 },
      'morning',
      'The morning of Tuesday 9 March 2027 starts in less than 24 hours, so it cannot be booked and its capacity cannot be changed.',
    ],
    ['a Saturday', '2027-03-13', { afternoon: 5 }, 'afternoon', 'The afternoon of Saturday 13 March 2027 is a weekend day, so it cannot be booked and its capacity cannot be changed.'],
    ['Good Friday', '2027-03-26', { morning: null }, 'morning', 'The morning of Friday 26 March 2027 is a bank holiday, so it cannot be booked and its capacity cannot be changed.'],
    ['closing a past day', '2027-03-05', { closed: true }, 'closed', 'Friday 5 March 2027 has passed, so it cannot be booked and its availability cannot be changed.'],
    ['closing today', '2027-03-08', { closed: true }, 'closed', 'Monday 8 March 2027 is less than 24 hours away, so it cannot be booked and its availability cannot be changed.'],
    ['closing a Sunday', '2027-03-14', { closed: true }, 'closed', 'Sunday 14 March 2027 is a weekend day, so it cannot be booked and its availability cannot be changed.'],
    ['reopening Easter Monday', '2027-03-29', { closed: false }, 'closed', 'Monday 29 March 2027 is a bank holiday, so it cannot be booked and its availability cannot be changed.'],
  ])('refuses a change to %s with 400 and a sentence, and changes nothing', async (_what, date, payload, field, message) => {
    const response = await setCapacity(date, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: 'bad_request', message, fieldErrors: { [field]: message } });
    expect(await t.database.db.select().from(slotCapacity).where(eq(slotCapacity.slotDate, date))).toEqual([]);
  });

  it("changes tomorrow's afternoon, and closes tomorrow, while that afternoon can still be booked", async () => {
    expect((await setCapacity('2027-03-09', { afternoon: 4 })).json().slots.afternoon).toEqual({ capacity: 4, taken: 0, overridden: true });
    expect((await setCapacity('2027-03-09', { closed: true })).json().closed).toBe(true);
    // Once that afternoon is inside 24 hours too, the day is past changing.
    setNow('2027-03-08T13:00:01Z');
    expect((await setCapacity('2027-03-09', { closed: false })).statusCode).toBe(400);
  });

  it('refuses a date that does not exist', async () => {
    expect((await setCapacity('2027-02-30', { closed: true })).statusCode).toBe(400);
    expect((await setCapacity('30-02-2027', { closed: true })).statusCode).toBe(400);
  });
});

describe('availability reads are rate limited per address', () => {
  it('answers 429 with a sentence past the limit, for day and month reads together, and not for another address', async () => {
    const limited = await createTestApp({ configure: (config) => (config.availabilityReadsPerMinutePerAddress = 2) });
    try {
      const read = (url: string, remoteAddress: string) => limited.app.inject({ method: 'GET', url, remoteAddress });
      expect((await read('/api/appointments/available?date=2027-03-10', '192.0.2.10')).statusCode).toBe(200);
      expect((await read('/api/appointments/available-month?month=2027-03', '192.0.2.10')).statusCode).toBe(200);
      const refused = await read('/api/appointments/available?date=2027-03-10', '192.0.2.10');
      expect(refused.statusCode).toBe(429);
      expect(refused.json().message).toBe('Too many availability checks from your connection. Please wait a minute and try again.');
      expect((await read('/api/appointments/available?date=2027-03-10', '192.0.2.11')).statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });
});

describe("capacity.repo, the functions checkout calls", () => {
  it('releases a place once per appointment, however often it is cancelled', async () => {
    const { quote, cookie } = await customer();
    const held = await book(cookie, { quoteId: quote.id, appointmentDate: '2027-03-10', timeSlot: 'morning' });
    const other = await customer();
    await book(other.cookie, { quoteId: other.quote.id, appointmentDate: '2027-03-10', timeSlot: 'morning' });
    const id = held.json().id as number;
    const db = t.database.db;
    await db.transaction((tx) => leaveLiveState(tx, id, 'cancel', { set: { cancelledAt: new Date() } }));
    await expect(db.transaction((tx) => leaveLiveState(tx, id, 'cancel'))).rejects.toThrow('This booking has been cancelled.');
    await expect(db.transaction((tx) => leaveLiveState(tx, id, 'lapse'))).rejects.toThrow('This booking has been cancelled, so it cannot be released now.');
    expect(await taken('2027-03-10', 'morning')).toBe(1); // the other customer's place is still taken
  });

  it('lets slots without an override follow SLOT_CAPACITY when it changes, and never overbooks', async () => {
    const db = t.database.db;
    const slot = { date: '2027-03-10', slot: 'morning' as const };
    expect(await takePlace(db, slot, 2)).toBe(true);
    expect(await takePlace(db, slot, 2)).toBe(true);
    expect(await takePlace(db, slot, 2)).toBe(false);
    expect(await takePlace(db, slot, 3)).toBe(true); // SLOT_CAPACITY raised to 3
    expect(await takePlace(db, slot, 1)).toBe(false); // lowered to 1: nobody more, nobody thrown out
    expect(await slotRow('2027-03-10', 'morning')).toMatchObject({ taken: 3, capacity: 3 });
    // The database refuses an overbooking whatever the application does.
    await expect(db.update(slotCapacity).set({ taken: 4 }).where(eq(slotCapacity.slotDate, '2027-03-10'))).rejects.toThrow();
  });
});
