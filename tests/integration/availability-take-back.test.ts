// Issue 35 item 2's last sentence and item 3 (docs/decisions/0029). A technician (or the team for
// them) saves time off, a weekly pattern or jobs per slot that leaves jobs they already accepted
// outside it: the save's answer lists those bookings (date, slot, postcode district), each is taken
// back through the declared step (back to paid and waiting, the customer told) and joins the
// unassigned path: the team lists it, it is offered again (never to the same technician), and 24
// hours before the customer is offered another slot or a full refund. Accepting an offer consults
// the same rule: working that half, not on time off, a free place; otherwise 409 with a sentence
// (and a save that closes a slot withdraws the open offers then: offers-by-availability.test.ts).
// Runs on the PostgreSQL server when TEST_DATABASE_URL is set, else on PGlite.
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, jobNotifications, outboxEmails, payouts, repairers } from '../../src/server/db/schema';
import { tellCustomersOfUnassigned } from '../../src/server/modules/booking';
import { DEFAULT_AVAILABILITY, type AvailabilityBody, type Weekday } from '../../src/shared/api/repairer-availability';
import { repairerJobMessages } from '../../src/shared/api/repairer-jobs';
import { takeBackMessages } from '../../src/shared/api/dispatch';
import { slotInSentence, slotStartsAt } from '../../src/shared/calendar';
import { isoWeekday } from '../../src/shared/calendar-date';
import { formatLondonDate } from '../../src/shared/london-time';
import { weekdays } from '../../src/shared/offer-deadline';
import { createTestApp, type TestApp } from '../helpers/app';
import { appointmentRow, paymentOf, post, quoteRow, workingDay } from '../helpers/checkout';
import { drainJobs } from '../helpers/jobs';
import { technician } from '../helpers/technician';

const body = (overrides: Partial<AvailabilityBody> = {}): AvailabilityBody => ({ ...structuredClone(DEFAULT_AVAILABILITY), ...overrides });
const weekdayOf = (date: string): Weekday => weekdays[isoWeekday(date) - 1]!;
const put = (t: TestApp, url: string, cookie: string, payload: unknown) => t.app.inject({ method: 'PUT', url, headers: { cookie }, payload: payload as object });
const customerMail = (t: TestApp, kind: string, assessmentId: number) =>
  t.database.db.select().from(outboxEmails).where(and(eq(outboxEmails.kind, kind), eq(outboxEmails.assessmentId, assessmentId)));

type Tech = Awaited<ReturnType<typeof technician>>;
/** A paid booking on `day` the technician has accepted. */
async function accepted(tech: Tech, day: string, slot: 'morning' | 'afternoon') {
  const job = await tech.offered(day, slot);
  const answer = await tech.accept(job.offerId);
  expect(answer.statusCode, answer.body).toBe(200);
  return job;
}

