import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { JOB_RUN_KINDS, jobRunLifecycle } from '../../../shared/lifecycles/job-run';
import { oneOf, updatedAt } from './columns';

// Fixed-window counters shared by every app instance (sign-in throttling and the like).
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull(),
  count: integer('count').notNull(),
});

// A long background run an admin starts and watches (issue 13): its progress, kept in the
// database so that it survives a restart and every instance shows the same figures. The
// lifecycle is src/shared/lifecycles/job-run.ts; `stopRequestedAt` asks a running one to stop
// between two items. At most one run of each kind is running at a time.
export const jobRuns = pgTable(
  'job_runs',
  {
    id: serial('id').primaryKey(),
    kind: text('kind', { enum: JOB_RUN_KINDS }).notNull(),
    status: text('status', { enum: jobRunLifecycle.statuses }).notNull().default(jobRunLifecycle.initial),
    total: integer('total').notNull().default(0),
    processed: integer('processed').notNull().default(0),
    succeeded: integer('succeeded').notNull().default(0),
    failed: integer('failed').notNull().default(0),
    // What the run was asked to do (limit, force, cities …) and any figures of its own.
    detail: jsonb('detail').$type<Record<string, unknown>>().notNull().default(sql`'{}'::jsonb`),
    error: text('error'),
    stopRequestedAt: timestamp('stop_requested_at', { withTimezone: true }),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    updatedAt: updatedAt(),
  },
  (t) => [
    oneOf('job_runs_status_check', t.status, jobRunLifecycle.statuses),
    oneOf('job_runs_kind_check', t.kind, JOB_RUN_KINDS),
    uniqueIndex('job_runs_one_running_key')
      .on(t.kind)
      .where(sql`${t.status} = 'running'`),
    index('job_runs_kind_started_idx').on(t.kind, t.startedAt),
  ],
);
