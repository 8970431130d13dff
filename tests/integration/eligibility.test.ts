// Issue 35 item 2: who could serve a customer in a slot, on both engines. Verified, within 30
// miles and their own radius, covering the damage, working that half of that weekday, not on
// time off, and with a free place after the jobs they hold then. The in-memory rule the
// assignment uses for the slot's other bookings (isEligible over techniciansReaching) agrees.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAssessmentRecord, createQuote, createRepairer } from '../../src/server/db/factories';
import { appointments, repairerTimeOff } from '../../src/server/db/schema';
import { eligibleTechnicians, isEligible, techniciansReaching, type Customer } from '../../src/server/modules/booking';
import { milesBetween } from '../../src/server/modules/repairers';
import { encodeWeeklyPattern } from '../../src/server/modules/repairer-availability';
import { DEFAULT_WEEKLY_PATTERN } from '../../src/shared/offer-deadline';
import { isoWeekday } from '../../src/shared/calendar-date';
import { timeSlots } from '../../src/shared/calendar';
import { createTestApp, serverDatabaseAvailable, type TestApp } from '../helpers/app';
import { workingDays } from '../helpers/dates';

// Far from every other test's repairers (the Outer Hebrides), so only this file's are near.
const customer: Customer = { point: { latitude: 57.9, longitude: -6.8 }, specialisation: 'scratch' };
const north = (miles: number) => ({ latitude: customer.point.latitude + miles / 69, longitude: customer.point.longitude });
const days = workingDays(12);
const tuesday = days.find((day) => isoWeekday(day) === 2)!;
const wednesday = days.find((day) => day > tuesday && isoWeekday(day) === 3)!;

for (const engine of ['pglite', 'server'] as const) {
  describe.skipIf(engine === 'server' && !serverDatabaseAvailable())(`eligible technicians (${engine})`, () => {
    let t: TestApp;
    const named: Record<string, number> = {};
    beforeAll(async () => {
      t = await createTestApp({ engine });
      const db = t.database.db;
      const make = async (name: string, overrides: Parameters<typeof createRepairer>[1]) => {
        named[name] = (await createRepairer(db, { latitude: customer.point.latitude, longitude: customer.point.longitude, ...overrides })).id;
      };
      await make('here', {});
      await make('unverified', { isVerified: false });
      await make('25 miles, radius 20', { ...north(25), serviceRadiusMiles: 20 });
      await make('25 miles, radius 30', { ...north(25), serviceRadiusMiles: 30 });
      await make('35 miles, radius 50', { ...north(35), serviceRadiusMiles: 50 });
      await make('dents only', { specialisations: ['pdr'] });
      await make('Tuesday afternoons only', { weeklyHalves: encodeWeeklyPattern({ ...DEFAULT_WEEKLY_PATTERN, tuesday: { morning: false, afternoon: true } }) });
      await make('off on Tuesday', {});
      await db.insert(repairerTimeOff).values({ repairerId: named['off on Tuesday']!, fromDate: tuesday, toDate: tuesday });
      await make('one job, held', {});
      await make('two jobs, one held', { jobsPerSlot: 2 });
      for (const holder of ['one job, held', 'two jobs, one held']) {
        const quote = await createQuote(db, { assessmentId: (await createAssessmentRecord(db)).id, status: 'booked', assignmentStatus: 'assigned', assignedRepairerId: named[holder]! });
        await db.insert(appointments).values({ quoteId: quote.id, appointmentDate: tuesday, timeSlot: 'morning', status: 'assigned' });
      }
    });
    afterAll(() => t?.close());

    const namesOf = (ids: number[]) => ids.map((id) => Object.keys(named).find((name) => named[name] === id)).sort();

    it('keeps to the rule on a Tuesday morning', async () => {
      const found = await eligibleTechnicians(t.database.db, customer, { date: tuesday, slot: 'morning' });
      expect(namesOf(found.map((row) => row.id))).toEqual(['25 miles, radius 30', 'here', 'two jobs, one held'].sort());
      expect(found.find((row) => row.id === named['two jobs, one held'])!.freePlaces).toBe(1);
      expect(found.find((row) => row.id === named.here)!.freePlaces).toBe(1);
      // Nearest first.
      expect(found.at(-1)!.id).toBe(named['25 miles, radius 30']);
    });

    it('lets the afternoon-only technician in on Tuesday afternoon, and everyone working back on Wednesday', async () => {
      const afternoon = await eligibleTechnicians(t.database.db, customer, { date: tuesday, slot: 'afternoon' });
      expect(namesOf(afternoon.map((row) => row.id))).toEqual(['25 miles, radius 30', 'here', 'one job, held', 'two jobs, one held', 'Tuesday afternoons only'].sort());
      const wednesdayMorning = await eligibleTechnicians(t.database.db, customer, { date: wednesday, slot: 'morning' });
      expect(namesOf(wednesdayMorning.map((row) => row.id))).toEqual(
        ['25 miles, radius 30', 'here', 'off on Tuesday', 'one job, held', 'two jobs, one held', 'Tuesday afternoons only'].sort(),
      );
    });

    it('agrees with the in-memory rule the assignment uses, slot by slot', async () => {
      const facts = await techniciansReaching(t.database.db, [customer.point], tuesday, wednesday);
      // Reaching: everyone in range, whatever they cover or when they work; never the unverified or the out of range.
      expect(namesOf(facts.map((f) => f.id))).toEqual(Object.keys(named).filter((name) => !['unverified', '25 miles, radius 20', '35 miles, radius 50'].includes(name)).sort());
      for (const date of [tuesday, wednesday]) {
        for (const slot of timeSlots) {
          const fromSql = (await eligibleTechnicians(t.database.db, customer, { date, slot })).map((row) => row.id).sort();
          const inMemory = facts.filter((f) => isEligible(f, customer, { date, slot })).map((f) => f.id).sort();
          expect(inMemory, `${date} ${slot}`).toEqual(fromSql);
        }
      }
    });

    it('measures distance as milesBetween does', async () => {
      const [far] = (await eligibleTechnicians(t.database.db, customer, { date: wednesday, slot: 'afternoon' })).filter((row) => row.id === named['25 miles, radius 30']);
      expect(far!.distance).toBeCloseTo(milesBetween(customer.point, north(25)), 6);
    });
  });
}
