// Storing one Places result (D17: businesses already held are updated, never duplicated), for
// the Places import (places/store-place.ts). Each step is one statement, so two chunks storing the
// same business at once cannot make two rows: the place id is unique (insert … on conflict do
// nothing, then update), and a business matched by phone, website or name and postcode is
// claimed with "where google_place_id is null".
import { and, eq, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Specialisation } from '../../../shared/damage';
import type { Db } from '../../db/database';
import { repairers } from '../../db/schema';
import { isUniqueViolation } from '../../db/errors';

/** A business as Google Places lists it, normalised by places/place-record.ts. */
export interface PlaceListing {
  placeId: string;
  businessName: string;
  address: string;
  postcode: string;
  /** E.164, or null when Google has no valid UK number. */
  phone: string | null;
  website: string | null;
  ratingTenths: number | null;
  latitude: number | null;
  longitude: number | null;
}

/** The listing's name (letters and digits only) and website (without scheme, www., query or trailing slash; null without one), as place-record.ts normalises them. */
export interface ListingKeys {
  name: string;
  website: string | null;
}

export type StoreOutcome = 'added' | 'updated';

interface Held {
  id: number;
  specialisations: string[];
  hasAccount: boolean;
}

const heldColumns = {
  id: repairers.id,
  specialisations: repairers.specialisations,
  // A repairer who signed in keeps the details they gave (their name, phone, website, base).
  hasAccount: sql<boolean>`exists (select 1 from users where users.repairer_id = ${sql.raw('"repairers"."id"')})`,
};

// The same normalisations as places/place-record.ts (ListingKeys), in SQL, for rows entered by hand or by sign-up.
const websiteKeySql = sql`rtrim(regexp_replace(regexp_replace(lower(trim(${repairers.website})), ${'^https?://(www\\.)?'}, ''), ${'[?#].*$'}, ''), '/')`;
const nameKeySql = sql`regexp_replace(lower(${repairers.businessName}), ${'[^a-z0-9]+'}, '', 'g')`;

async function findByPlaceId(db: Db, placeId: string): Promise<Held | undefined> {
  const [row] = await db.select(heldColumns).from(repairers).where(eq(repairers.googlePlaceId, placeId));
  return row;
}

/** A business held without a place id that has the same phone, website, or name and postcode. */
async function findSameBusiness(db: Db, record: PlaceListing, keys: ListingKeys): Promise<Held | undefined> {
  const same: SQL[] = [and(eq(nameKeySql, keys.name), eq(repairers.postcode, record.postcode))!];
  if (record.phone) same.push(eq(repairers.phone, record.phone));
  if (keys.website !== null) same.push(eq(websiteKeySql, keys.website));
  const [row] = await db
    .select(heldColumns)
    .from(repairers)
    .where(and(isNull(repairers.googlePlaceId), or(...same)))
    .orderBy(repairers.id)
    .limit(1);
  return row;
}

function union(held: string[], found: readonly Specialisation[]): string[] {
  return [...new Set([...held, ...found])];
}

/** Google's figures always; the business's own details only for a repairer without an account. */
function changes(record: PlaceListing, held: Held, specialisations: readonly Specialisation[]) {
  const google = {
    googlePlaceId: record.placeId,
    ratingTenths: record.ratingTenths ?? sql`${repairers.ratingTenths}`,
    updatedAt: new Date(),
  };
  if (held.hasAccount) {
    return {
      ...google,
      address: sql`coalesce(${repairers.address}, ${record.address})`,
      phone: sql`coalesce(${repairers.phone}, ${record.phone})`,
      website: sql`coalesce(${repairers.website}, ${record.website})`,
    };
  }
  return {
    ...google,
    businessName: record.businessName,
    address: record.address,
    postcode: record.postcode,
    phone: record.phone ?? sql`${repairers.phone}`,
    website: record.website ?? sql`${repairers.website}`,
    ...(record.latitude !== null && record.longitude !== null ? { latitude: record.latitude, longitude: record.longitude } : {}),
    specialisations: union(held.specialisations, specialisations),
  };
}

/**
 * Stores one business found in `city`: updates the one already held (by place id, then phone,
 * website, or name and postcode), or adds it unverified and with no e-mail address (its
 * emailSource stays null until e-mail collection finds one).
 */
export async function storePlaceListing(
  db: Db,
  record: PlaceListing,
  keys: ListingKeys,
  found: { city: string; county: string; specialisations: readonly Specialisation[] },
): Promise<StoreOutcome> {
  for (let attempt = 0; attempt < 4; attempt++) {
    const byId = await findByPlaceId(db, record.placeId);
    if (byId) {
      await db.update(repairers).set(changes(record, byId, found.specialisations)).where(eq(repairers.id, byId.id));
      return 'updated';
    }
    const same = await findSameBusiness(db, record, keys);
    if (same) {
      try {
        const claimed = await db
          .update(repairers)
          .set(changes(record, same, found.specialisations))
          .where(and(eq(repairers.id, same.id), isNull(repairers.googlePlaceId)))
          .returning({ id: repairers.id });
        if (claimed.length > 0) return 'updated';
      } catch (error) {
        // Another chunk stored this place id meanwhile: the next attempt updates that row.
        if (!isUniqueViolation(error)) throw error;
      }
      continue; // claimed by another place meanwhile: look again
    }
    const inserted = await db
      .insert(repairers)
      .values({
        businessName: record.businessName,
        address: record.address,
        city: found.city,
        county: found.county,
        postcode: record.postcode,
        phone: record.phone,
        website: record.website,
        latitude: record.latitude,
        longitude: record.longitude,
        ratingTenths: record.ratingTenths,
        googlePlaceId: record.placeId,
        specialisations: [...found.specialisations],
        isVerified: false,
        email: null,
        emailSource: null,
      })
      .onConflictDoNothing({ target: repairers.googlePlaceId })
      .returning({ id: repairers.id });
    if (inserted.length > 0) return 'added';
  }
  throw new Error(`Could not store Google place ${record.placeId}: it kept changing under concurrent imports`);
}

export async function countRepairers(db: Db): Promise<number> {
  return db.$count(repairers);
}
