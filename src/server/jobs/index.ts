// Every background job the app runs, declared once (see ./registry). Add a job here and
// enqueue it by name: jobs.enqueue('send-email', { id }).
import { sweepOrphanPhotosJob } from '../modules/assessments';
import { dispatchBookingJob, expireJobOffersJob, followUpUnassignedJob, lapseExpiredHoldsJob, releasePayoutsJob, sendRemindersJob } from '../modules/booking';
import { sendEmailJob, sweepOutboxJob } from '../modules/email';
import { eraseAfterRetentionJob } from '../modules/privacy';
import { importPlacesCityJob } from '../modules/places';
import { collectEmailsJob } from '../modules/email-collection';
import type { JobQueue } from '../plugins/jobs';
import type { Enqueue, JobName as KernelJobName, JobPayloads } from '../kernel/jobs';
import { createJobs, type JobContext, type Jobs, type NameOf, type PayloadOf } from './registry';

export const jobDefinitions = [sendEmailJob, sweepOutboxJob, sweepOrphanPhotosJob, lapseExpiredHoldsJob, sendRemindersJob, dispatchBookingJob, expireJobOffersJob, followUpUnassignedJob, releasePayoutsJob, eraseAfterRetentionJob, importPlacesCityJob, collectEmailsJob] as const;

type Definitions = typeof jobDefinitions;
export type JobName = NameOf<Definitions>;
export type JobPayload<N extends JobName> = PayloadOf<Definitions, N>;
/** The registry of the app's jobs, enqueued and run by kernel/jobs.ts's names and payloads. */
export type AppJobs = Omit<Jobs<Definitions>, 'enqueue' | 'run'> &
  Enqueue & { run<N extends KernelJobName>(name: N, payload: JobPayloads[N]): Promise<void> };
export type { Enqueue };

// The modules enqueue through kernel/jobs.ts's names and payloads: these fail to compile when
// the definitions above and that list part ways (a job added, renamed, or its payload changed).
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type Check<T extends true> = T;
export type DefinitionsMatchKernel = [
  Check<Same<JobName, KernelJobName>>,
  Check<Same<{ [N in JobName]: JobPayload<N> }, { [N in KernelJobName]: JobPayloads[N] }>>,
];

export async function createAppJobs(queue: JobQueue, context: Omit<JobContext, 'jobs'>, options: { runWorkers: boolean }): Promise<AppJobs> {
  // The same functions: DefinitionsMatchKernel proves the two name-and-payload lists equal.
  return (await createJobs(queue, jobDefinitions, context, options)) as unknown as AppJobs;
}
