// Where a UK postcode is (issue 12, ARCHITECTURE "geocoding"). The embedded default places a
// postcode at its district's centre from the outcodes table (loaded by migration 0008 from
// uk-outcodes.csv beside this file): within a few miles, enough for D16's 30-mile radius, with
// no outside service. Repairers and customers get coordinates when they are saved.
import { normalisePostcode, outcodeOf } from '../../../shared/postcode';
import type { Db } from '../../db/database';
import { cachePostcode, findCachedPostcode, findOutcode } from './geo.repo';
import type { Geocoder, Location } from '../../kernel/ports';

export type { Geocoder, Location };



/** The sentence a person sees when their postcode cannot be placed on the map. */
export const POSTCODE_NOT_LOCATED = 'We could not find that postcode. Please check it, or enter a nearby postcode.';

/** Places a postcode at its district's centre (the embedded default). */
export function outcodeGeocoder(db: Db): Geocoder {
  return {
    async locate(postcode) {
      const outcode = outcodeOf(postcode);
      if (outcode === null) return null;
      const row = await findOutcode(db, outcode);
      return row ? { latitude: row.latitude, longitude: row.longitude, precision: 'district' } : null;
    },
  };
}

/** True when the input is a UK postcode at all (a located one may still be null). */
export function isUkPostcode(postcode: string): boolean {
  return normalisePostcode(postcode) !== null;
}

/** How long a postcodes.io answer is kept (postcodes rarely move). */
export const POSTCODE_CACHE_DAYS = 30;

export interface PostcodesIoOptions {
  baseUrl: string;
  timeoutMs?: number;
  log?: { warn(obj: object, msg: string): void };
}

/**
 * A postcodes.io-compatible API (GET {base}/postcodes/{postcode} → { status: 200, result: {
 * latitude, longitude } }, 404 for an unknown postcode), when POSTCODES_API_URL is set. Answers —
 * found or not — are kept in postcode_cache for 30 days, so the service is asked once per
 * postcode; a postcode it does not know, or a service that fails or is slow, falls back to the
 * district centre (the failure is not cached, so the next call asks again).
 */
export function postcodesIoGeocoder(db: Db, options: PostcodesIoOptions): Geocoder {
  const fallback = outcodeGeocoder(db);
  const base = options.baseUrl.replace(/\/+$/, '');
  return {
    async locate(postcode) {
      const normalised = normalisePostcode(postcode);
      if (normalised === null) return null;
      const cached = await findCachedPostcode(db, normalised, POSTCODE_CACHE_DAYS);
      if (cached) {
        return cached.latitude !== null && cached.longitude !== null ? { latitude: cached.latitude, longitude: cached.longitude, precision: 'postcode' } : fallback.locate(normalised);
      }
      let answer: { latitude: number; longitude: number } | null;
      try {
        const response = await fetch(`${base}/postcodes/${encodeURIComponent(normalised)}`, { signal: AbortSignal.timeout(options.timeoutMs ?? 3000), headers: { accept: 'application/json' } });
        if (response.status === 404) answer = null;
        else if (!response.ok) throw new Error(`postcodes API answered ${response.status}`);
        else {
          const body = (await response.json()) as { result?: { latitude?: unknown; longitude?: unknown } };
          const { latitude, longitude } = body.result ?? {};
          answer = typeof latitude === 'number' && typeof longitude === 'number' ? { latitude, longitude } : null;
        }
      } catch (error) {
        options.log?.warn({ err: error, postcode: normalised }, 'the postcodes API failed: using the district centre');
        return fallback.locate(normalised);
      }
      await cachePostcode(db, normalised, answer);
      return answer ? { ...answer, precision: 'postcode' } : fallback.locate(normalised);
    },
  };
}

/** The geocoder the settings ask for: postcodes.io-compatible when POSTCODES_API_URL is set, else district centres. */
export function createGeocoder(db: Db, config: { postcodesApiUrl: string | undefined }, log?: PostcodesIoOptions['log']): Geocoder {
  return config.postcodesApiUrl ? postcodesIoGeocoder(db, { baseUrl: config.postcodesApiUrl, ...(log ? { log } : {}) }) : outcodeGeocoder(db);
}
