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

// A step's jobs are written in its transaction (docs/decisions/0023): pg-boss's tables are in the
// app's database, so the job is inserted through the step's handle. On PGlite, and on the server
// when TEST_DATABASE_URL is set.
describe('a step’s jobs, written in its transaction', () => {
  let s: TestApp;
  beforeAll(async () => {
    s = await createTestApp({ engine: 'auto' });
  });
  afterAll(() => s?.close());

  const jobsFor = async (quoteId: number) =>
    Number((await s.database.executeSql(`SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'dispatch-booking' AND data->>'quoteId' = $1`, [String(quoteId)])).rows[0]!.n);

  it('leaves no job when the step throws after starting it, or its transaction rolls back after writing it', async () => {
    const deps = { db: s.database.db, config: s.config, jobs: s.app.deps.jobs };
    await expect(
      runStep(deps, 'settle-payment', async (step) => {
        step.start('dispatch-booking', { quoteId: 910001 });
        throw new Error('the step failed after starting its job');
      }),
    ).rejects.toThrow(/failed after starting/);
    expect(await jobsFor(910001)).toBe(0);

    // Written, then rolled back: the job goes with the transaction.
    await expect(
      s.database.db.transaction(async (tx) => {
        await s.app.deps.jobs.enqueue('dispatch-booking', { quoteId: 910002 }, { within: tx });
        throw new Error('rolled back after writing the job');
      }),
    ).rejects.toThrow(/rolled back/);
    expect(await jobsFor(910002)).toBe(0);
  });

  it('keeps a committed step’s job even when the process dies straight after the commit', async () => {
    // The process "dies" after commit: nothing may be queued outside the step's transaction any more.
    const real = s.app.deps.jobs;
    const dying = {
      enqueue: (name: never, payload: never, options?: { within?: unknown }) =>
        options?.within ? real.enqueue(name, payload, options as never) : Promise.reject(new Error('the process died after the commit')),
    };
    await expect(
      runStep({ db: s.database.db, config: s.config, jobs: dying }, 'settle-payment', async (step) => {
        step.start('dispatch-booking', { quoteId: 910003 });
        await step.queue({ kind: 'booking-confirmed', toAddress: 'dies-after-commit@example.com', subject: 'x', textBody: 'x', htmlBody: 'x' });
      }),
    ).rejects.toThrow(/process died/);
    expect(await jobsFor(910003)).toBe(1);
    // The e-mail's line committed too: the outbox's sweep sends it although its job was never queued.
    const line = await s.database.executeSql(`SELECT status FROM outbox_emails WHERE to_address = $1`, ['dies-after-commit@example.com']);
    expect(line.rows).toEqual([{ status: 'pending' }]);
  });
});
