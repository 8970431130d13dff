// Files left by interrupted submissions: photos with no assessment, and stale upload folders.
import { join } from 'node:path';
import { z } from 'zod';
import { defineJob } from '../../jobs/registry';
import { sweepOrphanPhotos, sweepStaleUploads } from './photo-sweeper';

export const sweepOrphanPhotosJob = defineJob({
  name: 'sweep-orphan-photos',
  payload: z.object({}),
  handler: async (_payload, { db, store, config, log }) => {
    const photos = await sweepOrphanPhotos(db, store);
    const uploads = await sweepStaleUploads(join(config.dataDir, 'tmp'));
    if (photos + uploads > 0) log.info({ photos, uploads }, 'removed files left by interrupted submissions');
  },
  schedule: '17 * * * *',
  runOnStart: true,
  retry: { limit: 2, delaySeconds: 300, backoff: false },
});
