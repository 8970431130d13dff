// Issue 35 item 4 (D16, docs/decisions/0027): a paid booking no technician has taken is never a
// silent wait. The team sees it at once, with the technicians who could still take it, and is
// e-mailed once each time it falls back to nobody; 24 hours before the slot the customer is
// e-mailed once and may choose another slot or a full refund, online.
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createRepairer, createUser } from '../../src/server/db/factories';
import { appointments, jobNotifications, outboxEmails, repairers } from '../../src/server/db/schema';
import type { UnassignedBooking } from '../../src/shared/api/unassigned-bookings';
import { slotStartsAt } from '../../src/shared/calendar';
import { FOLLOW_UP_UNASSIGNED_JOB } from '../../src/server/modules/booking';
import { createTestApp, signInAs, type TestApp } from '../helpers/app';
import { appointmentRow, deleteBookings, paidBooking as paidBookingWithNetwork, paymentOf, post } from '../helpers/checkout';
import { ensureLondonTechnician, withdrawLondonNetwork } from '../helpers/network';
import { workingDay } from '../helpers/dates';
import { drainJobs } from '../helpers/jobs';

// Issue 35: a booking needs a technician, so the London network (tests/helpers/network.ts) takes
// the hold; it then steps aside, so the nearby lists and offers hold only this file's repairers.
const paidBooking = async (...args: Parameters<typeof paidBookingWithNetwork>) => {
  const booking = await paidBookingWithNetwork(...args);
  await withdrawLondonNetwork(args[0].database.db);
  return booking;
};

// A fixed clock: Monday 8 March 2027, 10:00 in London. Days are counted from it.
const BASE = new Date('2027-03-08T10:00:00Z');
const WESTMINSTER = { latitude: 51.5031, longitude: -0.1307 };
const place = (miles: number) => ({ latitude: WESTMINSTER.latitude + miles / 69.0, longitude: WESTMINSTER.longitude });
const HOUR = 3600_000;

let t: TestApp;
let admin: string;
let repairerCookie: string;

beforeAll(async () => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(BASE);
  t = await createTestApp({ env: { AUTO_DISPATCH: 'false' } });
  const user = await createUser(t.database.db, { role: 'admin' });
  admin = await signInAs(t.app, user.email, user.password);
  const repairerUser = await createUser(t.database.db, { role: 'repairer' });
  repairerCookie = await signInAs(t.app, repairerUser.email, repairerUser.password);
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
  await t.database.db.delete(outboxEmails);
});

const followUp = () => t.app.deps.jobs.run(FOLLOW_UP_UNASSIGNED_JOB, {});
const teamList = async (cookie = admin) => {
  const response = await t.app.inject({ url: '/api/admin/unassigned-bookings', headers: { cookie } });
  return { status: response.statusCode, body: response.json() as UnassignedBooking[] };
};
const emailsOfKind = (kind: string) => t.database.db.select().from(outboxEmails).where(eq(outboxEmails.kind, kind));
const readBooking = (id: number, cookie: string) => t.app.inject({ url: `/api/appointments/${id}`, headers: { cookie } });

