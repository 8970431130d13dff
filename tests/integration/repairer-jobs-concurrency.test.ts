// Issue 12's "Done when": 30 repairers accept the same job at once and exactly one wins. On the
// PostgreSQL server (TEST_DATABASE_URL), where the transactions truly overlap; on PGlite with
// fewer. The database agrees: one accepted offer, the job assigned to the winner, the booking
// assigned, the payout theirs, and every other offer withdrawn. On the server too, two races
// staged with tests/helpers/row-locks.ts: one repairer accepting two jobs in one slot, and a
// decline meeting send-to-all-nearby.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRepairer, createUser } from '../../src/server/db/factories';
import { appointments, jobNotifications, payouts, payments, quotes, repairers } from '../../src/server/db/schema';
import { repairerJobMessages } from '../../src/shared/api/repairer-jobs';
import { declineJob } from '../../src/server/modules/booking';
import { cookieHeader, createTestApp, serverDatabaseAvailable, signInAs, type TestApp } from '../helpers/app';
import { whileAnotherTransactionHolds } from '../helpers/row-locks';
import { post, workingDay, paidBooking as paidBookingWithNetwork } from '../helpers/checkout';
import { withdrawLondonNetwork } from '../helpers/network';

// Issue 35: a booking needs a technician, so the London network (tests/helpers/network.ts) takes
// the hold; it then steps aside, so the nearby lists and offers hold only this file's repairers.
const paidBooking = async (...args: Parameters<typeof paidBookingWithNetwork>) => {
  const booking = await paidBookingWithNetwork(...args);
  await withdrawLondonNetwork(args[0].database.db);
  return booking;
};

if (!serverDatabaseAvailable()) {
  console.warn('\n*** repairer-jobs-concurrency: TEST_DATABASE_URL is not set, so the 30-way accept race on the PostgreSQL server is SKIPPED; only the PGlite run is checked. ***\n');
}

async function acceptRace(t: TestApp, racers: number) {
  const db = t.database.db;
  const adminUser = await createUser(db, { role: 'admin' });
  const admin = await signInAs(t.app, adminUser.email, adminUser.password);
  await db.update(repairers).set({ isVerified: false });
  const people: { repairerId: number; cookie: string }[] = [];
  while (people.length < racers) {
    const batch = await Promise.all(
      Array.from({ length: Math.min(10, racers - people.length) }, async () => {
        const business = await createRepairer(db, { latitude: 51.51, longitude: -0.13 });
        const user = await createUser(db, { role: 'repairer', repairerId: business.id });
        // Each from its own address: one address may sign in only 30 times in 15 minutes.
        const response = await t.app.inject({ method: 'POST', url: '/api/auth/sign-in', payload: { email: user.email, password: user.password }, remoteAddress: `192.0.2.${business.id % 250}` });
        expect(response.statusCode).toBe(200);
        return { repairerId: business.id, cookie: cookieHeader(response) };
      }),
    );
    people.push(...batch);
  }
  const { quote, appointmentId } = await paidBooking(t, workingDay(30));
  expect((await post(t, `/api/admin/quotes/${quote.id}/send-to-repairers`, {}, admin)).json()).toEqual({ repairersNotified: racers });
  const offers = await db.select().from(jobNotifications).where(eq(jobNotifications.quoteId, quote.id));
  const offerOf = new Map(offers.map((o) => [o.repairerId, o.id]));

  const responses = await Promise.all(people.map((p) => post(t, `/api/repairer/notifications/${offerOf.get(p.repairerId)}/accept`, {}, p.cookie)));
  const winners = responses.filter((r) => r.statusCode === 200);
  const losers = responses.filter((r) => r.statusCode === 409);
  expect(winners).toHaveLength(1);
  expect(losers).toHaveLength(racers - 1);
  // Whoever lost was told the job is gone: taken, or (once withdrawn) no longer open.
  for (const loser of losers) expect([repairerJobMessages.taken, repairerJobMessages.expired]).toContain(loser.json().message);

  const winner = people[responses.findIndex((r) => r.statusCode === 200)]!;
  const after = await db.select().from(jobNotifications).where(eq(jobNotifications.quoteId, quote.id));
  expect(after.filter((o) => o.status === 'accepted').map((o) => o.repairerId)).toEqual([winner.repairerId]);
  expect(after.filter((o) => o.status === 'expired')).toHaveLength(racers - 1);
  const [q] = await db.select().from(quotes).where(eq(quotes.id, quote.id));
  expect(q).toMatchObject({ assignedRepairerId: winner.repairerId, assignmentStatus: 'assigned' });
  const [appointment] = await db.select().from(appointments).where(eq(appointments.id, appointmentId));
  expect(appointment!.status).toBe('assigned');
  const [payment] = await db.select().from(payments).where(eq(payments.appointmentId, appointmentId));
  expect((await db.select().from(payouts).where(eq(payouts.paymentId, payment!.id))).map((p) => p.repairerId)).toEqual([winner.repairerId]);
}

/** A signed-in admin, and a repairer business near the test bookings with its signed-in user. */
async function adminAndRepairer(t: TestApp) {
  const db = t.database.db;
  const adminUser = await createUser(db, { role: 'admin' });
  const admin = await signInAs(t.app, adminUser.email, adminUser.password);
  const business = await createRepairer(db, { latitude: 51.51, longitude: -0.13 });
  const user = await createUser(db, { role: 'repairer', repairerId: business.id });
  return { admin, business, user, repairer: await signInAs(t.app, user.email, user.password) };
}

