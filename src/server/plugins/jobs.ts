// Slow or retryable work runs as jobs in a Postgres-backed queue (pg-boss), on PGlite or a
// server alike. On PGlite every call goes through one adapter (Database.executeSql).
// This is the transport; which jobs exist, their payloads and policies are declared once in
// the job registry (src/server/jobs), which is what the app and the tests use.
import PgBoss from 'pg-boss';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/database';
import { JOB_QUEUE_LOCK_ID, withStartupLock } from '../db/migrate';

export type JobHandler<T> = (data: T) => Promise<void>;

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
  work<T extends object>(name: string, handler: JobHandler<T>): Promise<void>;
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
  return {
    declare,
    async send(name, data, sendOptions) {
      await ensureQueue(name);
      // The queue's policy on every job, so a changed policy applies to an existing queue too.
      await boss.send(name, data, { ...queues.get(name), ...sendOptions });
    },
    async work(name, handler) {
      if (!options.runWorkers) return;
      await ensureQueue(name);
      await boss.work(name, { pollingIntervalSeconds: 1 }, async (jobs) => {
        for (const job of jobs) await handler(job.data as never);
      });
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
      await boss.stop({ graceful: true, wait: true, timeout: 5000 });
    },
  };
}
