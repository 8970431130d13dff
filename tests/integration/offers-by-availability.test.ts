// Issue 35 items 2 and 4, the two gaps docs/decisions/0029 left open. "Send to all nearby" offers
// a booking only to the nearby technicians the availability rule lets take its slot (working that
// half, not on time off, a free place), and answers how many it left out and why; a save of a
// technician's availability that closes a slot withdraws their open offers of bookings then at
// once (the declared step withdraw-offers-outside-availability), instead of leaving them to run out.
// The technicians live around Dartford and Gravesend, where no other test puts anyone. Runs on the
// PostgreSQL server when TEST_DATABASE_URL is set, else on PGlite.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRepairer, createUser } from '../../src/server/db/factories';
import { jobNotifications, repairers, repairerTimeOff } from '../../src/server/db/schema';
import { slotBit } from '../../src/server/modules/repairer-availability';
import { DEFAULT_AVAILABILITY, type AvailabilityBody, type Weekday } from '../../src/shared/api/repairer-availability';
import { leftOutSentence } from '../../src/shared/api/dispatch';
import { isoWeekday } from '../../src/shared/calendar-date';
import { weekdays } from '../../src/shared/offer-deadline';
import { createTestApp, signInAs, type TestApp } from '../helpers/app';
import { paidBooking, post, workingDay } from '../helpers/checkout';
import { withdrawLondonNetwork } from '../helpers/network';

const DARTFORD = { latitude: 51.4462, longitude: 0.2169, city: 'Dartford', county: 'Kent', postcode: 'DA1 1DR' };
const GRAVESEND = { latitude: 51.4416, longitude: 0.3705, city: 'Gravesend', county: 'Kent', postcode: 'DA11 0AA' };
const ALL_HALVES = 1023;

const body = (overrides: Partial<AvailabilityBody> = {}): AvailabilityBody => ({ ...structuredClone(DEFAULT_AVAILABILITY), ...overrides });
const weekdayOf = (date: string): Weekday => weekdays[isoWeekday(date) - 1]!;

let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp({ engine: 'auto', env: { AUTO_DISPATCH: 'false' } });
  const user = await createUser(t.database.db, { role: 'admin' });
  admin = await signInAs(t.app, user.email, user.password);
});
afterAll(() => t?.close());

/** A verified technician in `town`, signed in. */
async function kentTechnician(town: typeof DARTFORD, overrides: Parameters<typeof createRepairer>[1] = {}) {
  const business = await createRepairer(t.database.db, { ...town, businessName: `${town.city} Smart Repairs ${Math.random().toString(36).slice(2, 7)}`, ...overrides });
  const user = await createUser(t.database.db, { role: 'repairer', repairerId: business.id });
  return { business, cookie: await signInAs(t.app, user.email, user.password) };
}

/** A paid booking of a SW1A customer (within 30 miles of both towns); the London network then steps aside. */
async function booking(day: string, slot: 'morning' | 'afternoon') {
  const made = await paidBooking(t, day, slot);
  await withdrawLondonNetwork(t.database.db);
  return made;
}

const offersOf = (quoteId: number) => t.database.db.select().from(jobNotifications).where(eq(jobNotifications.quoteId, quoteId));
const offerStatus = async (id: number) => (await t.database.db.select().from(jobNotifications).where(eq(jobNotifications.id, id)))[0]!.status;
const sendOne = async (quoteId: number, repairerId: number) => {
  const sent = await post(t, `/api/admin/quotes/${quoteId}/send-to-repairer`, { repairerId }, admin);
  expect(sent.statusCode, sent.body).toBe(200);
  return sent.json().notification.id as number;
};

