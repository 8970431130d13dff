// The team cancels a paid booking and refunds it in full (POST /api/admin/appointments/{id}/cancel):
// a booking no technician came forward for, or one whose technician did not turn up, whose
// customer can no longer cancel online (inside 24 hours, or once its time has passed). An attack
// review found such a booking kept the customer's money for ever: the customer's cancel said
// "phone us", and the team had no action either. From any other state, with a bad reason, or by
// anyone but an admin, nothing changes and nobody is e-mailed.
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cancelMessages } from '../../src/server/modules/booking';
import { appointments, auditLog, jobNotifications, outboxEmails, payouts } from '../../src/server/db/schema';
import { teamCancelMessages } from '../../src/shared/api/appointments';
import { repairerJobMessages } from '../../src/shared/api/repairer-jobs';
import { dispatchMessages, takeBackMessages } from '../../src/shared/api/dispatch';
import { addDays } from '../../src/shared/calendar-date';
import { londonDateOf } from '../../src/shared/london-time';
import { loadConfig } from '../../src/server/config/config';
import { createTestApp, serverDatabaseAvailable, type TestApp } from '../helpers/app';
import { appointmentRow, heldBooking, paidBooking, paymentOf, post, quoteRow, workingDay } from '../helpers/checkout';
import { nextSlotStart } from '../helpers/dates';
import { technician } from '../helpers/technician';

const teamCancel = (t: TestApp, appointmentId: number, reason: unknown, cookie: string) => post(t, `/api/admin/appointments/${appointmentId}/cancel`, { reason }, cookie);
const company = loadConfig({}).company;

/** What a cancellation may change: if a refusal leaves these equal, it changed nothing. */
async function state(t: TestApp, booking: { appointmentId: number; quote: { id: number } }) {
  const db = t.database.db;
  const payment = (await paymentOf(t, booking.appointmentId))[0];
  return {
    appointment: await appointmentRow(t, booking.appointmentId),
    quote: await quoteRow(t, booking.quote.id),
    payment: payment ?? null,
    payouts: payment ? await db.select().from(payouts).where(eq(payouts.paymentId, payment.id)) : [],
    offers: await db.select().from(jobNotifications).where(eq(jobNotifications.quoteId, booking.quote.id)),
    emails: (await db.select({ id: outboxEmails.id }).from(outboxEmails)).length,
    audit: (await db.select({ id: auditLog.id }).from(auditLog)).length,
  };
}

/** Moves a booking's day, as time passing would: `days` from London's today (negative: past). */
async function moveTo(t: TestApp, appointmentId: number, days: number) {
  await t.database.db.update(appointments).set({ appointmentDate: addDays(londonDateOf(new Date()), days) }).where(eq(appointments.id, appointmentId));
}

