// The step runner (src/server/modules/booking/process/run-step.ts; docs/decisions/0023): a step
// makes only the transitions, e-mails and jobs the booking process declares for it, and anything
// else throws inside its transaction, so nothing of it commits; what it declares commits, and its
// e-mails are sent and its jobs started only after that.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { transition } from '../../src/server/db/transition';
import { UndeclaredTransitionError } from '../../src/server/db/step-scope';
import { runStep } from '../../src/server/modules/booking';
import { createTestApp, type TestApp } from '../helpers/app';
import { appointmentRow, heldBooking, workingDay } from '../helpers/checkout';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

function recordingQueue() {
  const queued: { name: string; payload: unknown }[] = [];
  return { queued, jobs: { enqueue: async (name: string, payload: unknown) => void queued.push({ name, payload }) } };
}

describe('runStep', () => {
  it('refuses a transition its step does not declare, and rolls back what the step had done', async () => {
    const booking = await heldBooking(t, workingDay(12));
    const { queued, jobs } = recordingQueue();
    const run = runStep({ db: t.database.db, config: t.config, jobs }, 'edit-notes', async (step) => {
      await transition(step.tx, 'appointment', 'editNotes', booking.appointmentId, { set: { notes: 'Park on the drive' } });
      // Cancelling is not editing notes: the check stops it before its statement runs.
      await transition(step.tx, 'appointment', 'cancel', booking.appointmentId);
    });
    await expect(run).rejects.toBeInstanceOf(UndeclaredTransitionError);
    await expect(run).rejects.toThrow(/"edit-notes" made appointment\.cancel/);
    const row = await appointmentRow(t, booking.appointmentId);
    expect(row).toMatchObject({ status: 'held' });
    expect(row.notes).not.toBe('Park on the drive');
    expect(queued).toEqual([]);
  });

  it('refuses an e-mail kind or a job its step does not declare', async () => {
    const { jobs } = recordingQueue();
    const deps = { db: t.database.db, config: t.config, jobs };
    await expect(
      runStep(deps, 'decline-job', async (step) => {
        await step.queue({ kind: 'booking-confirmed', toAddress: 'someone@example.com', subject: 'x', textBody: 'x', htmlBody: 'x' });
      }),
    ).rejects.toThrow(/"decline-job" wrote a "booking-confirmed" e-mail/);
    await expect(runStep(deps, 'decline-job', async (step) => step.start('release-payouts', {}))).rejects.toThrow(/"decline-job" started a "release-payouts" job/);
  });

  it('makes what its step declares, and starts its jobs only once it has committed', async () => {
    const booking = await heldBooking(t, workingDay(13));
    const { queued, jobs } = recordingQueue();
    let startedInside = -1;
    await runStep({ db: t.database.db, config: t.config, jobs }, 'edit-notes', async (step) => {
      const { quote, appointment } = await step.lock({ quoteId: booking.quote.id, appointmentId: booking.appointmentId });
      expect(quote?.id).toBe(booking.quote.id);
      expect(appointment?.id).toBe(booking.appointmentId);
      await transition(step.tx, 'appointment', 'editNotes', booking.appointmentId, { set: { notes: 'Ring the bell twice' } });
      await step.queue({ kind: 'job-notes-changed', toAddress: 'tech@example.com', subject: 'Notes', textBody: 'x', htmlBody: 'x' });
      startedInside = queued.length;
    });
    expect(startedInside).toBe(0);
    expect(queued.map((job) => job.name)).toEqual(['send-email']);
    expect((await appointmentRow(t, booking.appointmentId)).notes).toBe('Ring the bell twice');
  });
});
