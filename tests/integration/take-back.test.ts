// The admin's upcoming jobs (GET /api/admin/upcoming-jobs) and taking a job back from its
// technician (POST /api/admin/appointments/{id}/take-back): the booking, paid and at its time,
// waits in Jobs to dispatch again; the technician loses the job, its customer's details and the
// share of the payment, and is told why; the customer is told another technician is coming.
// From any other state, or with a bad reason, nothing changes and nobody is e-mailed.
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, jobNotifications, outboxEmails, payouts, repairers, unsubscribes } from '../../src/server/db/schema';
import { takeBackMessages, TAKE_BACK_REASON_MAX } from '../../src/shared/api/dispatch';
import { createImageRecord, createRepairer } from '../../src/server/db/factories';
import { createTestApp, serverDatabaseAvailable, type TestApp } from '../helpers/app';
import { appointmentRow, paidBooking, paymentOf, post, quoteRow, workingDay } from '../helpers/checkout';
import { technician } from '../helpers/technician';

const takeBack = (t: TestApp, appointmentId: number, reason: unknown, cookie: string) => post(t, `/api/admin/appointments/${appointmentId}/take-back`, { reason }, cookie);

/** What a take-back may change: if a refusal leaves these equal, it changed nothing. */
async function state(t: TestApp, booking: { appointmentId: number; quote: { id: number } }) {
  const db = t.database.db;
  const [payment] = await paymentOf(t, booking.appointmentId);
  return {
    appointment: await appointmentRow(t, booking.appointmentId),
    quote: await quoteRow(t, booking.quote.id),
    offers: await db.select().from(jobNotifications).where(eq(jobNotifications.quoteId, booking.quote.id)),
    payouts: await db.select().from(payouts).where(eq(payouts.paymentId, payment!.id)),
    emails: (await db.select({ id: outboxEmails.id }).from(outboxEmails)).length,
    audit: (await db.select({ id: auditLog.id }).from(auditLog)).length,
  };
}

