// Issue 33: the customer's notes for the technician ("Parked on the driveway, white gate") reach
// the technician who accepts the job, and only them (D11: free text may name, or give a phone or
// an address, so never before accepting): in the job's JSON, the appointment they read and the
// job e-mail sent on accepting, never the offer's. The customer changes them with
// PUT /api/appointments/{id}/notes until two days before the appointment (409 with a sentence
// after, or once the booking is over); to anyone else that booking does not exist (404).
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appointments, outboxEmails } from '../../src/server/db/schema';
import { appointmentNotesMessages } from '../../src/shared/api/appointments';
import type { RepairerJob } from '../../src/shared/api/repairer-jobs';
import { addDays } from '../../src/shared/calendar-date';
import { londonDateOf } from '../../src/shared/london-time';
import { createTestApp, type TestApp } from '../helpers/app';
import { appointmentRow, customerWithQuote, post, workingDay, payWithTestCard } from '../helpers/checkout';
import { technician } from '../helpers/technician';

const NOTES = 'Parked on the driveway, white gate. Flat 2, ring 07700 900456.';

/** A booking held with these notes typed at booking, then paid with the test-mode 4242 card. */
async function paidWithNotes(t: TestApp, date: string, notes: string) {
  const customer = await customerWithQuote(t);
  const held = await post(t, '/api/appointments', { quoteId: customer.quote.id, appointmentDate: date, timeSlot: 'morning', notes }, customer.cookie);
  expect(held.statusCode, held.body).toBe(200);
  await payWithTestCard(t, customer.quote.id, customer.cookie);
  return { ...customer, appointmentId: (held.json() as { id: number }).id };
}

const get = (t: TestApp, url: string, cookie?: string) => t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
const putNotes = (t: TestApp, id: number, payload: unknown, cookie?: string) =>
  t.app.inject({ method: 'PUT', url: `/api/appointments/${id}/notes`, payload: payload as object, headers: cookie ? { cookie } : {} });

