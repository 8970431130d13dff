// The monitoring figures' reads (issue 14), prepared once: the admin's health panel polls them and
// /metrics scrapes them (monitoring.ts shapes them).
import type { Database } from '../../db/database';

export interface QueueRow {
  name: string;
  state: string;
  count: number;
}

/** pg-boss's jobs by queue and state: waiting (created, retry), running (active), and failed in the last 24 hours. */
export async function queueFigures(database: Database): Promise<QueueRow[]> {
  // Prepared once (issue 9): the admin's health panel polls these, and /metrics scrapes them.
  return database
    .statement<QueueRow & Record<string, unknown>>(
      'queue_figures',
      `SELECT name, state::text AS state, count(*)::int AS count FROM pgboss.job
       WHERE state IN ('created', 'retry', 'active') OR (state = 'failed' AND completed_on > now() - interval '24 hours')
       GROUP BY name, state`,
    )
    .run([]);
}

export async function outboxFigures(database: Database): Promise<Record<string, number>> {
  const rows = await database.statement<{ status: string; count: number }>('outbox_figures', `SELECT status, count(*)::int AS count FROM outbox_emails GROUP BY status`).run([]);
  return Object.fromEntries(rows.map((row) => [row.status, row.count]));
}
