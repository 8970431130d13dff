// Long background runs an admin starts and watches (lifecycle: src/shared/lifecycles/job-run.ts).
// A run's progress lives in its job_runs row, so it survives a restart and every instance shows
// the same figures. The work itself is a registry job that handles one chunk of items and
// enqueues itself again with the run's id until the run has nothing left, failed, or was asked
// to stop (continueOrEnd below): a restart loses at most the chunk in hand, which pg-boss retries.
import { and, desc, eq, sql } from 'drizzle-orm';
import type { JobRun } from '../../../shared/api/job-runs';
import { jobRunMessages } from '../../../shared/api/job-runs';
import type { JobRunKind } from '../../../shared/lifecycles/job-run';
import type { Db } from '../../db/database';
import { jobRuns } from '../../db/schema';
import { transition } from '../../db/transition';
import { conflict } from '../../kernel/errors';
import { isUniqueViolation } from '../../db/errors';

export type JobRunRow = typeof jobRuns.$inferSelect;

/** Starts a run of `kind`; 409 when one is already running (one running run per kind, by a unique index). */
export async function startRun(db: Db, kind: JobRunKind, options: { total?: number; detail?: Record<string, unknown> } = {}): Promise<JobRunRow> {
  try {
    const [row] = await db
      .insert(jobRuns)
      .values({ kind, total: options.total ?? 0, detail: options.detail ?? {} })
      .returning();
    return row!;
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(jobRunMessages.alreadyRunning[kind]);
    throw error;
  }
}

export async function findRun(db: Db, id: number): Promise<JobRunRow | undefined> {
  const [row] = await db.select().from(jobRuns).where(eq(jobRuns.id, id));
  return row;
}

export async function latestRun(db: Db, kind: JobRunKind): Promise<JobRunRow | undefined> {
  const [row] = await db.select().from(jobRuns).where(eq(jobRuns.kind, kind)).orderBy(desc(jobRuns.startedAt), desc(jobRuns.id)).limit(1);
  return row;
}

export interface Progress {
  processed?: number;
  succeeded?: number;
  failed?: number;
  /** Raises the total (a run may learn of more items as it goes, e.g. Places result pages). */
  addToTotal?: number;
  /** Merged into the run's detail (its own figures). */
  detail?: Record<string, unknown>;
}

/** Adds to a running run's figures in one statement (safe when several workers report at once). */
export async function recordProgress(db: Db, id: number, progress: Progress): Promise<void> {
  await db
    .update(jobRuns)
    .set({
      processed: sql`${jobRuns.processed} + ${progress.processed ?? 0}`,
      succeeded: sql`${jobRuns.succeeded} + ${progress.succeeded ?? 0}`,
      failed: sql`${jobRuns.failed} + ${progress.failed ?? 0}`,
      total: sql`${jobRuns.total} + ${progress.addToTotal ?? 0}`,
      ...(progress.detail ? { detail: sql`${jobRuns.detail} || ${JSON.stringify(progress.detail)}::jsonb` } : {}),
      updatedAt: new Date(),
    })
    .where(and(eq(jobRuns.id, id), eq(jobRuns.status, 'running')));
}

/** One item of a run: whether it failed, what to add to the detail's counters, and what to merge into the detail. */
export interface ItemDone {
  failed: boolean;
  counts: Record<string, number>;
  detail: Record<string, unknown>;
}

/**
 * Counts item `index` of a running run, once: the update only applies while `processed` still
 * equals the item's index, so an item delivered twice is counted once. The run's figures are added
 * to in the same statement (safe against any other writer). Answers whether it was counted.
 */
export async function recordItemOnce(db: Db, id: number, index: number, item: ItemDone): Promise<boolean> {
  const add = (key: string, n: number) => sql`jsonb_build_object(${key}::text, coalesce((${jobRuns.detail} ->> ${key}::text)::int, 0) + ${n}::int)`;
  const detail = sql.join([sql`${jobRuns.detail}`, ...Object.entries(item.counts).map(([key, n]) => add(key, n)), sql`${JSON.stringify(item.detail)}::jsonb`], sql` || `);
  const rows = await db
    .update(jobRuns)
    .set({
      processed: sql`${jobRuns.processed} + 1`,
      succeeded: sql`${jobRuns.succeeded} + ${item.failed ? 0 : 1}`,
      failed: sql`${jobRuns.failed} + ${item.failed ? 1 : 0}`,
      detail,
      updatedAt: new Date(),
    })
    .where(and(eq(jobRuns.id, id), eq(jobRuns.status, 'running'), eq(jobRuns.processed, index)))
    .returning({ id: jobRuns.id });
  return rows.length > 0;
}

/** Asks the running run of `kind` to stop; it does so between two items. 409 when none runs. */
export async function requestStop(db: Db, kind: JobRunKind): Promise<JobRunRow> {
  const [row] = await db
    .update(jobRuns)
    .set({ stopRequestedAt: sql`coalesce(${jobRuns.stopRequestedAt}, now())`, updatedAt: new Date() })
    .where(and(eq(jobRuns.kind, kind), eq(jobRuns.status, 'running')))
    .returning();
  if (!row) throw conflict(jobRunMessages.nothingRunning);
  return row;
}

export function finishRun(db: Db, id: number) {
  return transition(db, 'jobRun', 'finish', id, { set: { finishedAt: new Date() } });
}

export function failRun(db: Db, id: number, error: string) {
  return transition(db, 'jobRun', 'fail', id, { set: { finishedAt: new Date(), error: error.slice(0, 500) } });
}

export function stopRun(db: Db, id: number) {
  return transition(db, 'jobRun', 'stop', id, { set: { finishedAt: new Date() } });
}

/**
 * After a chunk: ends the run when it was asked to stop (stopped) or has nothing left (done);
 * otherwise answers true, and the caller enqueues the next chunk.
 */
export async function continueOrEnd(db: Db, id: number, nothingLeft: boolean): Promise<boolean> {
  const run = await findRun(db, id);
  if (!run || run.status !== 'running') return false;
  if (run.stopRequestedAt) {
    await stopRun(db, id);
    return false;
  }
  if (nothingLeft) {
    await finishRun(db, id);
    return false;
  }
  return true;
}

export function jobRunView(row: JobRunRow): JobRun {
  const ended = row.status !== 'running';
  const percent = ended ? 100 : row.total > 0 ? Math.min(99, Math.floor((row.processed / row.total) * 100)) : 0;
  return {
    id: row.id,
    kind: row.kind,
    status: row.status,
    total: row.total,
    processed: row.processed,
    succeeded: row.succeeded,
    failed: row.failed,
    percent,
    detail: row.detail,
    error: row.error,
    stopRequested: row.stopRequestedAt !== null,
    startedAt: row.startedAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}