describe('time off over jobs already accepted', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ engine: 'auto', env: { AUTO_DISPATCH: 'false' } });
  });
  afterAll(() => t?.close());

  it("takes back the technician's own jobs the save leaves out, lists them, and puts them on the unassigned path", async () => {
    const tech = await technician(t);
    const [offDay, keptDay] = [workingDay(20), workingDay(23)];
    const gone = await accepted(tech, offDay, 'morning');
    const kept = await accepted(tech, keptDay, 'afternoon');
    const [payment] = await paymentOf(t, gone.appointmentId);

    const saved = await put(t, '/api/repairer/availability', tech.cookie, body({ timeOff: [{ from: offDay, to: offDay }] }));
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ timeOff: [{ from: offDay, to: offDay }], takenBack: [{ date: offDay, slot: 'morning', district: 'SW1A' }] });

    // Back to paid and waiting: the payment untouched, the share waiting for whoever accepts next.
    expect(await appointmentRow(t, gone.appointmentId)).toMatchObject({ status: 'confirmed', appointmentDate: offDay, timeSlot: 'morning' });
    expect(await quoteRow(t, gone.quote.id)).toMatchObject({ status: 'booked', assignmentStatus: 'unassigned', assignedRepairerId: null });
    expect((await paymentOf(t, gone.appointmentId))[0]).toMatchObject({ status: 'succeeded' });
    expect((await t.database.db.select().from(payouts).where(eq(payouts.paymentId, payment!.id)))[0]).toMatchObject({ status: 'owed', repairerId: null });
    expect((await t.database.db.select().from(jobNotifications).where(eq(jobNotifications.id, gone.offerId)))[0]!.status).toBe('expired');
    // The other job is still theirs.
    expect(await appointmentRow(t, kept.appointmentId)).toMatchObject({ status: 'assigned' });

    // The customer is told at once; the technician, who saved it, is not e-mailed about it.
    const [told] = await customerMail(t, 'technician-changing', gone.assessment.id);
    expect(told!.textBody).toContain(`${tech.business.businessName} can no longer carry out your repair`);
    expect(await tech.mail('job-taken-back')).toHaveLength(0);
    const [line] = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'job_taken_back')).orderBy(desc(auditLog.id)).limit(1);
    expect(line).toMatchObject({ entity: 'appointment', entityId: gone.appointmentId, actorRole: 'repairer', detail: { repairerId: tech.business.id, quoteId: gone.quote.id } });

    // The team sees it, and is e-mailed (dispatch is off here: it goes straight to them).
    const list = await t.app.inject({ url: '/api/admin/unassigned-bookings', headers: { cookie: tech.admin } });
    expect(list.json().map((b: { appointmentId: number }) => b.appointmentId)).toContain(gone.appointmentId);
    const listed = list.json().find((b: { appointmentId: number }) => b.appointmentId === gone.appointmentId);
    // Who could still take it: never the technician who is off that day.
    expect(listed.technicians.map((x: { repairerId: number }) => x.repairerId)).not.toContain(tech.business.id);
    await drainJobs(t.app);
    const teamMail = await t.database.db.select().from(outboxEmails).where(eq(outboxEmails.kind, 'booking-unassigned-team'));
    expect(teamMail.some((email) => email.textBody.includes(gone.assessment.reference))).toBe(true);

    // 24 hours before, nobody having taken it, the customer is offered another slot or a full refund.
    const dayBefore = new Date(slotStartsAt(offDay, 'morning').getTime() - 23 * 3600_000);
    await tellCustomersOfUnassigned({ db: t.database.db, config: t.config, geocoder: t.app.deps.geocoder, jobs: t.app.deps.jobs }, dayBefore);
    const [choice] = await customerMail(t, 'booking-unassigned-customer', gone.assessment.id);
    expect(choice).toBeDefined();

    // The wrong state: it has no technician now, so the team cannot take it back again, and the old offer cannot be accepted.
    const again = await post(t, `/api/admin/appointments/${gone.appointmentId}/take-back`, { reason: 'Again' }, tech.admin);
    expect([again.statusCode, again.json().message]).toEqual([409, takeBackMessages.noTechnician]);
    const late = await tech.accept(gone.offerId);
    expect(late.statusCode).toBe(409);
    // Saving the same again takes nothing more back.
    expect((await put(t, '/api/repairer/availability', tech.cookie, body({ timeOff: [{ from: offDay, to: offDay }] }))).json().takenBack).toEqual([]);
  });

  it("the team's save for them: a half-day they stop working and fewer jobs a slot; the technician is e-mailed each job", async () => {
    const tech = await technician(t);
    await t.database.db.update(repairers).set({ jobsPerSlot: 2 }).where(eq(repairers.id, tech.business.id));
    const [patternDay, fullDay] = [workingDay(26), workingDay(29)];
    const first = await accepted(tech, fullDay, 'morning');
    const second = await accepted(tech, fullDay, 'morning');
    const afternoon = await accepted(tech, patternDay, 'afternoon');

    const weekly = { ...DEFAULT_AVAILABILITY.weekly, [weekdayOf(patternDay)]: { morning: true, afternoon: false } };
    const saved = await put(t, `/api/admin/repairers/${tech.business.id}/availability`, tech.admin, body({ weekly, jobsPerSlot: 1 }));
    expect(saved.statusCode, saved.body).toBe(200);
    // Soonest first; the job taken first in the full slot keeps its technician.
    const expected = [
      { date: patternDay, slot: 'afternoon', district: 'SW1A' },
      { date: fullDay, slot: 'morning', district: 'SW1A' },
    ].sort((a, b) => a.date.localeCompare(b.date));
    expect(saved.json().takenBack).toEqual(expected);
    expect(saved.json().repairer).toMatchObject({ id: tech.business.id });
    expect((await appointmentRow(t, first.appointmentId)).status).toBe('assigned');
    expect((await appointmentRow(t, second.appointmentId)).status).toBe('confirmed');
    expect((await appointmentRow(t, afternoon.appointmentId)).status).toBe('confirmed');
    const mails = await tech.mail('job-taken-back');
    expect(mails).toHaveLength(2);
    expect(mails[0]!.textBody).toContain('availability was changed');
    const lines = await t.database.db.select().from(auditLog).where(and(eq(auditLog.action, 'job_taken_back'), eq(auditLog.actorRole, 'admin')));
    expect(lines.map((l) => l.entityId)).toEqual(expect.arrayContaining([second.appointmentId, afternoon.appointmentId]));
  });

  it('takes nothing back when the save is refused: a bad body, the wrong role, nobody signed in', async () => {
    const tech = await technician(t);
    const day = workingDay(32);
    const job = await accepted(tech, day, 'morning');
    const off = body({ timeOff: [{ from: day, to: day }] });
    const bad = await put(t, '/api/repairer/availability', tech.cookie, { ...off, jobsPerSlot: 0 });
    expect(bad.statusCode).toBe(400);
    // A technician cannot use the team's route, even for themselves; the team has no own availability.
    expect((await put(t, `/api/admin/repairers/${tech.business.id}/availability`, tech.cookie, off)).statusCode).toBe(403);
    expect((await put(t, '/api/repairer/availability', tech.admin, off)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'PUT', url: '/api/repairer/availability', payload: off })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'PUT', url: `/api/admin/repairers/${tech.business.id}/availability`, payload: off })).statusCode).toBe(401);
    expect((await put(t, '/api/admin/repairers/999999/availability', tech.admin, off)).statusCode).toBe(404);
    expect(await appointmentRow(t, job.appointmentId)).toMatchObject({ status: 'assigned' });
    expect(await customerMail(t, 'technician-changing', job.assessment.id)).toHaveLength(0);
  });
});

