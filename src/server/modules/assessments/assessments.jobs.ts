// Files left by interrupted submissions: photos with no assessment, and stale upload folders.
import { join } from 'node:path';
import { z } from 'zod';
import { defineJob } from '../../kernel/jobs';
import { sweepOrphanPhotos, sweepStaleUploads } from './photo-sweeper';

import { SWEEP_ORPHAN_PHOTOS_JOB } from '../../kernel/jobs';
export { SWEEP_ORPHAN_PHOTOS_JOB };

export const sweepOrphanPhotosJob = defineJob({
  name: SWEEP_ORPHAN_PHOTOS_JOB,
  payload: z.object({}),
  handler: async (_payload, context) => {
    const log = context.log.child({ job: SWEEP_ORPHAN_PHOTOS_JOB });
    // Each sweep goes on past a file it cannot remove and throws afterwards; the uploads are swept
    // even when the photos' sweep failed, and the run then fails with the first failure.
    let failed: unknown;
    const photos = await sweepOrphanPhotos(context.db, context.store, new Date(), log).catch((error: unknown) => ((failed = error), 0));
    const uploads = await sweepStaleUploads(join(context.config.dataDir, 'tmp'), new Date(), log).catch((error: unknown) => ((failed ??= error), 0));
    if (photos + uploads > 0) log.info({ photos, uploads }, 'removed files left by interrupted submissions');
    if (failed !== undefined) throw failed;
  },
  schedule: '17 * * * *',
  runOnStart: true,
  retry: { limit: 2, delaySeconds: 300, backoff: false },
});
