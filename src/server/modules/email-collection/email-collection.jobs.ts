// One chunk of an e-mail collection run; the chunk enqueues the next (email-collection.service.ts).
import { z } from 'zod';
import { defineJob } from '../../kernel/jobs';
import { collectChunk, COLLECT_EMAILS_JOB } from './email-collection.service';

export const collectEmailsJob = defineJob({
  name: COLLECT_EMAILS_JOB,
  payload: z.object({ runId: z.number().int().positive() }),
  handler: ({ runId }, context): Promise<void> =>
    collectChunk({ db: context.db, jobs: context.jobs, fetcher: context.siteFetcher, collector: context.config.collector, llm: context.config.llm, log: context.log }, runId),
  // A chunk records each repairer as it goes and fails its run itself on an error; a retry is
  // for a chunk lost with its process (pg-boss hands it out again once it expires).
  retry: { limit: 3, delaySeconds: 30, backoff: true },
});
