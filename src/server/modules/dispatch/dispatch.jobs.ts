// Dispatch's background work (D16): offering a paid booking to nearby repairers when
// AUTO_DISPATCH is on, and expiring offers after their 4 hours (every 5 minutes, and on read).
import { z } from 'zod';
import { defineJob } from '../../jobs/registry';
import { dispatchEmails } from '../email/email.service';
import { DISPATCH_BOOKING_JOB, dispatchPaidBooking, expireOverdueOffers } from './dispatch.service';

export const EXPIRE_JOB_OFFERS_JOB = 'expire-job-offers' as const;

export const dispatchBookingJob = defineJob({
  name: DISPATCH_BOOKING_JOB,
  payload: z.object({ quoteId: z.number().int().positive() }),
  handler: async ({ quoteId }, context) => {
    const { repairersNotified, emails } = await dispatchPaidBooking(context, quoteId, new Date());
    await dispatchEmails(context.jobs, emails);
    if (repairersNotified === 0) context.log.warn({ quoteId }, 'a paid booking found no repairer to offer it to: it waits in the admin\'s jobs to dispatch');
    else context.log.info({ quoteId, repairersNotified }, 'paid booking offered to nearby repairers');
  },
  retry: { limit: 3, delaySeconds: 30, backoff: true },
});

export const expireJobOffersJob = defineJob({
  name: EXPIRE_JOB_OFFERS_JOB,
  payload: z.object({}),
  handler: async (_payload, context) => {
    const log = context.log.child({ job: EXPIRE_JOB_OFFERS_JOB });
    const expired = await expireOverdueOffers(context.db, new Date(), log);
    if (expired > 0) log.info({ expired }, 'job offers expired after 4 hours');
  },
  schedule: '*/5 * * * *',
  runOnStart: true,
  retry: { limit: 2, delaySeconds: 30, backoff: false },
});
