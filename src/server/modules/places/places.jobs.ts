// The Google Places import's background work (D17): one covered city per job, each queueing the next.
import { z } from 'zod';
import { defineJob } from '../../kernel/jobs';
import { PLACES_IMPORT_JOB, runPlacesCity } from './places.service';

export const importPlacesCityJob = defineJob({
  name: PLACES_IMPORT_JOB,
  payload: z.object({ runId: z.number().int().positive(), index: z.number().int().min(0) }),
  handler: (payload, context) => runPlacesCity(context, payload),
  // A failed search is counted, not thrown; only a database failure retries the search in hand.
  retry: { limit: 3, delaySeconds: 30, backoff: true },
});
