// Holds that lapse unpaid give their places back: every minute, besides on every read that
// meets one (bookings.service.ts).
import { z } from 'zod';
import { defineJob } from '../../../kernel/jobs';
import { lapseExpiredHolds } from './bookings.service';

import { LAPSE_HOLDS_JOB } from '../../../kernel/jobs';
export { LAPSE_HOLDS_JOB };

export const lapseExpiredHoldsJob = defineJob({
  name: LAPSE_HOLDS_JOB,
  payload: z.object({}),
  handler: async (_payload, context) => {
    const log = context.log.child({ job: LAPSE_HOLDS_JOB });
    const lapsed = await lapseExpiredHolds(context.db, new Date(), {}, log);
    if (lapsed > 0) log.info({ lapsed }, 'unpaid holds lapsed and their places released');
  },
  schedule: '* * * * *',
  runOnStart: true,
  retry: { limit: 2, delaySeconds: 30, backoff: false },
});
