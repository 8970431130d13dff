// Where a UK postcode is (issue 12, ARCHITECTURE "geocoding"). The embedded default places a
// postcode at its district's centre from the outcodes table (loaded by migration 0008 from
// uk-outcodes.csv beside this file): within a few miles, enough for D16's 30-mile radius, with
// no outside service. Repairers and customers get coordinates when they are saved.
import { eq } from 'drizzle-orm';
import { normalisePostcode, outcodeOf } from '../../../shared/postcode';
import type { Db } from '../../db/database';
import { outcodes } from '../../db/schema';

export interface Location {
  latitude: number;
  longitude: number;
  /** 'postcode': the postcode itself; 'district': the centre of its outward code. */
  precision: 'postcode' | 'district';
}

export interface Geocoder {
  /** Where the postcode is, or null when it is not a UK postcode or cannot be located. Never throws for bad input. */
  locate(postcode: string): Promise<Location | null>;
}

/** The sentence a person sees when their postcode cannot be placed on the map. */
export const POSTCODE_NOT_LOCATED = 'We could not find that postcode. Please check it, or enter a nearby postcode.';

/** Places a postcode at its district's centre (the embedded default). */
export function outcodeGeocoder(db: Db): Geocoder {
  return {
    async locate(postcode) {
      const outcode = outcodeOf(postcode);
      if (outcode === null) return null;
      const [row] = await db.select({ latitude: outcodes.latitude, longitude: outcodes.longitude }).from(outcodes).where(eq(outcodes.outcode, outcode));
      return row ? { latitude: row.latitude, longitude: row.longitude, precision: 'district' } : null;
    },
  };
}

/** True when the input is a UK postcode at all (a located one may still be null). */
export function isUkPostcode(postcode: string): boolean {
  return normalisePostcode(postcode) !== null;
}
