// D14: releasing repairers' shares that are due (confirmed, or 72 hours after completion with no
// problem reported): every 15 minutes and at start-up, and at once after a customer confirms.
import { z } from 'zod';
import { defineJob } from '../../../kernel/jobs';
import { releaseDuePayouts } from './payouts';

import { RELEASE_PAYOUTS_JOB } from '../../../kernel/jobs';
export { RELEASE_PAYOUTS_JOB };

export const releasePayoutsJob = defineJob({
  name: RELEASE_PAYOUTS_JOB,
  payload: z.object({}),
  handler: async (_payload, context) => {
    // The job's name on every line, as the registry's own (a refused transfer's warning included).
    const log = context.log.child({ job: RELEASE_PAYOUTS_JOB });
    const released = await releaseDuePayouts({ db: context.db, config: context.config, log, jobs: context.jobs, stripe: context.stripe }, new Date());
    if (released > 0) log.info({ released }, 'payouts released');
  },
  schedule: '*/15 * * * *',
  runOnStart: true,
  retry: { limit: 5, delaySeconds: 60, backoff: true },
});
