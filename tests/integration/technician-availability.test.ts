// Issue 35 item 2's "Done when", on the PostgreSQL server (TEST_DATABASE_URL) where concurrency
// is real, and the same rule on PGlite: a slot is bookable for a customer only while every open
// booking in it and theirs can each have a different eligible technician with a free place.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createAssessmentRecord, createQuote, createRepairer } from '../../src/server/db/factories';
import { repairers, repairerTimeOff } from '../../src/server/db/schema';
import { createGrant } from '../../src/server/modules/access';
import { createTestApp, serverDatabaseAvailable, type TestApp } from '../helpers/app';
import { workingDay } from '../helpers/dates';

const TAKEN = 'That slot has just been taken. Please choose another.';

// Two towns 24 miles apart on one parallel (about 0.35° of longitude is 15 miles at 52°N).
const WEST = { latitude: 52.0, longitude: -1.35 };
const EAST = { latitude: 52.0, longitude: -0.65 };
const BETWEEN = { latitude: 52.0, longitude: -1.0 }; // 15 miles from each
const BEYOND_EAST = { latitude: 52.0, longitude: -0.4 }; // 10 miles from EAST, 38 from WEST
const MANCHESTER = { latitude: 53.48, longitude: -2.24 };
const LONDON = { latitude: 51.5, longitude: -0.12 };

async function customerAt(t: TestApp, point: { latitude: number; longitude: number }) {
  const db = t.database.db;
  const assessment = await createAssessmentRecord(db, { ...point });
  const quote = await createQuote(db, { assessmentId: assessment.id, status: 'approved' });
  const grant = await createGrant(db, assessment.id);
  return { quoteId: quote.id, cookie: `ar_access=${grant.token}` };
}

const hold = (t: TestApp, who: { quoteId: number; cookie: string }, date: string, slot: 'morning' | 'afternoon' = 'morning') =>
  t.app.inject({ method: 'POST', url: '/api/appointments', payload: { quoteId: who.quoteId, appointmentDate: date, timeSlot: slot }, headers: { cookie: who.cookie } });

const availableFor = (t: TestApp, who: { quoteId: number; cookie: string }, date: string) =>
  t.app.inject({ method: 'GET', url: `/api/appointments/available?date=${date}&quoteId=${who.quoteId}`, headers: { cookie: who.cookie } });

