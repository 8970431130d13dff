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
// Without a job queue (a test calling a service directly) the outbox's sweep sends the e-mails.
import type { AppConfig } from '../../../config/config';
import type { Db } from '../../../db/database';
import { withinStep } from '../../../db/step-scope';
import type { Enqueue, EnqueueOptions, JobName, JobPayload } from '../../../kernel/jobs';
import { bookingProcess, isProcessEntity, stepMakes, type StepName } from '../../../../shared/lifecycles/booking-process';
import { dispatchEmails, queueEmail, type NewOutboxEmail, type OutboxEmail } from '../../email';
import { lockQuote } from '../../quotes';
import { lockAppointment } from '../appointments.repo';
import { lockNotification } from '../offer/repairer-jobs.repo';
import { lockPaymentOfAppointment } from '../pay/payments.repo';

export interface StepDeps {
  db: Db;
  config: Pick<AppConfig, 'autoDispatch'>;
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

/** A step declared to do something else: a programming error, found by the first test that runs it. */
function undeclared(step: StepName, what: string): Error {
  return new Error(`The booking step "${step}" ${what}, which src/shared/lifecycles/booking-process.ts does not declare for it`);
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
   * The step has committed but its after-commit work could not be queued: without this the error
   * is thrown (the caller answers 500 and the outbox's sweep sends the e-mails); with it, it is
   * handed here and the step's result returned (a payout run that must carry on).
   */
  afterCommitFailed?: (error: unknown) => void;
}

/** Runs the step `name`: its body in one transaction, then what must go after commit. */
export async function runStep<T>(deps: StepDeps, name: StepName, body: (step: Step) => Promise<T>, options: RunOptions = {}): Promise<T> {
  const spec = bookingProcess[name];
  const emails: OutboxEmail[] = [];
  const jobs: { name: JobName; payload: unknown; options?: EnqueueOptions }[] = [];
  const declaredEmails = new Set<string>(spec.emails ?? []);
  const declaredJobs = new Set<string>(spec.jobs ?? []);
  const send = (written: readonly OutboxEmail[]) => {
    for (const email of written) if (!declaredEmails.has(email.kind)) throw undeclared(name, `wrote a "${email.kind}" e-mail`);
    emails.push(...written);
  };
  const guard = { step: name, makes: (entity: string, transition: string) => !isProcessEntity(entity) || stepMakes(name, entity, transition) };

  const result = await deps.db.transaction((tx) =>
    withinStep(guard, async () => {
      const answer = await body({
        name,
        tx,
        lock: (ids) => lockStepRows(tx, name, ids),
        queue: async (email) => {
          if (!declaredEmails.has(email.kind)) throw undeclared(name, `wrote a "${email.kind}" e-mail`);
          const written = await queueEmail(tx, email);
          emails.push(written);
          return written;
        },
        send: (written) => send(Array.isArray(written) ? written : [written as OutboxEmail]),
        start: (job, payload, options) => {
          if (!declaredJobs.has(job)) throw undeclared(name, `started a "${job}" job`);
          jobs.push({ name: job, payload, ...(options ? { options } : {}) });
        },
        booked: (quoteId) => {
          if (!declaredJobs.has('dispatch-booking')) throw undeclared(name, 'booked a quote');
          if (deps.config.autoDispatch) jobs.push({ name: 'dispatch-booking', payload: { quoteId } });
        },
      });
      // The step's jobs commit with its transitions, or not at all.
      if (deps.jobs) for (const job of jobs) await deps.jobs.enqueue(job.name, job.payload as never, { ...job.options, within: tx });
      return answer;
    }),
  );

  // Committed: the e-mails' sending jobs (the outbox's sweep sends any whose job is lost here).
  if (deps.jobs) {
    const queue = deps.jobs;
    if (options.afterCommitFailed) await dispatchEmails(queue, emails).catch(options.afterCommitFailed);
    else await dispatchEmails(queue, emails);
  }
  return result;
}

/** runStep bound to one context: `const steps = withSteps(ctx); await steps('accept-job', …)`. */
export function withSteps(deps: StepDeps): <T>(name: StepName, body: (step: Step) => Promise<T>) => Promise<T> {
  return (name, body) => runStep(deps, name, body);
}
