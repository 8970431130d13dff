// Issue 11's "Done when": a slot is never booked past its capacity however many customers try
// at once. On the PostgreSQL server (TEST_DATABASE_URL): 50 concurrent bookings, by 50 customers
// with their own approved quotes and grants, at a slot of capacity 1, first through one app and
// then split across two app instances on the same database. On PGlite: the same with fewer.
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import { openDatabase, type Database } from '../../src/server/db/database';
import { createQuote } from '../../src/server/db/factories';
import { appointments, slotCapacity } from '../../src/server/db/schema';
import { createGrant } from '../../src/server/modules/access';
import { setSlotCapacity } from '../../src/server/modules/booking';
import { isSlotBookable, type TimeSlot } from '../../src/shared/calendar';
import { addDays } from '../../src/shared/calendar-date';
import { londonDateOf } from '../../src/shared/london-time';
import { createTestApp, serverDatabaseAvailable, type TestApp } from '../helpers/app';
import { coveredAssessmentRecord } from '../helpers/coverage';
import { ensureLondonTechnician } from '../helpers/network';

const TAKEN = 'That slot has just been taken. Please choose another.';

if (!serverDatabaseAvailable()) {
  console.warn(
    '\n*** bookings-concurrency: TEST_DATABASE_URL is not set, so the 50-booking and two-instance runs on the PostgreSQL server are SKIPPED. ' +
      'Only the PGlite run is checked. Set TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test to run them. ***\n',
  );
}

/** The n-th working day (both slots bookable now) from three days ahead, in London. */
function bookableDay(n: number): string {
  const now = new Date();
  let date = addDays(londonDateOf(now), 3);
  let found = 0;
  for (;;) {
    if (isSlotBookable(date, 'morning', now) && isSlotBookable(date, 'afternoon', now) && found++ === n) return date;
    date = addDays(date, 1);
  }
}

async function customers(t: TestApp, count: number) {
  const db = t.database.db;
  await ensureLondonTechnician(db);
  const one = async () => {
    const assessment = await coveredAssessmentRecord(db);
    const quote = await createQuote(db, { assessmentId: assessment.id, status: 'approved' });
    const grant = await createGrant(db, assessment.id);
    return { quoteId: quote.id, cookie: `ar_access=${grant.token}` };
  };
  // Ten at a time (the pool's size): setting up is not what is measured.
  const made: { quoteId: number; cookie: string }[] = [];
  while (made.length < count) made.push(...(await Promise.all(Array.from({ length: Math.min(10, count - made.length) }, one))));
  return made;
}

async function race(apps: FastifyInstance[], people: { quoteId: number; cookie: string }[], date: string, slot: TimeSlot) {
  const responses = await Promise.all(
    people.map((person, i) =>
      apps[i % apps.length]!.inject({
        method: 'POST',
        url: '/api/appointments',
        payload: { quoteId: person.quoteId, appointmentDate: date, timeSlot: slot, notes: '' },
        headers: { cookie: person.cookie },
      }),
    ),
  );
  return {
    ok: responses.filter((r) => r.statusCode === 200),
    refused: responses.filter((r) => r.statusCode === 409),
    statuses: responses.map((r) => r.statusCode),
    messages: new Set(responses.filter((r) => r.statusCode === 409).map((r) => r.json().message as string)),
  };
}

async function slotState(db: Database['db'], date: string, slot: TimeSlot) {
  const [row] = await db
    .select()
    .from(slotCapacity)
    .where(and(eq(slotCapacity.slotDate, date), eq(slotCapacity.timeSlot, slot)));
  const held = await db
    .select()
    .from(appointments)
    .where(and(eq(appointments.appointmentDate, date), eq(appointments.timeSlot, slot), eq(appointments.status, 'held')));
  return { taken: row?.taken ?? 0, held: held.length };
}

describe.skipIf(!serverDatabaseAvailable())('bookings under concurrency on the PostgreSQL server', () => {
  let t: TestApp;
  let second: { app: FastifyInstance; database: Database } | undefined;
  beforeAll(async () => {
    t = await createTestApp({ engine: 'server' });
  });
  afterAll(async () => {
    if (second) {
      await second.app.close();
      await second.database.close();
    }
    await t.close();
  });

  it('lets exactly one of 50 simultaneous bookings take a slot of capacity 1; 49 are told it has just been taken', async () => {
    const date = bookableDay(0);
    await setSlotCapacity(t.database.db, { date, slot: 'morning' }, 1, t.config.slotCapacity);
    const people = await customers(t, 50);
    const result = await race([t.app], people, date, 'morning');
    expect(result.ok).toHaveLength(1);
    expect(result.refused).toHaveLength(49);
    expect([...result.messages]).toEqual([TAKEN]);
    expect(await slotState(t.database.db, date, 'morning')).toEqual({ taken: 1, held: 1 });
  }, 90_000);

  it('holds the same with the 50 requests split across two app instances sharing the database', async () => {
    const url = (t.database.pool as unknown as { options: { connectionString: string } }).options.connectionString;
    const database = await openDatabase({ databaseUrl: url });
    const app = await buildApp({ ...t.config }, { database });
    await app.ready();
    second = { app, database };

    const date = bookableDay(1);
    await setSlotCapacity(t.database.db, { date, slot: 'afternoon' }, 1, t.config.slotCapacity);
    const people = await customers(t, 50);
    const result = await race([t.app, app], people, date, 'afternoon');
    expect(result.ok).toHaveLength(1);
    expect(result.refused).toHaveLength(49);
    expect([...result.messages]).toEqual([TAKEN]);
    expect(await slotState(t.database.db, date, 'afternoon')).toEqual({ taken: 1, held: 1 });
  }, 90_000);

  it('gives a lapsed hold’s place to exactly one of the next 50, at capacity 3 across both instances', async () => {
    const date = bookableDay(2);
    const people = await customers(t, 53);
    const first = await race([t.app], people.slice(0, 3), date, 'morning');
    expect(first.ok).toHaveLength(3);
    // One of the three holds runs out unpaid.
    await t.database.db
      .update(appointments)
      .set({ holdExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(appointments.id, first.ok[0]!.json().id as number));
    const result = await race([t.app, second!.app], people.slice(3), date, 'morning');
    expect(result.ok).toHaveLength(1);
    expect(result.refused).toHaveLength(49);
    expect(await slotState(t.database.db, date, 'morning')).toEqual({ taken: 3, held: 3 });
  }, 90_000);
});

describe('bookings under concurrency on PGlite', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ engine: 'pglite' });
  });
  afterAll(() => t.close());

  it('lets exactly one of 12 simultaneous bookings take a slot of capacity 1', async () => {
    const date = bookableDay(0);
    await setSlotCapacity(t.database.db, { date, slot: 'morning' }, 1, t.config.slotCapacity);
    const result = await race([t.app], await customers(t, 12), date, 'morning');
    expect(result.ok).toHaveLength(1);
    expect(result.refused).toHaveLength(11);
    expect([...result.messages]).toEqual([TAKEN]);
    expect(await slotState(t.database.db, date, 'morning')).toEqual({ taken: 1, held: 1 });
  });

  it('never takes more than SLOT_CAPACITY (3) when 12 book at once', async () => {
    const date = bookableDay(1);
    const result = await race([t.app], await customers(t, 12), date, 'afternoon');
    expect(result.ok).toHaveLength(3);
    expect(result.refused).toHaveLength(9);
    expect(await slotState(t.database.db, date, 'afternoon')).toEqual({ taken: 3, held: 3 });
  });
});
