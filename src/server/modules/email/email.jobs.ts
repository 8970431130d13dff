// The outbox's jobs: send one e-mail, and every 5 minutes re-queue any whose job was lost.
import { z } from 'zod';
import { defineJob, type JobContext } from '../../jobs/registry';
import { findStalePending } from './email.repo';
import { deliverEmail, dispatchEmails, MAX_EMAIL_ATTEMPTS, SEND_EMAIL_JOB, SWEEP_OUTBOX_JOB, type EmailDeps } from './email.service';

const emailDeps = (context: JobContext): EmailDeps => ({
  db: context.db,
  jobs: context.jobs,
  mailer: context.mailer,
  mailFrom: context.config.mailFrom,
  replyTo: context.config.company.supportEmail,
  log: context.log,
  lockWhileSending: context.database.kind === 'postgres',
});

export const sendEmailJob = defineJob({
  name: SEND_EMAIL_JOB,
  payload: z.object({ id: z.number().int().positive() }),
  handler: ({ id }, context) => deliverEmail(emailDeps(context), id),
  // deliverEmail counts attempts itself and gives up at MAX_EMAIL_ATTEMPTS.
  retry: { limit: MAX_EMAIL_ATTEMPTS, delaySeconds: 30, backoff: true },
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
