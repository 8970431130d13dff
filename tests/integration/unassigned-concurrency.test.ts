// Issue 35 item 4 (docs/decisions/0027): the follow-up of a paid booking nobody took tells the
// team and the customer once, however many runs (instances, retries) go at the same moment. On the
// PostgreSQL server when TEST_DATABASE_URL is set (real concurrency), else on PGlite.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createRepairer, createUser } from '../../src/server/db/factories';
import { outboxEmails, repairers } from '../../src/server/db/schema';
import { slotStartsAt } from '../../src/shared/calendar';
import { tellCustomersOfUnassigned, tellTeamOfUnassigned } from '../../src/server/modules/booking';
import { createTestApp, signInAs, type TestApp } from '../helpers/app';
import { paidBooking, post } from '../helpers/checkout';
import { workingDay } from '../helpers/dates';

const BASE = new Date('2027-03-08T10:00:00Z');
let t: TestApp;

beforeAll(async () => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(BASE);
  t = await createTestApp({ engine: 'auto', env: { AUTO_DISPATCH: 'false' } });
  await t.database.db.update(repairers).set({ isVerified: false });
});
afterAll(async () => {
  await t.close();
  vi.useRealTimers();
});

describe('told once, at the same moment', () => {
  it('eight runs at once e-mail the team once and the customer once', async () => {
    const db = t.database.db;
    const user = await createUser(db, { role: 'admin' });
    const admin = await signInAs(t.app, user.email, user.password);
    await createRepairer(db, { latitude: 51.52, longitude: -0.13 });
    const slotDay = workingDay(3, BASE);
    const { quote } = await paidBooking(t, slotDay);
    await post(t, `/api/admin/quotes/${quote.id}/send-to-repairers`, {}, admin);
    // Past every deadline, and inside the 24 hours.
    vi.setSystemTime(new Date(slotStartsAt(slotDay, 'morning').getTime() - 20 * 3600_000));
    const ctx = { db, config: t.config, geocoder: t.app.deps.geocoder, jobs: t.app.deps.jobs };
    const now = new Date();
    const runs = await Promise.all(Array.from({ length: 8 }, () => Promise.all([tellTeamOfUnassigned(ctx, now), tellCustomersOfUnassigned(ctx, now)])));
    expect(runs.reduce((sum, [team]) => sum + team, 0)).toBe(1);
    expect(runs.reduce((sum, [, customers]) => sum + customers, 0)).toBe(1);
    expect(await db.select().from(outboxEmails).where(eq(outboxEmails.kind, 'booking-unassigned-team'))).toHaveLength(1);
    expect(await db.select().from(outboxEmails).where(eq(outboxEmails.kind, 'booking-unassigned-customer'))).toHaveLength(1);
  });
});
