// The app's background jobs as the modules see them (docs/decisions/0004-lifecycles.md): each
// job's name and payload, the Enqueue a module is handed, and defineJob with the context a
// handler may use. Below the modules: a module enqueues by name through this file and never
// imports src/server/jobs (whose index gathers every module's job definitions), so no import
// circle runs through the job list. src/server/jobs/index.ts checks at compile time that the
// definitions it gathers are exactly these names with exactly these payloads.
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { AppConfig } from '../config/config';
import type { Database, Db } from '../db/database';
import type { WorkOptions } from '../plugins/jobs';
import type { FileStore, Geocoder, Mailer, PageFetcher } from './ports';
import type { StripeClient } from './stripe';

export const SEND_EMAIL_JOB = 'send-email' as const;
export const SWEEP_OUTBOX_JOB = 'sweep-outbox' as const;
export const SWEEP_ORPHAN_PHOTOS_JOB = 'sweep-orphan-photos' as const;
export const LAPSE_HOLDS_JOB = 'lapse-expired-holds' as const;
export const SEND_REMINDERS_JOB = 'send-appointment-reminders' as const;
export const DISPATCH_BOOKING_JOB = 'dispatch-booking' as const;
export const EXPIRE_JOB_OFFERS_JOB = 'expire-job-offers' as const;
export const FOLLOW_UP_UNASSIGNED_JOB = 'follow-up-unassigned-bookings' as const;
export const RELEASE_PAYOUTS_JOB = 'release-payouts' as const;
export const ERASE_AFTER_RETENTION_JOB = 'erase-after-retention' as const;
export const PLACES_IMPORT_JOB = 'import-places-city' as const;
export const COLLECT_EMAILS_JOB = 'collect-emails' as const;
export const TELL_COVERED_CUSTOMERS_JOB = 'tell-covered-customers' as const;
export const INSURANCE_NOTICES_JOB = 'insurance-notices' as const;

/** Every job's payload, by name (each definition's zod schema parses exactly this). */
export interface JobPayloads {
  [SEND_EMAIL_JOB]: { id: number };
  [SWEEP_OUTBOX_JOB]: Record<string, never>;
  [SWEEP_ORPHAN_PHOTOS_JOB]: Record<string, never>;
  [LAPSE_HOLDS_JOB]: Record<string, never>;
  [SEND_REMINDERS_JOB]: Record<string, never>;
  [DISPATCH_BOOKING_JOB]: { quoteId: number };
  [EXPIRE_JOB_OFFERS_JOB]: Record<string, never>;
  /** `quoteId`: the automatic dispatch found nobody for this booking just now (docs/decisions/0027). */
  [FOLLOW_UP_UNASSIGNED_JOB]: { quoteId?: number | undefined };
  [RELEASE_PAYOUTS_JOB]: Record<string, never>;
  [ERASE_AFTER_RETENTION_JOB]: { afterId?: number | undefined };
  [PLACES_IMPORT_JOB]: { runId: number; index: number };
  [COLLECT_EMAILS_JOB]: { runId: number };
  [TELL_COVERED_CUSTOMERS_JOB]: Record<string, never>;
  [INSURANCE_NOTICES_JOB]: Record<string, never>;
}

export type JobName = keyof JobPayloads;
export type JobPayload<N extends JobName> = JobPayloads[N];

export interface EnqueueOptions {
  /** Run no earlier than this. */
  startAfter?: Date;
  /**
   * Write the job through this transaction's handle: it exists only if the transaction commits,
   * and a committed transaction cannot lose it (the queue's tables are in the app's database).
   * The booking's step runner writes a step's jobs so (docs/decisions/0023).
   */
  within?: Db;
}

/** What a module needs to enqueue the app's jobs. */
export interface Enqueue {
  enqueue<N extends JobName>(name: N, payload: JobPayload<N>, options?: EnqueueOptions): Promise<void>;
}

/** Untyped enqueueing, as a running handler is handed it (the registry checks the payload). */
export interface JobEnqueuer {
  enqueue(name: string, payload: unknown, options?: EnqueueOptions): Promise<void>;
}

export interface RetryPolicy {
  /** Attempts after the first. */
  limit: number;
  /** Seconds before the first retry. */
  delaySeconds: number;
  /** Double the delay after each failure. */
  backoff: boolean;
}

/** What a handler may use. */
export interface JobContext {
  config: AppConfig;
  database: Database;
  db: Db;
  mailer: Mailer;
  store: FileStore;
  geocoder: Geocoder;
  /** Reads repairers' websites safely (D18). */
  siteFetcher: PageFetcher;
  /** Signs unsubscribe links in the e-mails a job writes (D19). */
  appSecret: string;
  /** The app's one Stripe client (ModuleDeps.stripe); undefined in test mode. */
  stripe?: StripeClient | undefined;
  log: FastifyBaseLogger;
  jobs: JobEnqueuer;
}

export interface JobDefinition<N extends string = string, P = unknown> {
  name: N;
  payload: z.ZodType<P>;
  handler: (payload: P, context: JobContext) => Promise<void>;
  /** A cron expression in Europe/London, for jobs that also run on a timetable. */
  schedule?: string;
  /**
   * Also enqueue when a worker process starts (sweepers). Once an hour at most across all
   * instances: several instances starting together share one run.
   */
  runOnStart?: boolean;
  retry: RetryPolicy;
  /**
   * How this job's queue is worked in each process: how many are fetched at once and how many run
   * at the same moment (plugins/jobs.ts, DEFAULT_WORK unless said). Whatever it says, a backlog is
   * worked through without waiting between jobs; the pace of a paced job (introductions) is its
   * own startAfter, never the worker's.
   */
  work?: Partial<WorkOptions>;
  /**
   * pg-boss's singletonKey. With the standard queue policy used here it only labels the job:
   * pg-boss dedupes by key only together with singletonSeconds (as runOnStart does), so a
   * handler must still be safe to run twice (deliverEmail locks its row).
   */
  singletonKey?: (payload: P) => string;
}

export function defineJob<const N extends string, P>(definition: JobDefinition<N, P>): JobDefinition<N, P> {
  return definition;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a list of jobs with different payloads
export type AnyJobDefinition = JobDefinition<string, any>;