describe('the team cancelling a paid booking', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ engine: 'auto', env: { AUTO_DISPATCH: 'false' } });
  });
  afterAll(() => t?.close());

  it('refunds a paid booking nobody took once the customer can no longer cancel it, telling the customer why', async () => {
    const tech = await technician(t);
    const booking = await paidBooking(t, workingDay(20), 'morning');
    const [payment] = await paymentOf(t, booking.appointmentId);
    const offerTo = async (repairerId: number) => post(t, `/api/admin/quotes/${booking.quote.id}/send-to-repairer`, { repairerId }, tech.admin);
    const open = await offerTo(tech.business.id);
    expect(open.statusCode, open.body).toBe(200);
    // The customer may change it online; the team reads it as the team, with no customer buttons (a browser review).
    const read = async (cookie: string) => (await t.app.inject({ url: `/api/appointments/${booking.appointmentId}`, headers: { cookie } })).json();
    expect(await read(booking.cookie)).toMatchObject({ viewer: 'customer', canChange: true });
    expect(await read(tech.admin)).toMatchObject({ viewer: 'team', canChange: false });

    // Inside 24 hours, and once its time has passed, the customer is sent to the phone, truthfully.
    // (The next slot to begin, not tomorrow's morning: run before 8:00, that is more than 24 hours on.)
    const soonest = nextSlotStart();
    await t.database.db.update(appointments).set({ appointmentDate: soonest.date, timeSlot: soonest.slot }).where(eq(appointments.id, booking.appointmentId));
    const soon = await post(t, `/api/appointments/${booking.appointmentId}/cancel`, {}, booking.cookie);
    expect([soon.statusCode, soon.json().message]).toEqual([409, cancelMessages.phoneUs(company)]);
    await moveTo(t, booking.appointmentId, -3);
    const past = await post(t, `/api/appointments/${booking.appointmentId}/cancel`, {}, booking.cookie);
    expect([past.statusCode, past.json().message]).toEqual([409, cancelMessages.phoneUsPast(company)]);
    expect(past.json().message).toMatch(/^Your appointment's time has passed/);
    // Nor is a booking whose time has gone offered again, or accepted from an offer still open (a code review).
    const again = await post(t, `/api/admin/quotes/${booking.quote.id}/send-to-repairers`, {}, tech.admin);
    expect([again.statusCode, again.json().message]).toEqual([409, dispatchMessages.timePassed]);
    const late = await tech.accept(open.json().notification.id);
    expect([late.statusCode, late.json().message]).toEqual([409, repairerJobMessages.timePassed]);

    const reason = 'No technician was free in your area that day.';
    const answer = await teamCancel(t, booking.appointmentId, `  ${reason} `, tech.admin);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toMatchObject({ id: booking.appointmentId, status: 'cancelled' });
    expect(await appointmentRow(t, booking.appointmentId)).toMatchObject({ status: 'cancelled' });
    expect((await paymentOf(t, booking.appointmentId))[0]).toMatchObject({ status: 'refunded', refundedPence: payment!.amountPence });
    expect((await t.database.db.select().from(payouts).where(eq(payouts.paymentId, payment!.id))).map((p) => p.status)).toEqual(['void']);
    // The quote can be booked again (the e-mail says so).
    expect((await quoteRow(t, booking.quote.id)).status).toBe('approved');

    const mails = await t.database.db.select().from(outboxEmails).where(eq(outboxEmails.assessmentId, booking.assessment.id)).orderBy(outboxEmails.id);
    const cancelled = mails.find((m) => m.kind === 'booking-cancelled')!;
    expect(cancelled.textBody).toContain('We have had to cancel your repair booked for');
    expect(cancelled.textBody).toContain(`Why: ${reason}`);
    expect(mails.find((m) => m.kind === 'booking-refunded')!.textBody).toContain('refunded');
    const [line] = await t.database.db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(1);
    expect(line).toMatchObject({ action: 'payment_refunded', entity: 'payment', entityId: payment!.id, actorRole: 'admin', detail: { amountPence: payment!.amountPence, reason: `cancelled by the team: ${reason}`, appointmentId: booking.appointmentId } });
  });

  it("takes the job from a technician who did not turn up, and tells them", async () => {
    const tech = await technician(t);
    const job = await tech.offered(workingDay(22), 'afternoon');
    expect((await tech.accept(job.offerId)).statusCode).toBe(200);
    // Its day passes and it is not marked done: the upcoming jobs still list it, as overdue.
    const listed = async () =>
      ((await t.app.inject({ url: '/api/admin/upcoming-jobs', headers: { cookie: tech.admin } })).json().jobs as { appointmentId: number; overdue: boolean }[]).find((j) => j.appointmentId === job.appointmentId);
    expect(await listed()).toMatchObject({ overdue: false });
    await moveTo(t, job.appointmentId, -1);
    expect(await listed()).toMatchObject({ overdue: true });
    // Its time has gone: it cannot be taken back (to promise the customer someone "at the same
    // time"), nor offered or accepted again (a code review); cancel and refund is what is left.
    const back = await post(t, `/api/admin/appointments/${job.appointmentId}/take-back`, { reason: 'They did not come.' }, tech.admin);
    expect([back.statusCode, back.json().message]).toEqual([409, takeBackMessages.timePassed]);
    const answer = await teamCancel(t, job.appointmentId, 'The technician did not turn up.', tech.admin);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(await quoteRow(t, job.quote.id)).toMatchObject({ assignedRepairerId: null });
    const [offer] = await t.database.db.select().from(jobNotifications).where(eq(jobNotifications.id, job.offerId));
    expect(offer!.status).toBe('expired');
    expect(await tech.mail('job-cancelled')).toHaveLength(1);
    // It no longer counts among the technician's jobs.
    expect(await listed()).toBeUndefined();
  });

  it('refuses an unpaid hold, a second cancellation, a bad reason, a stranger and a repairer, changing nothing', async () => {
    const tech = await technician(t);
    const held = await heldBooking(t, workingDay(24), 'morning');
    const holdBefore = await state(t, held);
    const unpaid = await teamCancel(t, held.appointmentId, 'Spam booking, never paid.', tech.admin);
    expect([unpaid.statusCode, unpaid.json().message]).toEqual([409, teamCancelMessages.notPaid]);
    expect(await state(t, held)).toEqual(holdBefore);

    const booking = await paidBooking(t, workingDay(25), 'afternoon');
    const before = await state(t, booking);
    for (const [reason, message] of [
      ['', teamCancelMessages.reasonShort],
      ['too short', teamCancelMessages.reasonShort],
      [undefined, teamCancelMessages.reasonShort],
      [42, teamCancelMessages.reasonShort],
      ['x'.repeat(501), teamCancelMessages.reasonLong],
    ] as const) {
      const refused = await teamCancel(t, booking.appointmentId, reason, tech.admin);
      expect([refused.statusCode, refused.json().fieldErrors?.reason], String(reason)).toEqual([400, message]);
    }
    expect((await teamCancel(t, booking.appointmentId, 'The technician did not turn up.', tech.cookie)).statusCode).toBe(403);
    expect((await teamCancel(t, booking.appointmentId, 'The technician did not turn up.', booking.cookie)).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: `/api/admin/appointments/${booking.appointmentId}/cancel`, payload: { reason: 'The technician did not turn up.' } })).statusCode).toBe(401);
    expect((await teamCancel(t, 999999, 'The technician did not turn up.', tech.admin)).statusCode).toBe(404);
    expect(await state(t, booking)).toEqual(before);

    expect((await teamCancel(t, booking.appointmentId, 'The technician did not turn up.', tech.admin)).statusCode).toBe(200);
    const once = await state(t, booking);
    const again = await teamCancel(t, booking.appointmentId, 'The technician did not turn up.', tech.admin);
    expect(again.statusCode).toBe(409);
    expect(await state(t, booking)).toEqual(once);
  });

  it.skipIf(!serverDatabaseAvailable())('refunds once when ten admins cancel the same booking at the same moment (server)', async () => {
    const server = await createTestApp({ engine: 'server', env: { AUTO_DISPATCH: 'false' } });
    try {
      const tech = await technician(server);
      const booking = await paidBooking(server, workingDay(27), 'morning');
      const answers = await Promise.all(Array.from({ length: 10 }, () => teamCancel(server, booking.appointmentId, 'No technician was free that day.', tech.admin)));
      expect(answers.map((a) => a.statusCode).sort()).toEqual([200, ...Array(9).fill(409)]);
      const [payment] = await paymentOf(server, booking.appointmentId);
      expect(payment).toMatchObject({ status: 'refunded', refundedPence: payment!.amountPence });
      const refunds = await server.database.db.select().from(auditLog).where(and(eq(auditLog.action, 'payment_refunded'), eq(auditLog.entityId, payment!.id)));
      expect(refunds).toHaveLength(1);
      const told = await server.database.db.select().from(outboxEmails).where(and(eq(outboxEmails.kind, 'booking-refunded'), eq(outboxEmails.assessmentId, booking.assessment.id)));
      expect(told).toHaveLength(1);
    } finally {
      await server.close();
    }
  });
});
