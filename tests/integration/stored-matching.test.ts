// Issue 35 item 7, docs/decisions/0028 "The stored matching": the answers read from the stored
// matching (openSlotsStored, and the hold's claim) equal the whole rule worked out from scratch
// (openSlotsFor, kept as the oracle) over random small networks, after holds, payments, releases,
// accepts, take-backs and time off, on PGlite (the server's concurrency is
// technician-availability.test.ts's).
import fc from 'fast-check';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAssessmentRecord, createQuote, createRepairer } from '../../src/server/db/factories';
import { appointments, quotes, repairers, repairerTimeOff, slotCapacity, slotReservations } from '../../src/server/db/schema';
import { createGrant } from '../../src/server/modules/access';
import {
  afterTakeBack,
  covers,
  customerOfQuote,
  freePlacesIn,
  leaveLiveState,
  openSlotsFor,
  openSlotsStored,
  pinAccepted,
  refreshReservationsOf,
  slotKey,
  technicianFacts,
  type SlotOf,
} from '../../src/server/modules/booking';
import { createTestApp, type TestApp } from '../helpers/app';
import { workingDay } from '../helpers/dates';

// Along a parallel near Reading, where a degree of longitude is ~43 miles: technicians and
// customers close enough that bookings compete for the same technicians, chains included.
const place = (longitude: number) => ({ latitude: 51.45, longitude });

const operation = fc.oneof(
  fc.record({ kind: fc.constant('hold' as const), who: fc.nat(), at: fc.nat() }),
  fc.record({ kind: fc.constant('pay' as const), who: fc.nat() }),
  fc.record({ kind: fc.constant('release' as const), who: fc.nat() }),
  fc.record({ kind: fc.constant('accept' as const), who: fc.nat(), by: fc.nat() }),
  fc.record({ kind: fc.constant('takeBack' as const), who: fc.nat() }),
  fc.record({ kind: fc.constant('timeOff' as const), by: fc.nat(), day: fc.nat() }),
);

