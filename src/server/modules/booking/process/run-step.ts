// One way to run a step of the booking process (issue 34 item 3; docs/decisions/0023). A step is
// declared once in src/shared/lifecycles/booking-process.ts; runStep runs it:
// - in one transaction, inside which `transition` refuses any change the step does not declare;
// - `step.lock` takes the booking's rows the step declares, always in the one lock order (quote →
//   appointment → payment, then the offer), so no call site writes that order out again;
// - the e-mails it writes to the outbox commit with it (`step.queue`, or `step.send` for ones a
//   shared function queued), each of a kind the step declares;
// - the step's own jobs (`step.start`, `step.booked`) are written in the same transaction, once its
//   body has returned, through the transaction's handle (the job queue's tables are in the app's
//   database): a step rolled back leaves no job, and a step committed cannot lose one;
// - once it has committed, its e-mails' sending jobs are queued. The outbox line is the durable
//   record and that job only its dispatcher: one lost between commit and queueing is sent by the
//   outbox's sweep, and sending locks the line, so it goes once.
// The transaction, the outbox and the jobs are email's withOutbox, which the other modules' routes
// use as well (one mechanism); this file adds the step's locks and its booked dispatch.
// Without a job queue (a test calling a service directly) the outbox's sweep sends the e-mails.
import type { AppConfig } from '../../../config/config';
import type { Db } from '../../../db/database';
import type { Enqueue, EnqueueOptions, JobName, JobPayload } from '../../../kernel/jobs';
import { bookingProcess, type StepName } from '../../../../shared/lifecycles/booking-process';
import { undeclaredInStep, withOutbox, type NewOutboxEmail, type OutboxEmail } from '../../email';
import { lockQuote } from '../../quotes';
import { lockAppointment } from '../appointments.repo';
import { lockNotification } from '../offer/repairer-jobs.repo';
import { lockPaymentOfAppointment } from '../pay/payments.repo';

export interface StepDeps {
  db: Db;
  /** Needed by a step that books (`step.booked`): whether the automatic dispatch is on. */
  config?: Pick<AppConfig, 'autoDispatch'>;
  /** Where the after-commit work is queued; absent in a test that calls a service directly. */
  jobs?: Enqueue;
}

/** The ids of the rows a step may lock: the booking's, and an offer. */
export interface StepIds {
  quoteId?: number;
  appointmentId?: number;
  offerId?: number;
}

export interface LockedRows {
  quote?: Awaited<ReturnType<typeof lockQuote>>;
  appointment?: Awaited<ReturnType<typeof lockAppointment>>;
  payment?: Awaited<ReturnType<typeof lockPaymentOfAppointment>>;
  offer?: Awaited<ReturnType<typeof lockNotification>>;
}

export interface Step {
  readonly name: StepName;
  /** The step's transaction. */
  readonly tx: Db;
  /** Locks the rows the step declares, in the one lock order; a row not found is undefined. */
  lock(ids: StepIds): Promise<LockedRows>;
  /** Writes an e-mail to the outbox in the step's transaction; it is sent once the step commits. */
  queue(email: NewOutboxEmail): Promise<OutboxEmail>;
  /** E-mails a shared function has already written to the outbox in this transaction: sent once the step commits. */
  send(emails: OutboxEmail | readonly OutboxEmail[]): void;
  /** A job the step declares, written in the step's transaction (once its body has returned). */
  start<N extends JobName>(name: N, payload: JobPayload<N>, options?: EnqueueOptions): void;
  /** The booking of `quoteId` was paid: its automatic dispatch is written in the step's transaction when it is on (AUTO_DISPATCH). */
  booked(quoteId: number): void;
}

function need(step: StepName, row: string, id: number | undefined): number {
  if (id === undefined) throw new Error(`The booking step "${step}" locks its ${row} but was given no id for it`);
  return id;
}

/**
 * Locks the rows `step` declares, in the one lock order (docs/decisions/0004-lifecycles.md, "One
 * lock order"): the quote, then its appointment, then the appointment's payment, then the offer.
 * Holding a slot, accepting a job and deleting an enquiry start from the quote too, so two steps
 * meeting on one booking take turns instead of deadlocking.
 */
export async function lockStepRows(tx: Db, step: StepName, ids: StepIds): Promise<LockedRows> {
  const spec = bookingProcess[step];
  const rows: LockedRows = {};
  const locks = spec.locks as readonly string[];
  if (locks.includes('quote')) rows.quote = await lockQuote(tx, need(step, 'quote', ids.quoteId));
  if (locks.includes('appointment')) rows.appointment = await lockAppointment(tx, need(step, 'appointment', ids.appointmentId));
  if (locks.includes('payment')) rows.payment = await lockPaymentOfAppointment(tx, need(step, 'payment', ids.appointmentId));
  if (spec.thenLocks?.includes('offer')) rows.offer = await lockNotification(tx, need(step, 'offer', ids.offerId));
  return rows;
}

export interface RunOptions {
  /**
   * The step has committed but its e-mails' sending jobs could not be queued: without this the
   * error is thrown (the caller answers 500 and the outbox's sweep sends the e-mails); with it, it
   * is handed here and the step's result returned (a payout run that must carry on).
   */
  afterCommitFailed?: (error: unknown) => void;
}

/** Runs the step `name`: its body in one transaction with its outbox (email's withOutbox, as the step), then its e-mails after commit. */
export async function runStep<T>(deps: StepDeps, name: StepName, body: (step: Step) => Promise<T>, options: RunOptions = {}): Promise<T> {
  const declaresDispatch = (bookingProcess[name].jobs as readonly string[] | undefined)?.includes('dispatch-booking') ?? false;
  return withOutbox(
    deps,
    (outbox) =>
      body({
        name,
        tx: outbox.tx,
        lock: (ids) => lockStepRows(outbox.tx, name, ids),
        queue: outbox.queue,
        send: outbox.send,
        start: outbox.start,
        booked: (quoteId) => {
          if (!declaresDispatch) throw undeclaredInStep(name, 'booked a quote');
          if (!deps.config) throw new Error(`The booking step "${name}" booked a quote but was run without the app's config`);
          if (deps.config.autoDispatch) outbox.start('dispatch-booking', { quoteId });
        },
      }),
    { step: name, ...(options.afterCommitFailed ? { afterCommitFailed: options.afterCommitFailed } : {}) },
  );
}

/** runStep bound to one context: `const steps = withSteps(ctx); await steps('accept-job', …)`. */
export function withSteps(deps: StepDeps): <T>(name: StepName, body: (step: Step) => Promise<T>) => Promise<T> {
  return (name, body) => runStep(deps, name, body);
}
