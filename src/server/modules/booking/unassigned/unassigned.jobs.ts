// The follow-up of paid bookings nobody has taken (issue 35 item 4, docs/decisions/0027): every 5
// minutes (the offers' own sweep's pace) and at start-up, and at once when the automatic dispatch
// found nobody to offer a booking to. Idempotent: each message is claimed on the booking's row in
// the transaction that queues it (team_told_unassigned_at, customer_told_unassigned_at).
import { z } from 'zod';
import { defineJob, FOLLOW_UP_UNASSIGNED_JOB } from '../../../kernel/jobs';
import { tellCustomersOfUnassigned, tellTeamOfUnassigned } from './unassigned.service';

export { FOLLOW_UP_UNASSIGNED_JOB };

export const followUpUnassignedJob = defineJob({
  name: FOLLOW_UP_UNASSIGNED_JOB,
  /** `quoteId`: the automatic dispatch found nobody for this booking just now. */
  payload: z.object({ quoteId: z.number().int().positive().optional() }),
  handler: async ({ quoteId }, context) => {
    const log = context.log.child({ job: FOLLOW_UP_UNASSIGNED_JOB });
    const ctx = { db: context.db, config: context.config, geocoder: context.geocoder, jobs: context.jobs, log };
    const now = new Date();
    const team = await tellTeamOfUnassigned(ctx, now, quoteId);
    const customers = await tellCustomersOfUnassigned(ctx, now);
    if (team > 0) log.warn({ bookings: team }, 'paid bookings have no technician: the team was e-mailed');
    if (customers > 0) log.warn({ bookings: customers }, 'paid bookings still had no technician 24 hours before: their customers were offered another slot or a refund');
  },
  schedule: '*/5 * * * *',
  runOnStart: true,
  retry: { limit: 2, delaySeconds: 60, backoff: false },
});
