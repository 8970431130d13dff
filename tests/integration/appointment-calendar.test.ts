// GET /api/appointments/{id}/calendar.ics: the confirmation e-mail's calendar file, for whoever may
// read the booking (a browser review: with no SMTP, nobody could get it at all). A paid booking
// still to come only; its times are the slot's in London, as UTC instants; its link carries no key.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calendarMessages } from '../../src/server/modules/booking';
import { slotEndsAt, slotStartsAt } from '../../src/shared/calendar';
import { createTestApp, type TestApp } from '../helpers/app';
import { heldBooking, paidBooking, parseIcsEvent, post, workingDay } from '../helpers/checkout';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ engine: 'auto', env: { AUTO_DISPATCH: 'false' } });
});
afterAll(() => t.close());

const calendar = (id: number, cookie?: string) => t.app.inject({ url: `/api/appointments/${id}/calendar.ics`, headers: cookie ? { cookie } : {} });

describe("a booking's calendar file", () => {
  it('is the slot in London as UTC, named by the reference, with the plain appointment link, to its customer only', async () => {
    const day = workingDay(20);
    const booking = await paidBooking(t, day, 'afternoon');
    const answer = await calendar(booking.appointmentId, booking.cookie);
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(answer.headers['content-disposition']).toBe(`attachment; filename="autorevive-${booking.assessment.reference}.ics"`);
    expect(answer.headers['cache-control']).toBe('private, no-store');
    const event = parseIcsEvent(answer.body);
    expect(event).toMatchObject({ start: slotStartsAt(day, 'afternoon').toISOString(), end: slotEndsAt(day, 'afternoon').toISOString(), uid: `appointment-${booking.appointmentId}@autorevive.co.uk`, method: 'PUBLISH' });
    expect(answer.body.replace(/\r?\n[ \t]/g, '')).toContain(`/appointments/${booking.appointmentId}`);
    expect(answer.body).not.toContain('/access/');

    // Nobody else learns the booking exists.
    expect((await calendar(booking.appointmentId)).statusCode).toBe(404);
    const other = await paidBooking(t, workingDay(21), 'morning');
    expect((await calendar(booking.appointmentId, other.cookie)).statusCode).toBe(404);
  });

  it('is refused for an unpaid hold and a cancelled booking (409), which are not in anyone’s diary', async () => {
    const held = await heldBooking(t, workingDay(22), 'morning');
    expect([(await calendar(held.appointmentId, held.cookie)).statusCode, (await calendar(held.appointmentId, held.cookie)).json().message]).toEqual([409, calendarMessages.notBooked]);
    const paid = await paidBooking(t, workingDay(23), 'morning');
    expect((await post(t, `/api/appointments/${paid.appointmentId}/cancel`, {}, paid.cookie)).statusCode).toBe(200);
    expect((await calendar(paid.appointmentId, paid.cookie)).statusCode).toBe(409);
  });
});