describe('accepting an offer consults the availability rule', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ engine: 'auto', env: { AUTO_DISPATCH: 'false' } });
  });
  afterAll(() => t?.close());

  it('refuses a slot they do not work, a day off and a slot already full, with a sentence, changing nothing', async () => {
    const tech = await technician(t);
    const day = workingDay(15);
    const when = `${formatLondonDate(day)}, ${slotInSentence('morning')}`;
    // The technician changes their availability, then the team sends them the job alone (send-to-all would leave them out).
    // (The afternoon: the slot's own ceiling of three bookings is left to the morning's.)
    const weekly = { ...DEFAULT_AVAILABILITY.weekly, [weekdayOf(day)]: { morning: true, afternoon: false } };
    expect((await put(t, '/api/repairer/availability', tech.cookie, body({ weekly }))).statusCode).toBe(200);
    const job = await tech.offered(day, 'afternoon');
    const notWorking = await tech.accept(job.offerId);
    expect([notWorking.statusCode, notWorking.json().message]).toEqual([409, repairerJobMessages.notWorking(`${formatLondonDate(day)}, ${slotInSentence('afternoon')}`)]);

    // A save that closes the slot withdraws the offer at once (docs/decisions/0029); one made after it is refused.
    expect((await put(t, '/api/repairer/availability', tech.cookie, body({ timeOff: [{ from: day, to: day }] }))).statusCode).toBe(200);
    expect((await t.database.db.select().from(jobNotifications).where(eq(jobNotifications.id, job.offerId)))[0]!.status).toBe('expired');
    const offJob = await tech.offered(day, 'morning');
    const off = await tech.accept(offJob.offerId);
    expect([off.statusCode, off.json().message]).toEqual([409, repairerJobMessages.timeOff(formatLondonDate(day))]);
    expect(await appointmentRow(t, offJob.appointmentId)).toMatchObject({ status: 'confirmed' });
    expect((await t.database.db.select().from(jobNotifications).where(eq(jobNotifications.id, offJob.offerId)))[0]!.status).toBe('sent');

    // Back at work with two places: two jobs in the slot, a third refused.
    expect((await put(t, '/api/repairer/availability', tech.cookie, body({ jobsPerSlot: 2 }))).statusCode).toBe(200);
    expect((await tech.accept(offJob.offerId)).statusCode).toBe(200);
    const other = await tech.offered(day, 'morning');
    expect((await tech.accept(other.offerId)).statusCode).toBe(200);
    const third = await tech.offered(day, 'morning');
    const full = await tech.accept(third.offerId);
    expect([full.statusCode, full.json().message]).toEqual([409, repairerJobMessages.full(when, 2)]);
    expect(await appointmentRow(t, third.appointmentId)).toMatchObject({ status: 'confirmed' });
  });
});

describe('a job taken back is offered again by the automatic dispatch', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ engine: 'auto', env: { AUTO_DISPATCH: 'true' } });
  });
  afterAll(() => t?.close());

  it('to other nearby technicians, never to the one who is off', async () => {
    const tech = await technician(t);
    const day = workingDay(18);
    const job = await tech.offered(day, 'afternoon');
    expect((await tech.accept(job.offerId)).statusCode).toBe(200);
    await drainJobs(t.app); // the payment's own dispatch ran and found the job taken
    const saved = await put(t, '/api/repairer/availability', tech.cookie, body({ timeOff: [{ from: day, to: day }] }));
    expect(saved.json().takenBack).toEqual([{ date: day, slot: 'afternoon', district: 'SW1A' }]);
    await drainJobs(t.app);
    const open = await t.database.db.select().from(jobNotifications).where(and(eq(jobNotifications.quoteId, job.quote.id), eq(jobNotifications.status, 'sent')));
    expect(open.length).toBeGreaterThan(0);
    expect(open.map((n) => n.repairerId)).not.toContain(tech.business.id);
  });
});