describe('the team hears of a booking nobody took', () => {
  it('lists it with the technicians who could still take it, e-mails the team once, and again only after a new offer ends', async () => {
    const db = t.database.db;
    const slotDay = workingDay(10, BASE);
    const near = await createRepairer(db, { businessName: 'Near Repairs', ...place(2) });
    const decliner = await createRepairer(db, { businessName: 'Said No', ...place(3) });
    await createRepairer(db, { businessName: 'Too Far', ...place(35) });
    // Works no half of any day: never eligible for the slot.
    await createRepairer(db, { businessName: 'Never Works', weeklyHalves: 0, ...place(1) });
    const { quote, appointmentId } = await paidBooking(t, slotDay);

    // Never offered (the automatic dispatch is off: the team dispatches): listed, not e-mailed.
    expect((await teamList()).body.map((b) => b.appointmentId)).toEqual([appointmentId]);
    await followUp();
    expect(await emailsOfKind('booking-unassigned-team')).toHaveLength(0);

    // Never Works is left out, and the answer says why (docs/decisions/0029).
    expect((await post(t, `/api/admin/quotes/${quote.id}/send-to-repairers`, {}, admin)).json()).toEqual({ repairersNotified: 2, leftOut: { notWorking: 1, timeOff: 0, full: 0 } });
    // Offers open: not without a technician yet.
    expect((await teamList()).body).toEqual([]);
    await db.update(jobNotifications).set({ status: 'declined', respondedAt: new Date(), declineReason: 'Booked that day' }).where(and(eq(jobNotifications.quoteId, quote.id), eq(jobNotifications.repairerId, decliner.id)));
    const allEnded = await db.select().from(jobNotifications).where(eq(jobNotifications.quoteId, quote.id));
    vi.setSystemTime(new Date(Math.max(...allEnded.map((n) => n.expiresAt.getTime())) + 60_000));

    const { body } = await teamList();
    expect(body).toHaveLength(1);
    expect(body[0]).toMatchObject({ appointmentId, quoteId: quote.id, offersMade: 2, declined: 1, customerToldAt: null });
    expect(body[0]!.technicians.map((x) => x.businessName)).toEqual(['Near Repairs']);
    expect(body[0]!.technicians[0]).toMatchObject({ repairerId: near.id, distance: expect.any(Number) });

    await followUp();
    await followUp();
    const told = await emailsOfKind('booking-unassigned-team');
    expect(told).toHaveLength(1);
    expect(told[0]!.toAddress).toBe(t.config.teamEmail);
    expect(told[0]!.textBody).toContain('Near Repairs');
    expect(told[0]!.textBody).not.toContain('Said No');
    expect((await teamList()).body[0]!.teamToldAt).not.toBeNull();

    // The team offers it to the one who could take it, with the dispatch call they have, a little later.
    vi.setSystemTime(new Date(Date.now() + 5 * 60_000));
    expect((await post(t, `/api/admin/quotes/${quote.id}/send-to-repairer`, { repairerId: near.id }, admin)).statusCode).toBe(200);
    expect((await teamList()).body).toEqual([]);
    await followUp();
    expect(await emailsOfKind('booking-unassigned-team')).toHaveLength(1);
    // That offer ends too: news again, told once more.
    const [again] = await db.select().from(jobNotifications).where(and(eq(jobNotifications.quoteId, quote.id), eq(jobNotifications.status, 'sent')));
    vi.setSystemTime(new Date(again!.expiresAt.getTime() + 60_000));
    await followUp();
    await followUp();
    expect(await emailsOfKind('booking-unassigned-team')).toHaveLength(2);
  });

  it('hears at once when the last open offer is declined', async () => {
    // The queue stamps its jobs with the real clock, so this one runs on it.
    vi.useRealTimers();
    try {
      const db = t.database.db;
      const business = await createRepairer(db, { businessName: 'Only One', ...place(2) });
      const user = await createUser(db, { role: 'repairer', repairerId: business.id });
      const cookie = await signInAs(t.app, user.email, user.password);
      const { quote } = await paidBooking(t, workingDay(10));
      await post(t, `/api/admin/quotes/${quote.id}/send-to-repairers`, {}, admin);
      const [offer] = await db.select().from(jobNotifications).where(eq(jobNotifications.quoteId, quote.id));
      const declined = await post(t, `/api/repairer/notifications/${offer!.id}/decline`, { reason: 'Booked on another job that day.' }, cookie);
      expect(declined.statusCode).toBe(200);
      expect(await drainJobs(t.app)).toMatchObject({ [FOLLOW_UP_UNASSIGNED_JOB]: 1 });
      const told = await emailsOfKind('booking-unassigned-team');
      expect(told).toHaveLength(1);
      expect(told[0]!.textBody).toContain('(1 declined)');
      expect(told[0]!.textBody).toContain('No technician who could still take it');
    } finally {
      vi.useFakeTimers({ toFake: ['Date'] });
    }
  });

  it('is the team\'s list only', async () => {
    expect((await teamList('')).status).toBe(401);
    expect((await teamList(repairerCookie)).status).toBe(403);
    const { cookie } = await paidBooking(t, workingDay(10, BASE));
    expect((await teamList(cookie)).status).toBe(401);
  });

  it('with the automatic dispatch on, a booking it found nobody for reaches the team at once', async () => {
    // The queue stamps jobs with the real clock, so this one runs on it.
    vi.useRealTimers();
    const auto = await createTestApp({ env: { AUTO_DISPATCH: 'true' } });
    try {
      await auto.database.db.update(repairers).set({ isVerified: false });
      await paidBooking(auto, workingDay(10));
      expect(await drainJobs(auto.app)).toMatchObject({ 'dispatch-booking': 1, [FOLLOW_UP_UNASSIGNED_JOB]: 1 });
      const told = await auto.database.db.select().from(outboxEmails).where(eq(outboxEmails.kind, 'booking-unassigned-team'));
      expect(told).toHaveLength(1);
      expect(told[0]!.textBody).toContain('Dispatch found no technician to offer it to.');
    } finally {
      await auto.close();
      vi.useFakeTimers({ toFake: ['Date'] });
    }
  });
});

