// The Google Places import's background work (D17): one search per job, each queueing the next.
import { z } from 'zod';
import { defineJob } from '../../jobs/registry';
import { PLACES_IMPORT_JOB, runPlacesSearch } from './places.service';

export const importPlacesSearchJob = defineJob({
  name: PLACES_IMPORT_JOB,
  payload: z.object({ runId: z.number().int().positive(), index: z.number().int().min(0) }),
  handler: (payload, context) => runPlacesSearch(context, payload),
  // A failed search is counted, not thrown; only a database failure retries the search in hand.
  retry: { limit: 3, delaySeconds: 30, backoff: true },
});