describe('the stored matching answers as the whole rule does', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ engine: 'pglite' });
  });
  afterAll(async () => t.close());

  it('over random networks and random holds, payments, releases, accepts, take-backs and time off', async () => {
    const db = t.database.db;
    const days = [workingDay(3), workingDay(4)];
    const slots: SlotOf[] = days.flatMap((date) => [
      { date, slot: 'morning' as const },
      { date, slot: 'afternoon' as const },
    ]);
    let compared = 0;
    let opened = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.record({ longitude: fc.double({ min: -1.3, max: -0.7, noNaN: true }), radius: fc.integer({ min: 8, max: 30 }), jobsPerSlot: fc.integer({ min: 1, max: 2 }) }), { minLength: 1, maxLength: 5 }),
        fc.array(fc.double({ min: -1.4, max: -0.6, noNaN: true }), { minLength: 2, maxLength: 8 }),
        fc.array(operation, { minLength: 4, maxLength: 18 }),
        async (technicianRows, customerLongitudes, operations) => {
          await db.delete(slotReservations);
          await db.delete(appointments);
          await db.delete(slotCapacity);
          await db.delete(repairers);
          const technicians = [];
          for (const row of technicianRows) technicians.push(await createRepairer(db, { ...place(row.longitude), serviceRadiusMiles: row.radius, jobsPerSlot: row.jobsPerSlot, isVerified: true }));
          const customers: { quoteId: number; cookie: string }[] = [];
          for (const longitude of customerLongitudes) {
            const assessment = await createAssessmentRecord(db, place(longitude));
            const quote = await createQuote(db, { assessmentId: assessment.id, status: 'approved' });
            const grant = await createGrant(db, assessment.id);
            customers.push({ quoteId: quote.id, cookie: `ar_access=${grant.token}` });
          }
          const liveOf = async (quoteId: number) => (await db.select().from(appointments).where(eq(appointments.quoteId, quoteId))).find((row) => ['held', 'confirmed', 'assigned'].includes(row.status));

          // Every customer, every slot: the stored answer is the oracle's.
          const compare = async (context: string) => {
            const now = new Date();
            for (const { quoteId } of customers) {
              const customer = (await customerOfQuote(db, quoteId))!;
              const oracle = await openSlotsFor(db, customer, slots, now, quoteId);
              const stored = await openSlotsStored(db, customer, slots, now, quoteId);
              expect([...stored].sort(), `${context}: quote ${quoteId}`).toEqual([...oracle].sort());
              compared += slots.length;
              opened += oracle.size;
            }
          };

          await compare('network built');
          for (const op of operations) {
            const who = customers[('who' in op ? op.who : 0) % customers.length]!;
            const live = await liveOf(who.quoteId);
            if (op.kind === 'hold') {
              if (live && live.status !== 'held') continue;
              const at = slots[op.at % slots.length]!;
              const customer = (await customerOfQuote(db, who.quoteId))!;
              const expected = (await openSlotsFor(db, customer, [at], new Date(), who.quoteId)).has(slotKey(at));
              const answer = await t.app.inject({ method: 'POST', url: '/api/appointments', payload: { quoteId: who.quoteId, appointmentDate: at.date, timeSlot: at.slot }, headers: { cookie: who.cookie } });
              expect(answer.statusCode, `hold ${slotKey(at)} for quote ${who.quoteId}: ${answer.body}`).toBe(expected ? 200 : 409);
            } else if (op.kind === 'pay') {
              if (live?.status !== 'held') continue;
              await db.update(appointments).set({ status: 'confirmed', holdExpiresAt: null }).where(eq(appointments.id, live.id));
            } else if (op.kind === 'release') {
              if (!live) continue;
              await db.transaction((tx) => leaveLiveState(tx, live.id, live.status === 'held' ? 'lapse' : 'cancel'));
            } else if (op.kind === 'accept') {
              if (live?.status !== 'confirmed') continue;
              const at = { date: live.appointmentDate, slot: live.timeSlot as SlotOf['slot'] };
              const customer = (await customerOfQuote(db, who.quoteId))!;
              // A technician who may accept it as today: covering them, working, with a place beside the jobs they hold.
              const able = (await technicianFacts(db, technicians.map((row) => row.id), at.date, at.date)).filter((facts) => covers(facts, customer) && freePlacesIn(facts, at) > 0);
              if (able.length === 0) continue;
              const by = able[op.by % able.length]!;
              await db.transaction(async (tx) => {
                await tx.update(quotes).set({ assignedRepairerId: by.id }).where(eq(quotes.id, who.quoteId));
                await tx.update(appointments).set({ status: 'assigned' }).where(eq(appointments.id, live.id));
                await pinAccepted(tx, who.quoteId, by.id, at, new Date());
              });
            } else if (op.kind === 'takeBack') {
              if (live?.status !== 'assigned') continue;
              await db.transaction(async (tx) => {
                await tx.update(quotes).set({ assignedRepairerId: null }).where(eq(quotes.id, who.quoteId));
                await tx.update(appointments).set({ status: 'confirmed' }).where(and(eq(appointments.id, live.id), eq(appointments.status, 'assigned')));
                await afterTakeBack(tx, who.quoteId, { date: live.appointmentDate, slot: live.timeSlot as SlotOf['slot'] }, new Date());
              });
            } else {
              const technician = technicians[op.by % technicians.length]!;
              const day = days[op.day % days.length]!;
              await db.insert(repairerTimeOff).values({ repairerId: technician.id, fromDate: day, toDate: day });
              await refreshReservationsOf(db, technician.id, new Date());
            }
            await compare(`after ${JSON.stringify(op)}`);
          }
        },
      ),
      { numRuns: 25, seed: 35_007 },
    );
    // The comparisons meant something: both open and closed answers were seen.
    expect(opened).toBeGreaterThan(0);
    expect(opened).toBeLessThan(compared);
  }, 600_000);
});
