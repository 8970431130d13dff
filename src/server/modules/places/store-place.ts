// One Places result stored (D17: businesses already held are updated, never duplicated) through
// the repairers' repository, with the keys by which a business already held is recognised.
import type { Specialisation } from '../../../shared/damage';
import type { Db } from '../../db/database';
import { storePlaceListing, type StoreOutcome } from '../repairers';
import { nameKey, websiteKey, type PlaceRecord } from './place-record';

/**
 * Stores one business found in `city`: updates the one already held (by place id, then phone,
 * website, or name and postcode), or adds it unverified and with no e-mail address.
 */
export function storePlace(db: Db, record: PlaceRecord, found: { city: string; county: string; specialisations: readonly Specialisation[] }): Promise<StoreOutcome> {
  return storePlaceListing(db, record, { name: nameKey(record.businessName), website: record.website ? websiteKey(record.website) : null }, found);
}
