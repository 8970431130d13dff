// GET /api/admin/job-runs/{kind} and POST /api/admin/job-runs/{kind}/stop (admins): the latest
// long background run of a kind (Places import, e-mail collection) and its progress.
import { z } from 'zod';
import { JOB_RUN_KINDS, jobRunLifecycle } from '../lifecycles/job-run';

export const JobRunKindParamsSchema = z.object({ kind: z.enum(JOB_RUN_KINDS, { error: 'There is no such kind of run.' }) });

export const JobRunSchema = z.object({
  id: z.number().int(),
  kind: z.enum(JOB_RUN_KINDS),
  status: z.enum(jobRunLifecycle.statuses),
  total: z.number().int(),
  processed: z.number().int(),
  succeeded: z.number().int(),
  failed: z.number().int(),
  /** 0–100, from processed and total (100 once the run has ended). */
  percent: z.number().int(),
  /** The run's own figures and what it was asked to do (limit, force, cities …). */
  detail: z.record(z.string(), z.unknown()),
  error: z.string().nullable(),
  stopRequested: z.boolean(),
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type JobRun = z.infer<typeof JobRunSchema>;

/**
 * The latest run of a kind, or null when there has never been one; `configured` is false when a
 * run of that kind cannot start on this server (the Places import without GOOGLE_PLACES_API_KEY),
 * so the tab says so before anyone presses its button. The server always sends it.
 */
export const LatestJobRunSchema = z.object({ run: JobRunSchema.nullable(), configured: z.boolean().optional() });
export type LatestJobRun = z.infer<typeof LatestJobRunSchema>;

export const jobRunMessages = {
  alreadyRunning: {
    places_import: 'An import from Google Places is already running. Wait for it to finish or stop it first.',
    email_collection: 'An e-mail collection is already running. Wait for it to finish or stop it first.',
  },
  nothingRunning: 'Nothing of that kind is running.',
} as const;
