// Dispatch's background work (D16): offering a paid booking to nearby repairers when
// AUTO_DISPATCH is on, and expiring offers at their deadline (every 5 minutes, and on read).
import { z } from 'zod';
import { defineJob } from '../../../kernel/jobs';
import { DISPATCH_BOOKING_JOB, dispatchPaidBooking, expireOverdueOffers, type DispatchSkip } from './dispatch.service';

/**
 * What the log says of a paid booking offered to nobody because it changed before dispatch ran:
 * these are the booking's own story, told at info; only a booking dispatch could not place waits
 * on someone, and is a warning.
 */
export const DISPATCH_SKIPPED: Record<DispatchSkip, { level: 'info' | 'warn'; message: string }> = {
  cancelled: { level: 'info', message: 'the booking was cancelled before dispatch ran; nothing offered' },
  'enquiry-gone': { level: 'info', message: 'the booking\'s enquiry was deleted before dispatch ran; nothing offered' },
  assigned: { level: 'info', message: 'the booking already had a technician when dispatch ran; nothing offered' },
  'no-paid-booking': { level: 'info', message: 'the booking was no longer paid and confirmed when dispatch ran; nothing offered' },
  'slot-begun': { level: 'info', message: 'the booking\'s slot had begun when dispatch ran; nothing offered' },
  unplaceable: { level: 'warn', message: 'a paid booking\'s postcode could not be placed, so no repairer was offered it: it waits in the admin\'s jobs to dispatch' },
};

import { EXPIRE_JOB_OFFERS_JOB, FOLLOW_UP_UNASSIGNED_JOB } from '../../../kernel/jobs';
export { EXPIRE_JOB_OFFERS_JOB };

export const dispatchBookingJob = defineJob({
  name: DISPATCH_BOOKING_JOB,
  payload: z.object({ quoteId: z.number().int().positive() }),
  handler: async ({ quoteId }, context) => {
    // A step of the booking process (offer-job): its e-mails go once it commits.
    const { repairersNotified, leftOut, skipped } = await dispatchPaidBooking(context, quoteId, new Date());
    if (skipped) context.log[DISPATCH_SKIPPED[skipped].level]({ quoteId, skipped }, DISPATCH_SKIPPED[skipped].message);
    else if (repairersNotified === 0) context.log.warn({ quoteId, leftOut }, 'a paid booking found no repairer to offer it to: it waits in the admin\'s jobs to dispatch');
    else context.log.info({ quoteId, repairersNotified, leftOut }, 'paid booking offered to nearby repairers');
    // Nobody to offer it to (or no place for its postcode): the team hears of it now (docs/decisions/0027).
    if (repairersNotified === 0 && (!skipped || skipped === 'unplaceable')) await context.jobs.enqueue(FOLLOW_UP_UNASSIGNED_JOB, { quoteId });
  },
  retry: { limit: 3, delaySeconds: 30, backoff: true },
});

export const expireJobOffersJob = defineJob({
  name: EXPIRE_JOB_OFFERS_JOB,
  payload: z.object({}),
  handler: async (_payload, context) => {
    const log = context.log.child({ job: EXPIRE_JOB_OFFERS_JOB });
    const expired = await expireOverdueOffers(context.db, new Date(), log);
    if (expired > 0) log.info({ expired }, 'job offers expired at their deadline');
  },
  schedule: '*/5 * * * *',
  runOnStart: true,
  retry: { limit: 2, delaySeconds: 30, backoff: false },
});
