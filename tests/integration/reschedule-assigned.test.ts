// A customer moves a booking a technician has already accepted (POST /api/appointments/{id}/reschedule):
// the technician keeps the job, so it never moves onto another job of theirs (the clash check their
// accept makes, 409 with nothing changed), and when it moves they are told the new time by e-mail.
// On the PostgreSQL server, a reschedule and an accept of the same technician into one slot at
// once leave them one job there.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appointments, outboxEmails, quotes, slotCapacity } from '../../src/server/db/schema';
import { formatLondonDate } from '../../src/shared/london-time';
import { createTestApp, serverDatabaseAvailable, type TestApp } from '../helpers/app';
import { appointmentRow, post, workingDay } from '../helpers/checkout';
import { technician } from '../helpers/technician';

const technicianBusy = 'Your technician already has another job at that time. Please choose another date or time.';

const reschedule = (t: TestApp, id: number, cookie: string, appointmentDate: string, timeSlot: 'morning' | 'afternoon') =>
  post(t, `/api/appointments/${id}/reschedule`, { appointmentDate, timeSlot, startWithinCancellationPeriod: true }, cookie);

describe('rescheduling a booking a technician has accepted', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ engine: 'auto', env: { AUTO_DISPATCH: 'false' } });
  });
  afterAll(() => t?.close());

  it('refuses the time of another of their jobs with nothing changed, and tells them the new time when it moves', async () => {
    const tech = await technician(t);
    const [dayA, dayB, dayC] = [workingDay(40), workingDay(41), workingDay(43)];
    const first = await tech.offered(dayA, 'morning');
    const second = await tech.offered(dayB, 'afternoon');
    expect((await tech.accept(first.offerId)).statusCode).toBe(200);
    expect((await tech.accept(second.offerId)).statusCode).toBe(200);
    const places = async () => (await t.database.db.select().from(slotCapacity)).filter((row) => [dayA, dayB, dayC].includes(row.slotDate)).map((row) => `${row.slotDate} ${row.timeSlot} ${row.taken}`).sort();
    const before = { row: await appointmentRow(t, second.appointmentId), places: await places(), customerMail: (await t.database.db.select().from(outboxEmails).where(eq(outboxEmails.kind, 'booking-rescheduled'))).length };

    // Onto their other job's slot: refused, and nothing moved, no place taken, nobody told.
    const clash = await reschedule(t, second.appointmentId, second.cookie, dayA, 'morning');
    expect([clash.statusCode, clash.json().message]).toEqual([409, technicianBusy]);
    expect(await appointmentRow(t, second.appointmentId)).toEqual(before.row);
    expect(await places()).toEqual(before.places);
    expect((await t.database.db.select().from(outboxEmails).where(eq(outboxEmails.kind, 'booking-rescheduled'))).length).toBe(before.customerMail);
    expect(await tech.mail()).toEqual([]);

    // The other slot of that day is free for them: it moves, still theirs, and they are told.
    const moved = await reschedule(t, second.appointmentId, second.cookie, dayA, 'afternoon');
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toMatchObject({ appointmentDate: dayA, timeSlot: 'afternoon', status: 'assigned' });
    expect((await t.database.db.select({ repairerId: quotes.assignedRepairerId }).from(quotes).where(eq(quotes.id, second.quote.id)))[0]!.repairerId).toBe(tech.business.id);
    const [told] = await tech.mail();
    expect(told!.subject).toBe(`Job moved to ${formatLondonDate(dayA)}, afternoon, 13:00–17:00`);
    expect(told!.textBody).toContain(`from ${formatLondonDate(dayB)}, afternoon, 13:00–17:00 to ${formatLondonDate(dayA)}, afternoon, 13:00–17:00`);
    // Their e-mail names no customer (the dashboard, behind their sign-in, does).
    expect(told!.textBody).not.toContain(second.assessment.address);

    // A booking no technician has accepted yet moves with no e-mail to any technician.
    const waiting = await tech.offered(dayC, 'morning');
    expect((await reschedule(t, waiting.appointmentId, waiting.cookie, dayC, 'afternoon')).statusCode).toBe(200);
    expect(await tech.mail()).toHaveLength(1);
  });

  it("shows the technician's other jobs as taken in the calendar of the booking being moved, to its customer only", async () => {
    const tech = await technician(t);
    const [dayA, dayB] = [workingDay(70), workingDay(72)];
    const first = await tech.offered(dayA, 'morning');
    const second = await tech.offered(dayB, 'afternoon');
    expect((await tech.accept(first.offerId)).statusCode).toBe(200);
    expect((await tech.accept(second.offerId)).statusCode).toBe(200);
    const month = dayA.slice(0, 7);
    const read = (path: string, cookie?: string) => t.app.inject({ method: 'GET', url: path, headers: cookie ? { cookie } : {} });
    const dayOf = async (query: string, cookie?: string) => {
      const answer = await read(`/api/appointments/available-month?month=${month}${query}`, cookie);
      expect(answer.statusCode, answer.body).toBe(200);
      return (answer.json() as { days: { date: string; available: { morning: boolean; afternoon: boolean } }[] }).days.find((day) => day.date === dayA)!.available;
    };

    // Anyone's calendar: the morning of dayA still has free places (capacity is per slot).
    expect(await dayOf('')).toEqual({ morning: true, afternoon: true });
    // Moving the second booking: its technician is busy that morning, so it is not offered.
    expect(await dayOf(`&appointmentId=${second.appointmentId}`, second.cookie)).toEqual({ morning: false, afternoon: true });
    const day = await read(`/api/appointments/available?date=${dayA}&appointmentId=${second.appointmentId}`, second.cookie);
    expect(day.json().available).toEqual({ morning: false, afternoon: true });
    // Moving the first booking: its own slot is no clash with itself.
    expect(await dayOf(`&appointmentId=${first.appointmentId}`, first.cookie)).toEqual({ morning: true, afternoon: true });
    // Without the booking's grant, or for a booking that does not exist: 404, as its other reads.
    expect((await read(`/api/appointments/available-month?month=${month}&appointmentId=${second.appointmentId}`)).statusCode).toBe(404);
    expect((await read(`/api/appointments/available-month?month=${month}&appointmentId=${second.appointmentId}`, first.cookie)).statusCode).toBe(404);
    expect((await read(`/api/appointments/available?date=${dayA}&appointmentId=999999`, second.cookie)).statusCode).toBe(404);
    // Not an id: 400.
    expect((await read(`/api/appointments/available-month?month=${month}&appointmentId=abc`, second.cookie)).statusCode).toBe(400);
  });

  it.skipIf(!serverDatabaseAvailable())('moves a booking and lets its technician accept it at the same moment, in either order, without a deadlock (server)', async () => {
    const server = await createTestApp({ engine: 'server', env: { AUTO_DISPATCH: 'false' } });
    try {
      for (let round = 0; round < 4; round++) {
        const tech = await technician(server);
        const [day, to] = [workingDay(60 + round * 3), workingDay(61 + round * 3)];
        const job = await tech.offered(day, 'morning');
        const [moved, accepted] = await Promise.all([reschedule(server, job.appointmentId, job.cookie, to, 'afternoon'), tech.accept(job.offerId)]);
        expect([moved.statusCode, accepted.statusCode], `${moved.body} | ${accepted.body}`).toEqual([200, 200]);
        expect(await appointmentRow(server, job.appointmentId)).toMatchObject({ appointmentDate: to, timeSlot: 'afternoon', status: 'assigned' });
      }
    } finally {
      await server.close();
    }
  });

  it.skipIf(!serverDatabaseAvailable())('leaves a technician one job in a slot when a reschedule into it and their accept of another job there run at once (server)', async () => {
    const server = await createTestApp({ engine: 'server', env: { AUTO_DISPATCH: 'false' } });
    try {
      for (let round = 0; round < 4; round++) {
        const tech = await technician(server);
        const [theirDay, target] = [workingDay(50 + round * 3), workingDay(51 + round * 3)];
        const theirs = await tech.offered(theirDay, 'morning');
        expect((await tech.accept(theirs.offerId)).statusCode).toBe(200);
        const other = await tech.offered(target, 'morning');
        const [moved, accepted] = await Promise.all([reschedule(server, theirs.appointmentId, theirs.cookie, target, 'morning'), tech.accept(other.offerId)]);
        expect([moved.statusCode, accepted.statusCode].sort(), `${moved.json().message} | ${accepted.json().message}`).toEqual([200, 409]);
        const inSlot = await server.database.db
          .select({ id: appointments.id })
          .from(appointments)
          .innerJoin(quotes, eq(quotes.id, appointments.quoteId))
          .where(and(eq(quotes.assignedRepairerId, tech.business.id), eq(appointments.appointmentDate, target), eq(appointments.timeSlot, 'morning'), eq(appointments.status, 'assigned')));
        expect(inSlot).toHaveLength(1);
      }
    } finally {
      await server.close();
    }
  });
});
