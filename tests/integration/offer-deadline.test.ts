// Issue 35 item 4 (D16): an offer's time to answer counts the technician's working hours only,
// never ends in the night and never runs past the slot. Dispatch sets each offer's expiry with
// offerDeadline; the e-mail and the repairer's job say the real deadline in London time.
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createRepairer, createUser } from '../../src/server/db/factories';
import { jobNotifications, outboxEmails, repairers } from '../../src/server/db/schema';
import { isWorkingDay, slotStartsAt } from '../../src/shared/calendar';
import { addDays } from '../../src/shared/calendar-date';
import { londonDateTimeToInstant } from '../../src/shared/london-time';
import { answerByLabel } from '../../src/shared/offer-deadline';
import { createTestApp, signInAs, type TestApp } from '../helpers/app';
import { deleteBookings, paidBooking as paidBookingWithNetwork, post } from '../helpers/checkout';
import { withdrawLondonNetwork } from '../helpers/network';
import { workingDay } from '../helpers/dates';

// Issue 35: a booking needs a technician, so the London network (tests/helpers/network.ts) takes
// the hold; it then steps aside, so the nearby lists and offers hold only this file's repairers.
const paidBooking = async (...args: Parameters<typeof paidBookingWithNetwork>) => {
  const booking = await paidBookingWithNetwork(...args);
  await withdrawLondonNetwork(args[0].database.db);
  return booking;
};

// A fixed clock: Monday 8 March 2027, 10:00 in London (GMT). Days are counted from it.
const BASE = new Date('2027-03-08T10:00:00Z');
const WESTMINSTER = { latitude: 51.5031, longitude: -0.1307 };
const nextWorkingDay = (date: string) => {
  let day = addDays(date, 1);
  while (!isWorkingDay(day)) day = addDays(day, 1);
  return day;
};

let t: TestApp;
let admin: string;

beforeAll(async () => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(BASE);
  t = await createTestApp({ env: { AUTO_DISPATCH: 'false' } });
  const user = await createUser(t.database.db, { role: 'admin' });
  admin = await signInAs(t.app, user.email, user.password);
});
afterAll(async () => {
  await t.close();
  vi.useRealTimers();
});
beforeEach(async () => {
  vi.setSystemTime(BASE);
  await t.database.db.update(repairers).set({ isVerified: false });
});
afterEach(async () => {
  await deleteBookings(t);
  await t.database.db.delete(repairers);
});

const offersOf = (quoteId: number) => t.database.db.select().from(jobNotifications).where(eq(jobNotifications.quoteId, quoteId));

describe('an offer in working hours', () => {
  it('sent at 20:38 on a working day, expires at 12:00 the next working day, and the e-mail says so in London time', async () => {
    const db = t.database.db;
    const repairer = await createRepairer(db, { email: 'hours@example.test', ...WESTMINSTER });
    const day = workingDay(1, BASE);
    const { quote } = await paidBooking(t, workingDay(10, BASE));
    const sentAt = londonDateTimeToInstant(day, '20:38');
    vi.setSystemTime(sentAt);
    expect((await post(t, `/api/admin/quotes/${quote.id}/send-to-repairers`, {}, admin)).json()).toEqual({ repairersNotified: 1 });

    const [offer] = await offersOf(quote.id);
    const expected = londonDateTimeToInstant(nextWorkingDay(day), '12:00');
    expect(offer!.expiresAt.toISOString()).toBe(expected.toISOString());
    const [email] = await db.select().from(outboxEmails).where(eq(outboxEmails.toAddress, 'hours@example.test'));
    expect(email!.textBody).toContain(`${answerByLabel(expected)} (the time to answer counts your working hours only).`);
    expect(answerByLabel(expected)).toMatch(/^Answer by 12:00 on [A-Z][a-z]+day \d{1,2} [A-Z][a-z]+$/);
    expect(repairer.id).toBe(offer!.repairerId);
  });

  it('keeps to the technician\'s own pattern: one who works only Thursday afternoons is given until then', async () => {
    const db = t.database.db;
    // Thursday afternoon is bit 2 × 3 + 1 = 7.
    const thursdaysOnly = await createRepairer(db, { ...WESTMINSTER, weeklyHalves: 1 << 7 });
    const { quote } = await paidBooking(t, workingDay(15, BASE));
    const monday = workingDay(1, BASE);
    vi.setSystemTime(londonDateTimeToInstant(monday, '09:00'));
    // Sent to them alone: the booking's own slot is not one they work, so send-to-all leaves them out (docs/decisions/0029).
    expect((await post(t, `/api/admin/quotes/${quote.id}/send-to-repairer`, { repairerId: thursdaysOnly.id }, admin)).statusCode).toBe(200);
    const [offer] = await offersOf(quote.id);
    // The first Thursday on from then that is not a bank holiday, 13:00 + 4 hours.
    let thursday = monday;
    while (new Date(`${thursday}T12:00:00Z`).getUTCDay() !== 4 || !isWorkingDay(thursday)) thursday = addDays(thursday, 1);
    expect(offer!.expiresAt.toISOString()).toBe(londonDateTimeToInstant(thursday, '17:00').toISOString());
  });

  it('an offer for a slot tomorrow morning never runs past the slot\'s start', async () => {
    const db = t.database.db;
    await createRepairer(db, { ...WESTMINSTER });
    const slotDay = workingDay(3, BASE);
    const { quote } = await paidBooking(t, slotDay, 'morning');
    // The evening before: half an hour of answering time today, then the slot begins at 8:00.
    const eveningBefore = londonDateTimeToInstant(addDays(slotDay, -1), '17:30');
    vi.setSystemTime(eveningBefore);
    expect((await post(t, `/api/admin/quotes/${quote.id}/send-to-repairers`, {}, admin)).json()).toEqual({ repairersNotified: 1 });
    const [offer] = await offersOf(quote.id);
    expect(offer!.expiresAt.getTime()).toBeLessThanOrEqual(slotStartsAt(slotDay, 'morning').getTime());
    expect(offer!.expiresAt.toISOString()).toBe(slotStartsAt(slotDay, 'morning').toISOString());
  });

  it('an offer sent two days before the slot stops 24 hours before it, not at its fourth working hour', async () => {
    const db = t.database.db;
    await createRepairer(db, { ...WESTMINSTER });
    // A slot whose two days before are working days too, so the hours counted are plain.
    let n = 3;
    while (!isWorkingDay(addDays(workingDay(n, BASE), -1)) || !isWorkingDay(addDays(workingDay(n, BASE), -2))) n++;
    const slotDay = workingDay(n, BASE);
    const { quote } = await paidBooking(t, slotDay, 'morning');
    // 16:00 two days before: 16:00–18:00, then 8:00–10:00 the day before; the line is 8:00 then.
    vi.setSystemTime(londonDateTimeToInstant(addDays(slotDay, -2), '16:00'));
    await post(t, `/api/admin/quotes/${quote.id}/send-to-repairers`, {}, admin);
    const [offer] = await offersOf(quote.id);
    expect(offer!.expiresAt.toISOString()).toBe(new Date(slotStartsAt(slotDay, 'morning').getTime() - 24 * 3600_000).toISOString());
  });
});