function suite(engine: 'server' | 'pglite') {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ engine });
  });
  afterAll(async () => t.close());
  afterEach(async () => {
    // Each case builds its own network.
    await t.database.db.delete(repairers);
  });

  it('one technician taking one job a slot and twelve customers holding it at once: exactly one hold', async () => {
    await createRepairer(t.database.db, { ...LONDON, jobsPerSlot: 1 });
    const people = await Promise.all(Array.from({ length: 12 }, () => customerAt(t, LONDON)));
    const day = workingDay(3);
    const answers = await Promise.all(people.map((person) => hold(t, person, day)));
    const codes = answers.map((answer) => answer.statusCode).sort();
    expect(codes).toEqual([200, ...Array<number>(11).fill(409)]);
    for (const refused of answers.filter((answer) => answer.statusCode === 409)) expect(refused.json().message).toBe(TAKEN);
    // The winner's slot now reads closed to the others, open again in the afternoon.
    const loser = people[answers.findIndex((answer) => answer.statusCode === 409)]!;
    expect((await availableFor(t, loser, day)).json().available).toEqual({ morning: false, afternoon: true });
  });

  for (const order of [
    ['west', 'east'],
    ['east', 'west'],
  ] as const) {
    it(`A covering two towns and B covering one: customers from both in one slot are both booked (${order.join(' first, then ')})`, async () => {
      await createRepairer(t.database.db, { ...BETWEEN, serviceRadiusMiles: 20, jobsPerSlot: 1, businessName: 'A' });
      await createRepairer(t.database.db, { ...BEYOND_EAST, serviceRadiusMiles: 20, jobsPerSlot: 1, businessName: 'B' });
      const people = { west: await customerAt(t, WEST), east: await customerAt(t, EAST) };
      const day = workingDay(order[0] === 'west' ? 4 : 10);
      for (const town of order) {
        const answer = await hold(t, people[town], day);
        expect(answer.statusCode, answer.body).toBe(200);
      }
      // Both technicians are now used: a third customer in either town is refused.
      const third = await customerAt(t, EAST);
      expect((await availableFor(t, third, day)).json().available.morning).toBe(false);
      expect((await hold(t, third, day)).statusCode).toBe(409);
    });
  }

  it('A and B at once, with the two towns’ customers racing: both are booked', async () => {
    await createRepairer(t.database.db, { ...BETWEEN, serviceRadiusMiles: 20, jobsPerSlot: 1 });
    await createRepairer(t.database.db, { ...BEYOND_EAST, serviceRadiusMiles: 20, jobsPerSlot: 1 });
    const [west, east] = [await customerAt(t, WEST), await customerAt(t, EAST)];
    const day = workingDay(5);
    const answers = await Promise.all([hold(t, east, day), hold(t, west, day)]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
  });

  it('a technician’s time off closes the slot for their area only', async () => {
    const londoner = await createRepairer(t.database.db, { ...LONDON, jobsPerSlot: 2 });
    await createRepairer(t.database.db, { ...MANCHESTER, jobsPerSlot: 2 });
    const day = workingDay(6);
    await t.database.db.insert(repairerTimeOff).values({ repairerId: londoner.id, fromDate: day, toDate: day });
    const [inLondon, inManchester] = [await customerAt(t, LONDON), await customerAt(t, MANCHESTER)];
    expect((await availableFor(t, inLondon, day)).json().available).toEqual({ morning: false, afternoon: false });
    expect((await availableFor(t, inManchester, day)).json().available).toEqual({ morning: true, afternoon: true });
    expect((await hold(t, inLondon, day)).statusCode).toBe(409);
    expect((await hold(t, inManchester, day)).statusCode).toBe(200);
    // The next working day the Londoner is back.
    expect((await availableFor(t, inLondon, workingDay(7))).json().available).toEqual({ morning: true, afternoon: true });
  });

  it('a weekly pattern closes the halves a technician does not work, in the month view too', async () => {
    const day = workingDay(8);
    // Only mornings: bit 2k is weekday k's morning (weekly-halves.ts), so 0b0101010101 is Monday–Friday mornings.
    await createRepairer(t.database.db, { ...LONDON, weeklyHalves: 0b0101010101 });
    const who = await customerAt(t, LONDON);
    expect((await availableFor(t, who, day)).json().available).toEqual({ morning: true, afternoon: false });
    const month = await t.app.inject({ method: 'GET', url: `/api/appointments/available-month?month=${day.slice(0, 7)}&quoteId=${who.quoteId}`, headers: { cookie: who.cookie } });
    expect(month.json().days.find((d: { date: string }) => d.date === day).available).toEqual({ morning: true, afternoon: false });
  });

  it('refuses to take payment for a hold whose technician has since taken time off; another slot of theirs still takes payment', async () => {
    const only = await createRepairer(t.database.db, { ...LONDON, jobsPerSlot: 1 });
    const day = workingDay(11);
    const [first, second] = [await customerAt(t, LONDON), await customerAt(t, LONDON)];
    expect((await hold(t, first, day)).statusCode).toBe(200);
    // The technician's afternoon, held by another customer, is paid for before the time off.
    expect((await hold(t, second, day, 'afternoon')).statusCode).toBe(200);
    const pay = (who: { quoteId: number; cookie: string }) =>
      t.app.inject({ method: 'POST', url: '/api/create-payment-intent', payload: { quoteId: who.quoteId, startWithinCancellationPeriod: true }, headers: { cookie: who.cookie } });
    expect((await pay(second)).statusCode).toBe(200);
    await t.database.db.insert(repairerTimeOff).values({ repairerId: only.id, fromDate: day, toDate: day });
    const refused = await pay(first);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('No technician can come to you in that slot any more, so you have not been charged. Please choose another date or time.');
  });

  it('answers a stranger’s quote 404 and tells nothing of its customer', async () => {
    await createRepairer(t.database.db, { ...LONDON });
    const owner = await customerAt(t, LONDON);
    const stranger = await customerAt(t, MANCHESTER);
    const day = workingDay(9);
    for (const cookie of [stranger.cookie, undefined]) {
      const answer = await t.app.inject({ method: 'GET', url: `/api/appointments/available?date=${day}&quoteId=${owner.quoteId}`, headers: cookie ? { cookie } : {} });
      expect(answer.statusCode).toBe(404);
      expect(answer.body).not.toContain('available');
    }
  });
}

describe.runIf(serverDatabaseAvailable())('availability from the technicians, on the PostgreSQL server', () => suite('server'));
describe('availability from the technicians, on PGlite', () => suite('pglite'));