describe('24 hours before, the customer is told and chooses', () => {
  async function toldBooking() {
    const slotDay = workingDay(3, BASE);
    const booking = await paidBooking(t, slotDay);
    const startsAt = slotStartsAt(slotDay, 'morning');
    return { ...booking, slotDay, startsAt };
  }

  it('is e-mailed once, the same day, and the booking page offers the choice to the customer only', async () => {
    const booking = await toldBooking();
    vi.setSystemTime(new Date(booking.startsAt.getTime() - 25 * HOUR));
    await followUp();
    expect(await emailsOfKind('booking-unassigned-customer')).toHaveLength(0);

    vi.setSystemTime(new Date(booking.startsAt.getTime() - 24 * HOUR + 60_000));
    await followUp();
    await followUp();
    const told = await emailsOfKind('booking-unassigned-customer');
    expect(told).toHaveLength(1);
    expect(told[0]!.textBody).toMatch(/another slot/);
    expect(told[0]!.textBody).toMatch(/a full refund of £/);
    expect((await appointmentRow(t, booking.appointmentId)).customerToldUnassignedAt).not.toBeNull();

    const mine = (await readBooking(booking.appointmentId, booking.cookie)).json();
    expect(mine).toMatchObject({ status: 'confirmed', noTechnicianChoice: true, canChange: true });
    const team = (await readBooking(booking.appointmentId, admin)).json();
    expect(team).toMatchObject({ noTechnicianChoice: false, canChange: false });
    // Somebody else's booking does not exist for them.
    const other = await paidBooking(t, workingDay(12, BASE));
    expect((await readBooking(booking.appointmentId, other.cookie)).statusCode).toBe(404);
  });

  it('takes a full refund through the cancel: payment refunded in full, booking cancelled, and 409 after', async () => {
    const booking = await toldBooking();
    vi.setSystemTime(new Date(booking.startsAt.getTime() - 23 * HOUR));
    // Not told yet: inside 24 hours, D14 still says phone us.
    expect((await post(t, `/api/appointments/${booking.appointmentId}/cancel`, {}, booking.cookie)).statusCode).toBe(409);
    await followUp();
    // Only the booking's customer.
    const other = await paidBooking(t, workingDay(12, BASE));
    expect((await post(t, `/api/appointments/${booking.appointmentId}/cancel`, {}, other.cookie)).statusCode).toBe(404);
    expect((await post(t, `/api/appointments/${booking.appointmentId}/cancel`, {}, admin)).statusCode).toBe(404);

    const cancelled = await post(t, `/api/appointments/${booking.appointmentId}/cancel`, {}, booking.cookie);
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json()).toMatchObject({ status: 'cancelled', paymentStatus: 'refunded', noTechnicianChoice: false });
    const [payment] = await paymentOf(t, booking.appointmentId);
    expect(payment).toMatchObject({ status: 'refunded', refundedPence: payment!.amountPence });
    expect((await appointmentRow(t, booking.appointmentId)).status).toBe('cancelled');
    // The wrong state: the lifecycle's 409, nothing changes.
    const twice = await post(t, `/api/appointments/${booking.appointmentId}/cancel`, {}, booking.cookie);
    expect(twice.statusCode).toBe(409);
    expect((await paymentOf(t, booking.appointmentId))[0]).toMatchObject({ status: 'refunded', refundedPence: payment!.amountPence });
  });

  it('or moves to another slot, and the new slot starts its follow-up afresh', async () => {
    const booking = await toldBooking();
    vi.setSystemTime(new Date(booking.startsAt.getTime() - 20 * HOUR));
    await followUp();
    const to = workingDay(8, BASE);
    // Issue 35: the new slot needs a technician free for this customer: the London network takes it again.
    await ensureLondonTechnician(t.database.db);
    const moved = await post(t, `/api/appointments/${booking.appointmentId}/reschedule`, { appointmentDate: to, timeSlot: 'afternoon', startWithinCancellationPeriod: true }, booking.cookie);
    expect(moved.statusCode).toBe(200);
    expect(moved.json()).toMatchObject({ appointmentDate: to, timeSlot: 'afternoon', status: 'confirmed', noTechnicianChoice: false });
    const row = await appointmentRow(t, booking.appointmentId);
    expect(row.customerToldUnassignedAt).toBeNull();
    expect(row.teamToldUnassignedAt).toBeNull();
  });

  it('is not told once a technician has the job', async () => {
    const booking = await toldBooking();
    await t.database.db.update(appointments).set({ status: 'assigned' }).where(eq(appointments.id, booking.appointmentId));
    vi.setSystemTime(new Date(booking.startsAt.getTime() - 23 * HOUR));
    await followUp();
    expect(await emailsOfKind('booking-unassigned-customer')).toHaveLength(0);
  });
});