describe("the customer's notes for the technician", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { AUTO_DISPATCH: 'false' } });
  });
  afterAll(() => t?.close());

  it('reach the technician only once they accept: absent from the offer, its e-mail and the job JSON before, in the job, appointment and e-mail after', async () => {
    const winner = await technician(t);
    const loser = await technician(t);
    const bystander = await technician(t);
    const booking = await paidWithNotes(t, workingDay(50), NOTES);
    const offerTo = async (tech: Awaited<ReturnType<typeof technician>>) => {
      const sent = await post(t, `/api/admin/quotes/${booking.quote.id}/send-to-repairer`, { repairerId: tech.business.id }, tech.admin);
      expect(sent.statusCode, sent.body).toBe(200);
      return sent.json().notification.id as number;
    };
    const winnerOffer = await offerTo(winner);
    const loserOffer = await offerTo(loser);

    // Before accepting: the job says there are notes, and holds none of their words.
    for (const [tech, offerId] of [[winner, winnerOffer], [loser, loserOffer]] as const) {
      const list = await get(t, `/api/repairer/${tech.business.id}/jobs`, tech.cookie);
      expect(list.statusCode).toBe(200);
      expect(list.body).not.toContain('white gate');
      const job = (list.json() as RepairerJob[]).find((j) => j.id === offerId)!;
      expect(job.appointment!.hasNotes).toBe(true);
      expect('notes' in job.appointment!).toBe(false);
      const one = await get(t, `/api/repairer/notifications/${offerId}`, tech.cookie);
      expect(one.statusCode).toBe(200);
      expect(one.body).not.toContain('white gate');
      const [offerMail] = await tech.mail('job-offer');
      expect(offerMail!.textBody).not.toContain('white gate');
      // Nor may they read the booking itself, where the notes are (D10).
      expect((await get(t, `/api/appointments/${booking.appointmentId}`, tech.cookie)).statusCode).toBe(404);
    }
    // A technician never offered the job cannot read the offer, nor the booking.
    expect((await get(t, `/api/repairer/notifications/${winnerOffer}`, bystander.cookie)).statusCode).toBe(404);
    expect((await get(t, `/api/appointments/${booking.appointmentId}`, bystander.cookie)).statusCode).toBe(404);

    // Accepted: the notes are theirs in the answer, the job, the booking and the job e-mail.
    const accepted = await winner.accept(winnerOffer);
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect((accepted.json() as RepairerJob).appointment!.notes).toBe(NOTES);
    const listed = ((await get(t, `/api/repairer/${winner.business.id}/jobs`, winner.cookie)).json() as RepairerJob[]).find((j) => j.id === winnerOffer)!;
    expect(listed.appointment!.notes).toBe(NOTES);
    const appointment = await get(t, `/api/appointments/${booking.appointmentId}`, winner.cookie);
    expect([appointment.statusCode, appointment.json().notes, appointment.json().notesChangeableUntil]).toEqual([200, NOTES, null]);
    const [jobMail] = await winner.mail('job-accepted');
    expect(jobMail!.subject).toMatch(/^Job confirmed: .+ – reference AR-/);
    expect(jobMail!.textBody).toContain(`The customer’s notes for you:\n${NOTES}`);
    expect(jobMail!.textBody).toContain('Customer: Jane Customer');
    expect(jobMail!.textBody).toContain('Phone: 07700 900123');
    expect(jobMail!.textBody).toContain('Address: 10 Downing Street, London, SW1A 2AA');

    // The technician who lost the job: still no notes anywhere, and no job e-mail.
    const lost = await get(t, `/api/repairer/notifications/${loserOffer}`, loser.cookie);
    expect(lost.statusCode).toBe(200);
    expect(lost.body).not.toContain('white gate');
    expect((await get(t, `/api/appointments/${booking.appointmentId}`, loser.cookie)).statusCode).toBe(404);
    expect(await loser.mail('job-accepted')).toEqual([]);
  });

  it('are changed by the customer until two days before, told to the technician who holds the job, and refused after with nothing written', async () => {
    const tech = await technician(t);
    const booking = await tech.offered(workingDay(52), 'morning');
    expect((await tech.accept(booking.offerId)).statusCode).toBe(200);
    const other = await customerWithQuote(t);
    const rowBefore = await appointmentRow(t, booking.appointmentId);
    expect(rowBefore.notes).toBe('');

    // Nobody but the customer changes them: the same 404 as for a booking that does not exist.
    for (const cookie of [other.cookie, tech.cookie, tech.admin, undefined]) {
      const refused = await putNotes(t, booking.appointmentId, { notes: 'Someone else’s words' }, cookie);
      expect([refused.statusCode, refused.json().message]).toEqual([404, 'We could not find that appointment.']);
    }
    const tooLong = await putNotes(t, booking.appointmentId, { notes: 'x'.repeat(1001) }, booking.cookie);
    expect([tooLong.statusCode, tooLong.json().message]).toEqual([400, 'Please keep your notes to 1000 characters or fewer']);
    expect(await appointmentRow(t, booking.appointmentId)).toEqual(rowBefore);
    expect(await tech.mail('job-notes-changed')).toEqual([]);

    const changed = await putNotes(t, booking.appointmentId, { notes: '  Side gate code 4821.  ' }, booking.cookie);
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ notes: 'Side gate code 4821.', status: 'assigned', notesChangeableUntil: addDays(rowBefore.appointmentDate, -2) });
    const [told] = await tech.mail('job-notes-changed');
    expect(told!.textBody).toContain('The customer’s notes for you:\nSide gate code 4821.');
    const job = (await get(t, `/api/repairer/notifications/${booking.offerId}`, tech.cookie)).json() as RepairerJob;
    expect(job.appointment!.notes).toBe('Side gate code 4821.');

    // The last day for changes is two days before the appointment; from the day before, 409.
    const today = londonDateOf(new Date());
    const moveTo = (date: string) => t.database.db.update(appointments).set({ appointmentDate: date }).where(eq(appointments.id, booking.appointmentId));
    await moveTo(addDays(today, 2));
    const lastDay = await putNotes(t, booking.appointmentId, { notes: 'Side gate code 4822.' }, booking.cookie);
    expect([lastDay.statusCode, lastDay.json().notesChangeableUntil]).toEqual([200, today]);
    await moveTo(addDays(today, 1));
    const before = await appointmentRow(t, booking.appointmentId);
    const mailsBefore = (await t.database.db.select().from(outboxEmails).where(eq(outboxEmails.kind, 'job-notes-changed'))).length;
    const tooLate = await putNotes(t, booking.appointmentId, { notes: 'Too late now' }, booking.cookie);
    expect([tooLate.statusCode, tooLate.json().message]).toEqual([409, appointmentNotesMessages.tooLate(addDays(today, -1), t.config.company.supportPhone)]);
    expect(await appointmentRow(t, booking.appointmentId)).toEqual(before);
    expect((await t.database.db.select().from(outboxEmails).where(eq(outboxEmails.kind, 'job-notes-changed'))).length).toBe(mailsBefore);
    expect((await get(t, `/api/appointments/${booking.appointmentId}`, booking.cookie)).json().notesChangeableUntil).toBeNull();

    // A finished repair's notes stay as they were, whatever the date.
    await t.database.db.update(appointments).set({ appointmentDate: workingDay(60), status: 'completed', completedAt: new Date() }).where(eq(appointments.id, booking.appointmentId));
    const done = await putNotes(t, booking.appointmentId, { notes: 'After the event' }, booking.cookie);
    expect([done.statusCode, done.json().message]).toEqual([409, 'This booking has already been completed, so it cannot be given new notes now.']);
    expect((await appointmentRow(t, booking.appointmentId)).notes).toBe('Side gate code 4822.');
  });
});
