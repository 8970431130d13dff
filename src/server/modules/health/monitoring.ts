// What the operator watches (issue 14): the job queue, the outbox and the database pool, read
// from the database when asked, so every instance reports the same shared figures. Used by
// GET /metrics and by the admin dashboard's health panel.
import { Gauge, type Registry } from 'prom-client';
import type { AdminHealth } from '../../../shared/api/health';
import type { AppConfig } from '../../config/config';
import type { Database } from '../../db/database';
import { lastBackup } from '../backup';
import { outboxFigures, queueFigures, type QueueRow } from './monitoring.repo';

export async function adminHealth(database: Database, config: AppConfig): Promise<AdminHealth> {
  const [queue, outbox, backup] = await Promise.all([queueFigures(database), outboxFigures(database), lastBackup(config)]);
  const sum = (rows: QueueRow[]) => rows.reduce((total, row) => total + row.count, 0);
  return {
    jobs: { backlog: sum(queue.filter((row) => row.state !== 'failed')), failedLastDay: sum(queue.filter((row) => row.state === 'failed')) },
    emails: { backlog: outbox.pending ?? 0, failed: outbox.failed ?? 0 },
    backup: { tracked: database.kind === 'pglite', lastAt: backup?.at ?? null },
  };
}

/** Adds the shared figures to the app's registry; each is read when /metrics is scraped. */
export function addMonitoringMetrics(registry: Registry, database: Database, config: AppConfig): void {
  // This instance's pool, read first: the scrape's own queries below (the jobs and the outbox) would
  // otherwise be counted as waiting, since the pool queues a request until its next tick.
  new Gauge({
    name: 'autorevive_db_pool_connections',
    help: "This instance's PostgreSQL pool connections: total open, idle, and requests waiting for one (absent on embedded PGlite).",
    labelNames: ['state'],
    registers: [registry],
    collect() {
      const pool = database.pool;
      if (!pool) return;
      this.set({ state: 'total' }, pool.totalCount);
      this.set({ state: 'idle' }, pool.idleCount);
      this.set({ state: 'waiting' }, pool.waitingCount);
    },
  });
  new Gauge({
    name: 'autorevive_jobs',
    help: 'Background jobs by queue and state: created and retry are waiting, active are running, failed failed for good in the last 24 hours.',
    labelNames: ['queue', 'state'],
    registers: [registry],
    async collect() {
      this.reset();
      for (const row of await queueFigures(database)) this.set({ queue: row.name, state: row.state }, row.count);
    },
  });
  new Gauge({
    name: 'autorevive_outbox_emails',
    help: 'E-mails in the outbox by status: pending is the backlog, failed were given up on.',
    labelNames: ['status'],
    registers: [registry],
    async collect() {
      this.reset();
      const figures = await outboxFigures(database);
      for (const status of ['pending', 'sent', 'logged', 'failed']) this.set({ status }, figures[status] ?? 0);
    },
  });
  if (database.kind !== 'pglite') return;
  new Gauge({
    name: 'autorevive_last_backup_timestamp_seconds',
    help: 'When `npm run backup` last wrote an archive of the embedded database (0: never; absent on a PostgreSQL server).',
    registers: [registry],
    async collect() {
      const backup = await lastBackup(config);
      this.set(backup ? Date.parse(backup.at) / 1000 : 0);
    },
  });
}
