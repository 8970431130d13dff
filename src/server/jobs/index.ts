// Every background job the app runs, declared once (see ./registry). Add a job here and
// enqueue it by name: jobs.enqueue('send-email', { id }).
import { sweepOrphanPhotosJob } from '../modules/assessments/assessments.jobs';
import { lapseExpiredHoldsJob } from '../modules/booking/hold/bookings.jobs';
import { dispatchBookingJob, expireJobOffersJob } from '../modules/booking/offer/dispatch.jobs';
import { releasePayoutsJob } from '../modules/booking/payout/payouts.jobs';
import { sendEmailJob, sweepOutboxJob } from '../modules/email/email.jobs';
import { sendRemindersJob } from '../modules/booking/emails/reminders.jobs';
import { eraseAfterRetentionJob } from '../modules/privacy/privacy.jobs';
import { importPlacesCityJob } from '../modules/places/places.jobs';
import { collectEmailsJob } from '../modules/email-collection/email-collection.jobs';
import { insuranceNoticesJob } from '../modules/technicians/insurance.jobs';
import type { JobQueue } from '../plugins/jobs';
import { createJobs, type EnqueueOptions, type JobContext, type Jobs, type NameOf, type PayloadOf } from './registry';

export const jobDefinitions = [sendEmailJob, sweepOutboxJob, sweepOrphanPhotosJob, lapseExpiredHoldsJob, sendRemindersJob, dispatchBookingJob, expireJobOffersJob, releasePayoutsJob, eraseAfterRetentionJob, importPlacesCityJob, collectEmailsJob, insuranceNoticesJob] as const;

type Definitions = typeof jobDefinitions;
export type JobName = NameOf<Definitions>;
export type JobPayload<N extends JobName> = PayloadOf<Definitions, N>;
export type AppJobs = Jobs<Definitions>;

/** What a module needs to enqueue the app's jobs. */
export interface Enqueue {
  enqueue<N extends JobName>(name: N, payload: JobPayload<N>, options?: EnqueueOptions): Promise<void>;
}

export function createAppJobs(queue: JobQueue, context: Omit<JobContext, 'jobs'>, options: { runWorkers: boolean }): Promise<AppJobs> {
  return createJobs(queue, jobDefinitions, context, options);
}