describe('"Send to all nearby" offers a booking only to those who can take its slot', () => {
  it('leaves out one not working that half, one off that day and one already full, and says so', async () => {
    const day = workingDay(24);
    const able = await kentTechnician(DARTFORD);
    const notWorking = await kentTechnician(DARTFORD, { weeklyHalves: ALL_HALVES & ~slotBit(day, 'morning') });
    const off = await kentTechnician(GRAVESEND);
    await t.database.db.insert(repairerTimeOff).values({ repairerId: off.business.id, fromDate: day, toDate: day });
    const full = await kentTechnician(GRAVESEND, { jobsPerSlot: 1 });
    // The full one takes another booking in that slot first (the team sends it to them alone).
    const first = await booking(day, 'morning');
    const taken = await post(t, `/api/repairer/notifications/${await sendOne(first.quote.id, full.business.id)}/accept`, {}, full.cookie);
    expect(taken.statusCode, taken.body).toBe(200);
    const job = await booking(day, 'morning');

    const sent = await post(t, `/api/admin/quotes/${job.quote.id}/send-to-repairers`, {}, admin);
    expect(sent.statusCode, sent.body).toBe(200);
    const leftOut = { notWorking: 1, timeOff: 1, full: 1 };
    expect(sent.json()).toEqual({ repairersNotified: 1, leftOut });
    expect((await offersOf(job.quote.id)).map((o) => o.repairerId)).toEqual([able.business.id]);
    expect(leftOutSentence(leftOut)).toBe('3 nearby technicians left out: 1 not working that slot, 1 on time off that day, 1 already fully booked then.');

    // Sent again: nobody new, the same three still left out; the team can still send to one of them alone.
    expect((await post(t, `/api/admin/quotes/${job.quote.id}/send-to-repairers`, {}, admin)).json()).toEqual({ repairersNotified: 0, leftOut });
    await sendOne(job.quote.id, notWorking.business.id);

    // The next day's afternoon is open to all four: the answer is SPEC's shape alone.
    const afternoon = await booking(workingDay(25), 'afternoon');
    expect((await post(t, `/api/admin/quotes/${afternoon.quote.id}/send-to-repairers`, {}, admin)).json()).toEqual({ repairersNotified: 4 });
    const everyone = [able, notWorking, off, full].map((x) => x.business.id).sort((a, b) => a - b);
    expect((await offersOf(afternoon.quote.id)).map((o) => o.repairerId).sort((a, b) => a - b)).toEqual(everyone);
  });
});

describe('a save that closes a slot withdraws the open offers then', () => {
  it("their own save and the team's: offers in the closed slots expire at once, the others stand", async () => {
    const tech = await kentTechnician(GRAVESEND);
    const [offDay, patternDay, otherDay] = [workingDay(27), workingDay(30), workingDay(33)];
    const offDayJob = await booking(offDay, 'afternoon');
    const patternJob = await booking(patternDay, 'morning');
    const otherJob = await booking(otherDay, 'morning');
    const [offDayOffer, patternOffer, otherOffer] = [await sendOne(offDayJob.quote.id, tech.business.id), await sendOne(patternJob.quote.id, tech.business.id), await sendOne(otherJob.quote.id, tech.business.id)];
    // One of them opened (viewed) is as open as one sent.
    expect((await t.app.inject({ url: `/api/repairer/notifications/${patternOffer}`, headers: { cookie: tech.cookie } })).statusCode).toBe(200);
    expect(await offerStatus(patternOffer)).toBe('viewed');

    const own = await t.app.inject({ method: 'PUT', url: '/api/repairer/availability', headers: { cookie: tech.cookie }, payload: body({ timeOff: [{ from: offDay, to: offDay }] }) });
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json().takenBack).toEqual([]);
    expect([await offerStatus(offDayOffer), await offerStatus(patternOffer), await offerStatus(otherOffer)]).toEqual(['expired', 'viewed', 'sent']);
    // Withdrawn, it cannot be accepted; the booking is still paid and waiting for a technician.
    expect((await post(t, `/api/repairer/notifications/${offDayOffer}/accept`, {}, tech.cookie)).statusCode).toBe(409);

    const weekly = { ...DEFAULT_AVAILABILITY.weekly, [weekdayOf(patternDay)]: { morning: false, afternoon: true } };
    const team = await t.app.inject({ method: 'PUT', url: `/api/admin/repairers/${tech.business.id}/availability`, headers: { cookie: admin }, payload: body({ weekly, timeOff: [{ from: offDay, to: offDay }] }) });
    expect(team.statusCode, team.body).toBe(200);
    expect([await offerStatus(patternOffer), await offerStatus(otherOffer)]).toEqual(['expired', 'sent']);
    // The offer still open is accepted as before.
    expect((await post(t, `/api/repairer/notifications/${otherOffer}/accept`, {}, tech.cookie)).statusCode).toBe(200);
    const open = await t.database.db
      .select()
      .from(jobNotifications)
      .where(and(eq(jobNotifications.repairerId, tech.business.id), eq(jobNotifications.status, 'sent')));
    expect(open).toEqual([]);
  });

  it('fewer jobs a slot: a slot they are now full in closes, and its open offers go', async () => {
    const tech = await kentTechnician(DARTFORD, { jobsPerSlot: 2 });
    const day = workingDay(36);
    const kept = await booking(day, 'afternoon');
    expect((await post(t, `/api/repairer/notifications/${await sendOne(kept.quote.id, tech.business.id)}/accept`, {}, tech.cookie)).statusCode).toBe(200);
    const waiting = await booking(day, 'afternoon');
    const offer = await sendOne(waiting.quote.id, tech.business.id);
    const saved = await t.app.inject({ method: 'PUT', url: '/api/repairer/availability', headers: { cookie: tech.cookie }, payload: body({ jobsPerSlot: 1 }) });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().takenBack).toEqual([]);
    expect(await offerStatus(offer)).toBe('expired');
    await t.database.db.update(repairers).set({ isVerified: false }).where(eq(repairers.id, tech.business.id));
  });
});
