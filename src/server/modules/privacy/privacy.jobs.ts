// Retention (issue 14): every night, the photos and personal details of enquiries whose job
// ended more than RETENTION_MONTHS ago are erased, as a customer's own request would erase them.
import { z } from 'zod';
import { defineJob } from '../../kernel/jobs';
import { RowFailures } from '../../jobs/row-failures';
import { DomainError } from '../../kernel/errors';
import { deleteFilesOfGoneRecords } from '../images';
import { systemActor } from './audit.repo';
import { dueForRetention, eraseEnquiry } from './privacy.service';

import { ERASE_AFTER_RETENTION_JOB } from '../../kernel/jobs';
export { ERASE_AFTER_RETENTION_JOB };
const BATCH = 100;

export const eraseAfterRetentionJob = defineJob({
  name: ERASE_AFTER_RETENTION_JOB,
  // The timetable's run starts at the first enquiry; each full batch queues the next, after its last id.
  payload: z.object({ afterId: z.number().int().nonnegative().optional() }),
  handler: async ({ afterId }, context) => {
    const log = context.log.child({ job: ERASE_AFTER_RETENTION_JOB });
    const ids = await dueForRetention(context.db, context.config.retentionMonths, new Date(), BATCH, afterId);
    // One enquiry that cannot be erased (a record the erasure trips on) must not keep every one
    // after it from being erased, night after night: it is logged, the others go on, and the run
    // then fails, so the queue retries it and the health panel counts it. Each erasure commits on
    // its own, so a retry finds the others erased and does not touch them again.
    const failures = new RowFailures({ what: 'enquiries due for erasure', log });
    let erased = 0;
    for (const id of ids) {
      await failures.attempt({ assessmentId: id }, async () => {
        try {
          const { fileKeys } = await eraseEnquiry(context.db, id, systemActor, 'retention');
          erased++;
          await deleteFilesOfGoneRecords(context.store, fileKeys, log);
        } catch (error) {
          // Something became live meanwhile (a booking): it waits for a later night.
          if (!(error instanceof DomainError && error.statusCode === 409)) throw error;
        }
      });
    }
    if (erased > 0) log.info({ erased, retentionMonths: context.config.retentionMonths }, 'personal data erased after the retention period');
    // The next batch starts after this one, so a full batch of enquiries that keep failing does not
    // hide the rest; they are tried again on this run's retry and the next night.
    if (ids.length === BATCH) await context.jobs.enqueue(ERASE_AFTER_RETENTION_JOB, { afterId: ids[ids.length - 1]! });
    failures.throwIfAny();
  },
  schedule: '30 3 * * *',
  retry: { limit: 3, delaySeconds: 300, backoff: true },
});
