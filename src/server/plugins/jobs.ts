// Slow or retryable work runs as jobs in a Postgres-backed queue (pg-boss), on PGlite or a
// server alike. On PGlite every call goes through one adapter (Database.executeSql).
// This is the transport; which jobs exist, their payloads and policies are declared once in
// the job registry (src/server/jobs), which is what the app and the tests use.
import PgBoss from 'pg-boss';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/database';
import { JOB_QUEUE_LOCK_ID, withStartupLock } from '../db/migrate';

export type JobHandler<T> = (data: T) => Promise<void>;

/**
 * How one queue is worked in each process (issue 33). pg-boss 10's own worker fetches `batchSize`
 * jobs (1 unless told), hands the whole batch to one call, completes or fails the batch as one, and
 * then waits out the rest of its polling interval whether or not there is more: at the batch size
 * of 1 every queue drained at one job a second per instance. This worker fetches a batch, runs up
 * to `concurrency` of its jobs at once, completes or fails each job on its own, and fetches again
 * at once after a full batch (a backlog drains at the rate its work allows); only a batch that was
 * not full (the queue is empty for now) waits out the polling interval.
 */
export interface WorkOptions {
  /** Jobs fetched (and marked active) at once. */
  batchSize: number;
  /** Of a batch, how many run at the same moment in this process. */
  concurrency: number;
}

/** One job at a time, ten fetched at once: the queues whose jobs are few or touch many rows. */
export const DEFAULT_WORK: WorkOptions = { batchSize: 10, concurrency: 1 };

/** How long a worker whose queue was empty waits before asking again, as pg-boss's pollingIntervalSeconds: 1 did. */
export const POLLING_INTERVAL_MS = 1000;
/** How long stop() waits for the jobs in hand to finish before failing them back to their retry. */
const STOP_TIMEOUT_MS = 5000;

export interface QueuePolicy {
  retryLimit: number;
  retryDelay: number;
  retryBackoff: boolean;
}

const DEFAULT_POLICY: QueuePolicy = { retryLimit: 5, retryDelay: 30, retryBackoff: true };

/**
 * How long a failed job stays in pgboss.job before pg-boss archives it. The admin's health panel
 * and /metrics count the failures of the last 24 hours there (health/monitoring.ts); pg-boss's
 * default (12 hours, as for completed jobs) dropped a night's failure from both by the afternoon.
 */
export const KEEP_FAILED_JOBS_SECONDS = 24 * 60 * 60;

export interface QueuedRunResult {
  completed: number;
  failed: { error: unknown }[];
}

export interface JobQueue {
  /** Creates the queue (once per process) with its retry policy. */
  declare(name: string, policy: QueuePolicy): Promise<void>;
  send<T extends object>(name: string, data: T, options?: PgBoss.SendOptions): Promise<void>;
  work<T extends object>(name: string, handler: JobHandler<T>, options?: Partial<WorkOptions>): Promise<void>;
  schedule(name: string, cron: string): Promise<void>;
  /** Fetches the jobs of `name` that are due now and runs them here, completing or failing each (tests). */
  runQueued<T extends object>(name: string, handler: JobHandler<T>): Promise<QueuedRunResult>;
  /** pg-boss's upkeep (expiring and archiving jobs) now, as its supervisor does every few minutes in a worker process (tests). */
  maintain(): Promise<void>;
  stop(): Promise<void>;
}

export async function startJobQueue(database: Database, log: FastifyBaseLogger, options: { runWorkers: boolean }): Promise<JobQueue> {
  const boss = new PgBoss({
    db: { executeSql: (text: string, values?: unknown[]) => database.executeSql(text, values) },
    schedule: options.runWorkers,
    supervise: options.runWorkers,
    archiveFailedAfterSeconds: KEEP_FAILED_JOBS_SECONDS,
  });
  boss.on('error', (error) => log.error({ err: error }, 'job queue error'));
  // pg-boss installs its schema on its first start: two instances doing that at once on a new
  // database collide (the second fails on the schema's name), so they take turns on a server.
  await withStartupLock(database, JOB_QUEUE_LOCK_ID, () => boss.start());
  const queues = new Map<string, QueuePolicy>();
  const declare = async (name: string, policy: QueuePolicy) => {
    if (queues.has(name)) return;
    await boss.createQueue(name, { name, ...policy });
    queues.set(name, policy);
  };
  const ensureQueue = (name: string) => declare(name, DEFAULT_POLICY);
  const workers: Worker[] = [];
  return {
    declare,
    async send(name, data, sendOptions) {
      // A job written in the caller's transaction (sendOptions.db): its queue must exist already,
      // since creating one here would take another connection (on PGlite, wait on the open
      // transaction for ever). The registry declares every queue when it is built.
      if (sendOptions?.db && !queues.has(name)) throw new Error(`The job queue "${name}" is not declared: a job written in a transaction needs its queue declared first`);
      await ensureQueue(name);
      // The queue's policy on every job, so a changed policy applies to an existing queue too.
      await boss.send(name, data, { ...queues.get(name), ...sendOptions });
    },
    async work(name, handler, workOptions) {
      if (!options.runWorkers) return;
      await ensureQueue(name);
      const worker = startWorker(boss, log, name, handler as JobHandler<object>, { ...DEFAULT_WORK, ...workOptions });
      workers.push(worker);
    },
    async schedule(name, cron) {
      if (!options.runWorkers) return;
      await ensureQueue(name);
      await boss.schedule(name, cron, {}, { tz: 'Europe/London' });
    },
    async runQueued(name, handler) {
      await ensureQueue(name);
      const result: QueuedRunResult = { completed: 0, failed: [] };
      const seen = new Set<string>();
      for (;;) {
        // A job retried without delay comes back at once: run each job at most once per call.
        const jobs = (await boss.fetch<object>(name, { batchSize: 20 })).filter((job) => !seen.has(job.id));
        if (jobs.length === 0) return result;
        for (const job of jobs) {
          seen.add(job.id);
          try {
            await handler(job.data as never);
            await boss.complete(name, job.id);
            result.completed += 1;
          } catch (error) {
            await boss.fail(name, job.id, { message: error instanceof Error ? error.message : String(error) });
            result.failed.push({ error });
          }
        }
      }
    },
    async maintain() {
      await boss.maintain();
    },
    async stop() {
      // The workers first: none fetches again, and the jobs in hand finish (or go back to their retry).
      await Promise.all(workers.map((worker) => worker.stop(STOP_TIMEOUT_MS)));
      await boss.stop({ graceful: true, wait: true, timeout: STOP_TIMEOUT_MS });
    },
  };
}

