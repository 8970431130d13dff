// GET /healthz and GET /readyz, for the platform's probes.
import { z } from 'zod';

export const HealthSchema = z.object({ status: z.literal('ok') });

export const ReadinessSchema = z.object({ status: z.string(), migrations: z.object({ applied: z.number(), expected: z.number() }) });
export type Readiness = z.infer<typeof ReadinessSchema>;

// GET /api/admin/health (admins): the dashboard's small health panel (issue 14).
export const AdminHealthSchema = z.object({
  jobs: z.object({
    /** Jobs waiting to run or running now, all queues together. */
    backlog: z.number().int(),
    /** Jobs that failed for good in the last 24 hours. */
    failedLastDay: z.number().int(),
  }),
  emails: z.object({
    /** E-mails in the outbox waiting to be sent. */
    backlog: z.number().int(),
    /** E-mails given up on after every retry. */
    failed: z.number().int(),
  }),
  backup: z.object({
    /** False on a PostgreSQL server: backups are the server's own tools' business (docs/operations.md). */
    tracked: z.boolean(),
    lastAt: z.string().nullable(),
  }),
});
export type AdminHealth = z.infer<typeof AdminHealthSchema>;