describe.skipIf(!serverDatabaseAvailable())('on the PostgreSQL server', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ engine: 'server', env: { AUTO_DISPATCH: 'false' } });
  });
  afterAll(() => t?.close());

  it('gives the job to exactly one of 30 repairers accepting at once', { timeout: 90_000 }, async () => {
    await acceptRace(t, 30);
  });

  it('gives one repairer accepting two jobs in one slot at once the first, and refuses the second as a clash', async () => {
    const db = t.database.db;
    const { admin, business, repairer } = await adminAndRepairer(t);
    const day = workingDay(31);
    const offered = async () => {
      const booking = await paidBooking(t, day, 'afternoon');
      const sent = await post(t, `/api/admin/quotes/${booking.quote.id}/send-to-repairer`, { repairerId: business.id }, admin);
      expect(sent.statusCode, sent.body).toBe(200);
      return { ...booking, offerId: sent.json().notification.id as number };
    };
    const first = await offered();
    const second = await offered();

    // The first accept, written as the route writes it (the repairer's row locked, the job and
    // the booking theirs), not yet committed when the second arrives.
    const refused = await whileAnotherTransactionHolds(
      db,
      async (tx) => {
        await tx.execute(sql`SELECT id FROM repairers WHERE id = ${business.id} FOR UPDATE`);
        await tx.execute(sql`UPDATE quotes SET assigned_repairer_id = ${business.id}, assignment_status = 'assigned' WHERE id = ${first.quote.id}`);
        await tx.execute(sql`UPDATE job_notifications SET status = 'accepted', responded_at = now() WHERE id = ${first.offerId}`);
        await tx.execute(sql`UPDATE appointments SET status = 'assigned' WHERE id = ${first.appointmentId}`);
      },
      () => post(t, `/api/repairer/notifications/${second.offerId}/accept`, {}, repairer),
    );
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json().message).toMatch(/^You already have a job on /);
    const [still] = await db.select().from(appointments).where(eq(appointments.id, second.appointmentId));
    expect(still!.status).toBe('confirmed');
  });

  // Send-to-all-nearby leaves out whoever declined the job. It read the declines with the quote
  // locked, but a decline did not lock the quote: one committing after that read and before the
  // new offers were written got its repairer a fresh offer (and e-mail) for the job they had just
  // turned down. Staged: the decline, run as the route runs it, is in flight when send-to-all arrives.
  it('offers a job racing a decline of it again to nobody who declined it', async () => {
    const db = t.database.db;
    await db.update(repairers).set({ isVerified: false });
    const { admin, business, user } = await adminAndRepairer(t);
    const { quote } = await paidBooking(t, workingDay(32));
    const sent = await post(t, `/api/admin/quotes/${quote.id}/send-to-repairers`, {}, admin);
    expect(sent.json()).toEqual({ repairersNotified: 1 });
    const [offer] = await db.select().from(jobNotifications).where(eq(jobNotifications.quoteId, quote.id));

    const again = await whileAnotherTransactionHolds(
      db,
      (tx) =>
        declineJob(
          { db: tx, database: t.database, config: t.config },
          { id: user.id, email: user.email, name: 'Repairer', role: 'repairer', repairerId: business.id },
          offer!.id,
          { reason: 'Too far for me that day' },
          new Date(),
        ),
      () => post(t, `/api/admin/quotes/${quote.id}/send-to-repairers`, {}, admin),
    );
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toEqual({ repairersNotified: 0 });
    const offers = await db.select().from(jobNotifications).where(eq(jobNotifications.quoteId, quote.id));
    expect(offers.map((o) => o.status)).toEqual(['declined']);
  });

  it('answers a repairer accepting while the team unverifies them, every time, without a deadlock (an attack review and a code review)', { timeout: 90_000 }, async () => {
    const db = t.database.db;
    await db.update(repairers).set({ isVerified: false });
    const { admin, business, repairer } = await adminAndRepairer(t);
    const outcomes = new Map<string, number>();
    for (let round = 0; round < 12; round++) {
      await db.update(repairers).set({ isVerified: true }).where(eq(repairers.id, business.id));
      const { quote, appointmentId } = await paidBooking(t, workingDay(40 + round));
      const sent = await post(t, `/api/admin/quotes/${quote.id}/send-to-repairer`, { repairerId: business.id }, admin);
      expect(sent.statusCode, sent.body).toBe(200);
      const [accepted, unverified] = await Promise.all([
        post(t, `/api/repairer/notifications/${sent.json().notification.id}/accept`, {}, repairer),
        post(t, `/api/admin/repairers/${business.id}/verification`, { isVerified: false }, admin),
      ]);
      const key = `${accepted.statusCode}/${unverified.statusCode}`;
      outcomes.set(key, (outcomes.get(key) ?? 0) + 1);
      // Either the accept won (the job is theirs) or the unverify did (the offer is withdrawn); never a 500.
      expect(unverified.statusCode, unverified.body).toBe(200);
      expect([200, 409], accepted.body).toContain(accepted.statusCode);
      const [offer] = await db.select().from(jobNotifications).where(eq(jobNotifications.id, sent.json().notification.id));
      const [booking] = await db.select().from(appointments).where(eq(appointments.id, appointmentId));
      expect([offer!.status, booking!.status]).toEqual(accepted.statusCode === 200 ? ['accepted', 'assigned'] : ['expired', 'confirmed']);
    }
    expect([...outcomes.keys()].every((key) => key === '200/200' || key === '409/200')).toBe(true);
  });
});

describe('the accept race on PGlite', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { AUTO_DISPATCH: 'false' } });
  });
  afterAll(() => t?.close());

  it('gives the job to exactly one of 8 repairers accepting at once', async () => {
    await acceptRace(t, 8);
  });
});
