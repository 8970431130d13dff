// The one way a change and what it must send go together (issue 34 item 3; docs/decisions/0023):
// one transaction in which the change's e-mails are written to the outbox and its jobs to the job
// queue (whose tables are in the app's database, so a job written through the transaction's handle
// exists exactly when the change commits), and, once it has committed, the e-mails' sending jobs.
// The outbox line is the durable record and that job only its dispatcher: one lost between the
// commit and the queueing is sent by the outbox's sweep, and sending locks the line, so it goes
// once. The booking's step runner (booking/process/run-step.ts) is this with the step's checks;
// the other modules' routes and services use it as it is, so no route calls dispatchEmails.
import type { Db } from '../../db/database';
import { withinStep } from '../../db/step-scope';
import { bookingProcess, isProcessEntity, stepMakes, type StepName } from '../../../shared/lifecycles/booking-process';
import type { Enqueue, EnqueueOptions, JobName, JobPayload } from '../../kernel/jobs';
import type { NewOutboxEmail, OutboxEmail } from './email.repo';
import { dispatchEmails, queueEmail } from './email.service';

export interface OutboxDeps {
  db: Db;
  /** Where the jobs go; absent in a test that calls a service directly (the outbox's sweep sends the e-mails). */
  jobs?: Enqueue | undefined;
}

export interface Outbox {
  /** The transaction. */
  readonly tx: Db;
  /** Writes an e-mail to the outbox in the transaction; it is sent once the transaction commits. */
  queue(email: NewOutboxEmail): Promise<OutboxEmail>;
  /** E-mails a shared function has already written to the outbox in this transaction: sent once it commits. */
  send(emails: OutboxEmail | readonly OutboxEmail[]): void;
  /** A job, written in the transaction once the body has returned. */
  start<N extends JobName>(name: N, payload: JobPayload<N>, options?: EnqueueOptions): void;
}

export interface OutboxOptions {
  /**
   * The transaction has committed but its e-mails' sending jobs could not be queued: without this
   * the error is thrown (the caller answers 500 and the outbox's sweep sends the e-mails); with it,
   * it is handed here and the body's result returned (a run that must carry on).
   */
  afterCommitFailed?: (error: unknown) => void;
  /**
   * The body is this step of the booking process (src/shared/lifecycles/booking-process.ts):
   * inside it `transition` refuses a change the step does not declare, and an e-mail kind or a job
   * it does not declare throws, so nothing of it commits.
   */
  step?: StepName;
}

/** Runs `body` in one transaction with its outbox: its e-mails and jobs commit with it, and its e-mails are sent after. */
/** A step declared to do something else: a programming error, found by the first test that runs it. */
export function undeclaredInStep(step: StepName, what: string): Error {
  return new Error(`The booking step "${step}" ${what}, which src/shared/lifecycles/booking-process.ts does not declare for it`);
}

/** The checks of a booking step: its transitions (through `transition`), its e-mails' kinds and its jobs. */
function stepChecks(name: StepName) {
  const spec = bookingProcess[name];
  const emails = new Set<string>(spec.emails ?? []);
  const jobs = new Set<string>(spec.jobs ?? []);
  return {
    guard: { step: name, makes: (entity: string, transition: string) => !isProcessEntity(entity) || stepMakes(name, entity, transition) },
    email(kind: string) {
      if (!emails.has(kind)) throw undeclaredInStep(name, `wrote a "${kind}" e-mail`);
    },
    job(job: string) {
      if (!jobs.has(job)) throw undeclaredInStep(name, `started a "${job}" job`);
    },
  };
}

export async function withOutbox<T>(deps: OutboxDeps, body: (outbox: Outbox) => Promise<T>, options: OutboxOptions = {}): Promise<T> {
  const check = options.step ? stepChecks(options.step) : undefined;
  const emails: OutboxEmail[] = [];
  const jobs: { name: JobName; payload: unknown; options?: EnqueueOptions }[] = [];
  const keep = (written: readonly OutboxEmail[]) => {
    for (const email of written) check?.email(email.kind);
    emails.push(...written);
  };
  const run = (tx: Db) => async () => {
    const answer = await body({
      tx,
      queue: async (email) => {
        check?.email(email.kind);
        const written = await queueEmail(tx, email);
        emails.push(written);
        return written;
      },
      send: (written) => keep(Array.isArray(written) ? written : [written as OutboxEmail]),
      start: (name, payload, jobOptions) => {
        check?.job(name);
        jobs.push({ name, payload, ...(jobOptions ? { options: jobOptions } : {}) });
      },
    });
    // The jobs commit with the change, or not at all.
    if (deps.jobs) for (const job of jobs) await deps.jobs.enqueue(job.name, job.payload as never, { ...job.options, within: tx });
    return answer;
  };
  const result = await deps.db.transaction((tx) => (check ? withinStep(check.guard, run(tx)) : run(tx)()));

  // Committed: the e-mails' sending jobs (the outbox's sweep sends any whose job is lost here).
  if (deps.jobs) {
    if (options.afterCommitFailed) await dispatchEmails(deps.jobs, emails).catch(options.afterCommitFailed);
    else await dispatchEmails(deps.jobs, emails);
  }
  return result;
}
