// Tells waiting customers once coverage arrives (issue 35 item 3): queued when the team verifies
// a technician (one or many), and on a timetable, so a radius or a service added to a verified
// technician's profile also reaches the customers it now covers.
import { z } from 'zod';
import { defineJob, TELL_COVERED_CUSTOMERS_JOB } from '../../kernel/jobs';
import { tellCoveredCustomers } from './coverage.service';

export const tellCoveredCustomersJob = defineJob({
  name: TELL_COVERED_CUSTOMERS_JOB,
  payload: z.object({}),
  handler: async (_payload, context) => {
    const log = context.log.child({ job: TELL_COVERED_CUSTOMERS_JOB });
    const told = await tellCoveredCustomers({ db: context.db, jobs: context.jobs, config: context.config, log }, new Date());
    if (told > 0) log.info({ told }, 'told customers a technician now covers them');
  },
  schedule: '*/15 * * * *',
  runOnStart: true,
  retry: { limit: 2, delaySeconds: 60, backoff: false },
});
