// Retention (issue 14): every night, the photos and personal details of enquiries whose job
// ended more than RETENTION_MONTHS ago are erased, as a customer's own request would erase them.
import { z } from 'zod';
import { defineJob } from '../../jobs/registry';
import { DomainError } from '../../plugins/errors';
import { deleteFilesOfGoneRecords } from '../images/file-store';
import { systemActor } from './audit.repo';
import { dueForRetention, eraseAssessment } from './privacy.service';

export const ERASE_AFTER_RETENTION_JOB = 'erase-after-retention' as const;
const BATCH = 100;

export const eraseAfterRetentionJob = defineJob({
  name: ERASE_AFTER_RETENTION_JOB,
  payload: z.object({}),
  handler: async (_payload, context) => {
    const ids = await dueForRetention(context.db, context.config.retentionMonths, new Date(), BATCH);
    let erased = 0;
    for (const id of ids) {
      try {
        const { fileKeys } = await context.db.transaction((tx) => eraseAssessment(tx, id, systemActor, 'retention'));
        erased++;
        await deleteFilesOfGoneRecords(context.store, fileKeys, context.log);
      } catch (error) {
        // Something became live meanwhile (a booking): it waits for a later night.
        if (!(error instanceof DomainError && error.statusCode === 409)) throw error;
      }
    }
    if (erased > 0) context.log.info({ erased, retentionMonths: context.config.retentionMonths }, 'personal data erased after the retention period');
    if (ids.length === BATCH) await context.jobs.enqueue(ERASE_AFTER_RETENTION_JOB, {});
  },
  schedule: '30 3 * * *',
  retry: { limit: 3, delaySeconds: 300, backoff: true },
});