describe('taking a job back from its technician', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ engine: 'auto', env: { AUTO_DISPATCH: 'false' } });
  });
  afterAll(() => t?.close());

  it('lists it in the upcoming jobs, then puts it back to dispatch with the technician told why and the customer told another is coming', async () => {
    const tech = await technician(t);
    const day = workingDay(30);
    const job = await tech.offered(day, 'afternoon');
    expect((await tech.accept(job.offerId)).statusCode).toBe(200);
    const [payment] = await paymentOf(t, job.appointmentId);
    // A damage photo, which the technician sees while the job is theirs.
    const photo = await createImageRecord(t.database.db, { assessmentId: job.assessment.id });
    expect((await t.app.inject({ url: `/api/repairer/notifications/${job.offerId}`, headers: { cookie: tech.cookie } })).json().images).toEqual([photo.id]);

    const upcoming = await t.app.inject({ url: '/api/admin/upcoming-jobs', headers: { cookie: tech.admin } });
    expect(upcoming.statusCode).toBe(200);
    const listed = upcoming.json().jobs.find((j: { appointmentId: number }) => j.appointmentId === job.appointmentId);
    expect(listed).toMatchObject({ quoteId: job.quote.id, reference: job.assessment.reference, timeSlot: 'afternoon', technician: { repairerId: tech.business.id, businessName: tech.business.businessName } });
    expect(upcoming.json().total).toBeGreaterThanOrEqual(1);

    const reason = 'Their van has broken down.\nWe will find someone else.';
    const answer = await takeBack(t, job.appointmentId, `  ${reason}  `, tech.admin);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toEqual({ appointmentId: job.appointmentId, quoteId: job.quote.id, appointmentStatus: 'confirmed', assignmentStatus: 'unassigned', repairerId: tech.business.id });

    // The booking keeps its time and payment and waits for a technician again.
    expect(await appointmentRow(t, job.appointmentId)).toMatchObject({ status: 'confirmed', appointmentDate: day, timeSlot: 'afternoon' });
    expect(await quoteRow(t, job.quote.id)).toMatchObject({ status: 'booked', assignmentStatus: 'unassigned', assignedRepairerId: null });
    expect((await paymentOf(t, job.appointmentId))[0]).toMatchObject({ status: 'succeeded' });
    expect((await t.database.db.select().from(payouts).where(eq(payouts.paymentId, payment!.id)))[0]).toMatchObject({ status: 'owed', repairerId: null });
    const [offer] = await t.database.db.select().from(jobNotifications).where(eq(jobNotifications.id, job.offerId));
    expect(offer!.status).toBe('expired');
    const toDispatch = (await t.app.inject({ url: '/api/admin/jobs-to-dispatch', headers: { cookie: tech.admin } })).json();
    expect(toDispatch.map((j: { appointmentId: number }) => j.appointmentId)).toContain(job.appointmentId);
    const after = (await t.app.inject({ url: '/api/admin/upcoming-jobs', headers: { cookie: tech.admin } })).json();
    expect(after.jobs.map((j: { appointmentId: number }) => j.appointmentId)).not.toContain(job.appointmentId);

    // The technician no longer sees the customer (D11), and the booking is no longer theirs to read.
    const theirs = await t.app.inject({ url: `/api/repairer/notifications/${job.offerId}`, headers: { cookie: tech.cookie } });
    expect(theirs.statusCode).toBe(200);
    expect(theirs.json().customer).toMatchObject({ name: null, phone: null, email: null });
    // Nor its photos, whose ids would only show as broken pictures now (READ_IMAGE_SQL refuses them).
    expect(theirs.json().images).toEqual([]);
    expect((await t.app.inject({ url: `/api/appointments/${job.appointmentId}`, headers: { cookie: tech.cookie } })).statusCode).toBe(404);

    // Told: the technician with the admin's reason, the customer that their booking stands.
    const [told] = await tech.mail('job-taken-back');
    expect(told!.subject).toMatch(/^Job taken back: /);
    expect(told!.textBody).toContain(`The reason our team gave:\n${reason}`);
    expect(told!.textBody).not.toContain(job.assessment.address);
    const [customer] = await t.database.db
      .select()
      .from(outboxEmails)
      .where(and(eq(outboxEmails.kind, 'technician-changing'), eq(outboxEmails.assessmentId, job.assessment.id)));
    expect(customer!.toAddress).toBe(job.assessment.email);
    expect(customer!.textBody).toContain(`${tech.business.businessName} can no longer carry out your repair`);
    expect(customer!.textBody).toContain('Your booking and payment are unchanged');
    const [line] = await t.database.db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(1);
    expect(line).toMatchObject({ action: 'job_taken_back', entity: 'appointment', entityId: job.appointmentId, actorRole: 'admin', detail: { reference: job.assessment.reference, repairerId: tech.business.id, technician: tech.business.businessName, reason, quoteId: job.quote.id } });

    // "Send to all nearby" does not offer it straight back to the technician who could not come
    // (an operator's review); another nearby technician gets it.
    const second = await technician(t);
    const toAll = await post(t, `/api/admin/quotes/${job.quote.id}/send-to-repairers`, {}, tech.admin);
    expect(toAll.statusCode, toAll.body).toBe(200);
    const open = await t.database.db.select().from(jobNotifications).where(and(eq(jobNotifications.quoteId, job.quote.id), eq(jobNotifications.status, 'sent')));
    expect(open.map((n) => n.repairerId)).toContain(second.business.id);
    expect(open.map((n) => n.repairerId)).not.toContain(tech.business.id);
    const offerToSecond = open.find((n) => n.repairerId === second.business.id)!;
    expect((await second.accept(offerToSecond.id)).statusCode).toBe(200);
    expect((await t.database.db.select().from(payouts).where(eq(payouts.paymentId, payment!.id)))[0]).toMatchObject({ status: 'owed', repairerId: second.business.id });
    expect(await appointmentRow(t, job.appointmentId)).toMatchObject({ status: 'assigned' });
  });

  it('refuses a booking with no technician, a second take-back, a bad reason and a stranger, changing nothing', async () => {
    const tech = await technician(t);
    const waiting = await paidBooking(t, workingDay(33), 'morning');
    const before = await state(t, waiting);
    const none = await takeBack(t, waiting.appointmentId, 'No reason', tech.admin);
    expect([none.statusCode, none.json().message]).toEqual([409, takeBackMessages.noTechnician]);
    expect(await state(t, waiting)).toEqual(before);

    const job = await tech.offered(workingDay(34), 'morning');
    expect((await tech.accept(job.offerId)).statusCode).toBe(200);
    const assigned = await state(t, job);
    for (const [reason, message] of [
      ['', takeBackMessages.reason],
      ['   ', takeBackMessages.reason],
      [undefined, takeBackMessages.reason],
      ['x'.repeat(TAKE_BACK_REASON_MAX + 1), takeBackMessages.reasonTooLong],
      ['Sick \u202Eyad', 'The reason contains characters we can\'t accept. Please retype it.'],
    ] as const) {
      const refused = await takeBack(t, job.appointmentId, reason, tech.admin);
      expect([refused.statusCode, refused.json().fieldErrors?.reason], String(reason)).toEqual([400, message]);
    }
    // Staff of another kind, and nobody: refused before anything is read.
    expect((await takeBack(t, job.appointmentId, 'Van', tech.cookie)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'POST', url: `/api/admin/appointments/${job.appointmentId}/take-back`, payload: { reason: 'Van' } })).statusCode).toBe(401);
    expect((await takeBack(t, 999999, 'Van', tech.admin)).statusCode).toBe(404);
    expect(await state(t, job)).toEqual(assigned);

    expect((await takeBack(t, job.appointmentId, 'Van', tech.admin)).statusCode).toBe(200);
    const once = await state(t, job);
    const again = await takeBack(t, job.appointmentId, 'Van', tech.admin);
    expect([again.statusCode, again.json().message]).toEqual([409, takeBackMessages.noTechnician]);
    expect(await state(t, job)).toEqual(once);
  });

  it("keeps each ended offer on its own booking and says why it ended, when the customer cancels and books again (a browser review)", async () => {
    const tech = await technician(t);
    const [first, second] = [workingDay(40), workingDay(42)];
    const job = await tech.offered(first, 'morning');
    expect((await post(t, `/api/appointments/${job.appointmentId}/cancel`, {}, job.cookie)).statusCode).toBe(200);
    // The same customer books the same quote again, on another day, and pays.
    const held = await post(t, '/api/appointments', { quoteId: job.quote.id, appointmentDate: second, timeSlot: 'afternoon' }, job.cookie);
    expect(held.statusCode, held.body).toBe(200);
    const intent = await post(t, '/api/create-payment-intent', { quoteId: job.quote.id, startWithinCancellationPeriod: true }, job.cookie);
    const paid = await post(t, '/api/test-payments/confirm', { clientSecret: intent.json().clientSecret, cardNumber: '4242 4242 4242 4242', expiry: '12/30', cvc: '123' }, job.cookie);
    expect(paid.statusCode, paid.body).toBe(200);
    const again = await post(t, `/api/admin/quotes/${job.quote.id}/send-to-repairer`, { repairerId: tech.business.id }, tech.admin);
    expect(again.statusCode, again.body).toBe(200);

    const list = (await t.app.inject({ url: `/api/repairer/${tech.business.id}/jobs`, headers: { cookie: tech.cookie } })).json() as { id: number; status: string; appointment: { appointmentDate: string; status: string } }[];
    const old = list.find((j) => j.id === job.offerId)!;
    const current = list.find((j) => j.id === again.json().notification.id)!;
    expect(old).toMatchObject({ status: 'expired', appointment: { appointmentDate: first, status: 'cancelled' } });
    expect(current).toMatchObject({ status: 'sent', appointment: { appointmentDate: second, status: 'confirmed' } });
    // The admin's responses are the current booking's only (the cancelled one's offer is not one of them).
    const responses = (await t.app.inject({ url: `/api/admin/quotes/${job.quote.id}/notifications`, headers: { cookie: tech.admin } })).json() as { id: number }[];
    expect(responses.map((n) => n.id)).toEqual([current.id]);
    // Answering the withdrawn offer says the customer cancelled, not that it ran out.
    const late = await tech.accept(job.offerId);
    expect([late.statusCode, late.json().message]).toEqual([409, 'This booking was cancelled, so the offer was withdrawn.']);
    expect((await tech.accept(current.id)).statusCode).toBe(200);
  });

  it("sends a business without an account a join link with its offer, and an unsubscribe link; an account holder is sent to sign in (an operator's review)", async () => {
    const tech = await technician(t);
    const business = await createRepairer(t.database.db, { latitude: 51.51, longitude: -0.13, email: `no-account-${Date.now()}@example.co.uk` });
    const booking = await paidBooking(t, workingDay(47), 'morning');
    for (const repairerId of [business.id, tech.business.id]) {
      const sent = await post(t, `/api/admin/quotes/${booking.quote.id}/send-to-repairer`, { repairerId }, tech.admin);
      expect(sent.statusCode, sent.body).toBe(200);
    }
    const [offer] = await t.database.db.select().from(outboxEmails).where(and(eq(outboxEmails.toAddress, business.email!), eq(outboxEmails.kind, 'job-offer')));
    expect(offer!.textBody).toContain('You do not have an account with us yet. Create one with this link');
    expect(offer!.textBody).not.toContain('sign in first');
    expect(offer!.textBody).toMatch(/Not interested\? Unsubscribe/);
    expect(offer!.headers).toMatchObject({ 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' });
    const token = /\/join\/([\w-]+)/.exec(offer!.textBody)![1]!;
    const invitation = await t.app.inject({ url: `/api/repairer-invitations/${token}` });
    expect(invitation.statusCode, invitation.body).toBe(200);
    expect(invitation.json()).toMatchObject({ businessName: business.businessName });
    const [theirs] = await tech.mail('job-offer');
    expect(theirs!.textBody).toContain('sign in first');
    expect(theirs!.textBody).not.toContain('/join/');
  });

  it('e-mails no offer to a business that unsubscribed, with an account or without; the offer stands (D19; two attack reviews)', async () => {
    // An account holder who unsubscribed (the unsubscribe page promises no more job offers): offered, not e-mailed.
    const tech = await technician(t);
    await t.database.db.update(repairers).set({ unsubscribedAt: new Date() }).where(eq(repairers.id, tech.business.id));
    const job = await tech.offered(workingDay(44), 'morning');
    expect(await tech.mail('job-offer')).toHaveLength(0);
    const mine = (await t.app.inject({ url: `/api/repairer/${tech.business.id}/jobs`, headers: { cookie: tech.cookie } })).json() as { id: number }[];
    expect(mine.map((j) => j.id)).toContain(job.offerId);
    // A business without an account, unsubscribed on its row or by its address: offered, not e-mailed.
    for (const mark of ['row', 'list'] as const) {
      const business = await createRepairer(t.database.db, { latitude: 51.51, longitude: -0.13, email: `quiet-${mark}-${Date.now()}@example.co.uk`, ...(mark === 'row' ? { unsubscribedAt: new Date() } : {}) });
      if (mark === 'list') await t.database.db.insert(unsubscribes).values({ email: business.email!.toLowerCase() });
      const booking = await paidBooking(t, workingDay(mark === 'row' ? 45 : 46), 'afternoon');
      const sent = await post(t, `/api/admin/quotes/${booking.quote.id}/send-to-repairer`, { repairerId: business.id }, tech.admin);
      expect(sent.statusCode, sent.body).toBe(200);
      expect(await t.database.db.select().from(outboxEmails).where(and(eq(outboxEmails.toAddress, business.email!), eq(outboxEmails.kind, 'job-offer')))).toEqual([]);
    }
  });

  it.skipIf(!serverDatabaseAvailable())('takes a job back once when ten admins ask at the same moment (server)', async () => {
    const server = await createTestApp({ engine: 'server', env: { AUTO_DISPATCH: 'false' } });
    try {
      const tech = await technician(server);
      const job = await tech.offered(workingDay(36), 'morning');
      expect((await tech.accept(job.offerId)).statusCode).toBe(200);
      const answers = await Promise.all(Array.from({ length: 10 }, () => takeBack(server, job.appointmentId, 'Van', tech.admin)));
      expect(answers.map((a) => a.statusCode).sort()).toEqual([200, ...Array(9).fill(409)]);
      expect(await tech.mail('job-taken-back')).toHaveLength(1);
      expect((await server.database.db.select().from(auditLog).where(and(eq(auditLog.action, 'job_taken_back'), eq(auditLog.entityId, job.appointmentId)))).length).toBe(1);
    } finally {
      await server.close();
    }
  });
});
