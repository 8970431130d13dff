// The outbox's jobs: send one e-mail, and every 5 minutes re-queue any whose job was lost.
import { z } from 'zod';
import { defineJob, type JobContext } from '../../kernel/jobs';
import { findStalePending } from './email.repo';
import { createSmsSender } from './sms-sender';
import { deliverEmail, dispatchEmails, MAX_EMAIL_ATTEMPTS, SEND_EMAIL_JOB, SWEEP_OUTBOX_JOB, type EmailDeps } from './email.service';

/** The e-mails each database's process is sending now (a test process runs several apps, one database each). */
const sendingNow = new WeakMap<object, Set<number>>();
const sendingOf = (database: object): Set<number> => {
  let set = sendingNow.get(database);
  if (!set) sendingNow.set(database, (set = new Set()));
  return set;
};

/**
 * How the outbox is worked in each instance (issue 33): a send is mostly waiting on the mail
 * server, so four run at once. On a PostgreSQL server each holds its row lock, and so one of the
 * pool's 10 connections, for its SMTP conversation: four leave the rest to requests. On PGlite the
 * database calls take turns and the conversations overlap.
 */
export const SEND_EMAIL_WORK = { batchSize: 20, concurrency: 4 } as const;

const emailDeps = (context: JobContext): EmailDeps => ({
  db: context.db,
  jobs: context.jobs,
  mailer: context.mailer,
  // A sender holds only its settings (fetch pools the connections), so one per job costs nothing.
  sms: createSmsSender(context.config.sms),
  mailFrom: context.config.mailFrom,
  replyTo: context.config.company.supportEmail,
  log: context.log,
  lockWhileSending: context.database.kind === 'postgres',
  sending: sendingOf(context.database),
});

export const sendEmailJob = defineJob({
  name: SEND_EMAIL_JOB,
  payload: z.object({ id: z.number().int().positive() }),
  handler: ({ id }, context) => deliverEmail(emailDeps(context), id),
  // deliverEmail counts attempts itself and gives up at MAX_EMAIL_ATTEMPTS.
  retry: { limit: MAX_EMAIL_ATTEMPTS, delaySeconds: 30, backoff: true },
  work: SEND_EMAIL_WORK,
  singletonKey: ({ id }) => `email-${id}`,
});

export const sweepOutboxJob = defineJob({
  name: SWEEP_OUTBOX_JOB,
  payload: z.object({}),
  handler: async (_payload, context) => {
    const stale = await findStalePending(context.db, new Date(Date.now() - 5 * 60_000));
    await dispatchEmails(context.jobs, stale);
  },
  schedule: '*/5 * * * *',
  retry: { limit: 2, delaySeconds: 60, backoff: false },
});