interface Worker {
  stop(timeoutMs: number): Promise<void>;
}

/** A handler still running at its job's expiry is failed, as pg-boss's own worker does: pg-boss expires the job meanwhile. */
async function withinExpiry<T>(work: Promise<T>, expireInSeconds: number | string): Promise<T> {
  const seconds = Number(expireInSeconds); // EXTRACT(epoch …) arrives as a numeric's string
  if (!(seconds > 0)) return work;
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([work, new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`the job ran past its expiry (${seconds} s)`)), seconds * 1000)))]);
  } finally {
    clearTimeout(timer);
  }
}

const failure = (error: unknown) => ({ message: error instanceof Error ? error.message : String(error) });

/** One queue's worker in this process (see WorkOptions). */
function startWorker(boss: PgBoss, log: FastifyBaseLogger, name: string, handler: JobHandler<object>, work: WorkOptions): Worker {
  let stopping = false;
  let wake: (() => void) | undefined;
  const inHand = new Set<string>();
  /** Jobs run to completion and not yet marked so (the batch marks them together). */
  let done: string[] = [];
  /** Runs one job: completed, it waits for its batch; failed, it goes back to its retry at once, on its own. */
  const runJob = async (job: PgBoss.Job<object>): Promise<void> => {
    try {
      await withinExpiry(handler(job.data), job.expireInSeconds);
      done.push(job.id);
    } catch (error) {
      // On its own: one e-mail's failure does not send its batch-mates back to the queue.
      await boss.fail(name, job.id, failure(error)).catch(markingFailed);
    }
    inHand.delete(job.id);
  };
  // The job stays active; pg-boss's supervisor expires it and it is retried on its policy.
  const markingFailed = (error: unknown) => log.error({ job: name, err: error }, 'job queue error: a job could not be marked done');
  const completeDone = async () => {
    const ids = done;
    done = [];
    if (ids.length > 0) await boss.complete(name, ids).catch(markingFailed);
  };
  const runBatch = async (jobs: PgBoss.Job<object>[]) => {
    for (const job of jobs) inHand.add(job.id);
    let next = 0;
    const runner = async () => {
      while (next < jobs.length) await runJob(jobs[next++]!);
    };
    await Promise.all(Array.from({ length: Math.min(work.concurrency, jobs.length) }, runner));
    // The batch's completed jobs in one statement: on PGlite, where statements take turns, a
    // statement per job was a third of the outbox's cost. A job done but not yet marked when the
    // process dies runs again after its expiry, as any job in hand would; handlers are safe to run twice.
    await completeDone();
  };
  const loop = (async () => {
    while (!stopping) {
      const started = Date.now();
      let fetched = 0;
      try {
        const jobs = await boss.fetch<object>(name, { batchSize: work.batchSize });
        fetched = jobs.length;
        if (fetched > 0) await runBatch(jobs);
      } catch (error) {
        log.error({ job: name, err: error }, 'job queue error: fetching jobs failed');
      }
      // A full batch: there may be more waiting, so ask again at once.
      if (fetched === work.batchSize || stopping) continue;
      const rest = POLLING_INTERVAL_MS - (Date.now() - started);
      if (rest > 0) {
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, rest);
          wake = () => (clearTimeout(timer), resolve());
        });
        wake = undefined;
      }
    }
  })();
  return {
    async stop(timeoutMs) {
      stopping = true;
      wake?.();
      let timer: NodeJS.Timeout | undefined;
      const timedOut = await Promise.race([loop.then(() => false), new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(true), timeoutMs)))]);
      clearTimeout(timer);
      if (!timedOut) return;
      // Still running: the finished ones marked, the others back to the queue now (as pg-boss's
      // graceful stop does), not after their expiry.
      await completeDone();
      for (const id of inHand) await boss.fail(name, id, { message: 'the app stopped while the job was running' }).catch(markingFailed);
    },
  };
}
