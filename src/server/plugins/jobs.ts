// Slow or retryable work runs as jobs in a Postgres-backed queue (pg-boss), on PGlite or a
// server alike. On PGlite every call goes through one adapter (Database.executeSql).
import PgBoss from 'pg-boss';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/database';

export type JobHandler<T> = (data: T) => Promise<void>;

export interface JobQueue {
  send<T extends object>(name: string, data: T, options?: PgBoss.SendOptions): Promise<void>;
  work<T extends object>(name: string, handler: JobHandler<T>): Promise<void>;
  schedule(name: string, cron: string): Promise<void>;
  stop(): Promise<void>;
}

export async function startJobQueue(database: Database, log: FastifyBaseLogger, options: { runWorkers: boolean }): Promise<JobQueue> {
  const boss = new PgBoss({
    db: { executeSql: (text: string, values?: unknown[]) => database.executeSql(text, values) },
    schedule: options.runWorkers,
    supervise: options.runWorkers,
  });
  boss.on('error', (error) => log.error({ err: error }, 'job queue error'));
  await boss.start();
  const queues = new Set<string>();
  const ensureQueue = async (name: string) => {
    if (queues.has(name)) return;
    await boss.createQueue(name, { name, retryLimit: 5, retryDelay: 30, retryBackoff: true });
    queues.add(name);
  };
  return {
    async send(name, data, sendOptions) {
      await ensureQueue(name);
      await boss.send(name, data, sendOptions ?? {});
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
    async stop() {
      await boss.stop({ graceful: true, wait: true, timeout: 5000 });
    },
  };
}
