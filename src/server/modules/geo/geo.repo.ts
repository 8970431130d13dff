// The geo module's tables: outcodes (postcode districts' centres, migration 0008 and
// `npm run geo:import`) and postcode_cache (postcodes.io's answers, kept for a while).
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { outcodes, postcodeCache } from '../../db/schema';

export type CachedPostcode = typeof postcodeCache.$inferSelect;

/** The centre of a postcode district, or undefined for one the table does not hold. */
export async function findOutcode(db: Db, outcode: string): Promise<{ latitude: number; longitude: number } | undefined> {
  const [row] = await db.select({ latitude: outcodes.latitude, longitude: outcodes.longitude }).from(outcodes).where(eq(outcodes.outcode, outcode));
  return row;
}

/** Upserts districts' centres, 500 rows a statement, inside the caller's transaction. */
export async function upsertOutcodes(tx: Db, rows: { outcode: string; latitude: number; longitude: number }[]): Promise<void> {
  for (let i = 0; i < rows.length; i += 500) {
    await tx
      .insert(outcodes)
      .values(rows.slice(i, i + 500))
      .onConflictDoUpdate({ target: outcodes.outcode, set: { latitude: sql`excluded.latitude`, longitude: sql`excluded.longitude` } });
  }
}

/** The answer kept for a normalised postcode, unless it is older than `maxAgeDays`. */
export async function findCachedPostcode(db: Db, normalised: string, maxAgeDays: number): Promise<CachedPostcode | undefined> {
  const [cached] = await db
    .select()
    .from(postcodeCache)
    .where(sql`${postcodeCache.postcode} = ${normalised} AND ${postcodeCache.fetchedAt} > now() - make_interval(days => ${maxAgeDays})`);
  return cached;
}

/** Keeps the service's answer for a normalised postcode (null: it does not know the postcode). */
export async function cachePostcode(db: Db, normalised: string, answer: { latitude: number; longitude: number } | null): Promise<void> {
  await db
    .insert(postcodeCache)
    .values({ postcode: normalised, latitude: answer?.latitude ?? null, longitude: answer?.longitude ?? null, fetchedAt: new Date() })
    .onConflictDoUpdate({ target: postcodeCache.postcode, set: { latitude: answer?.latitude ?? null, longitude: answer?.longitude ?? null, fetchedAt: new Date() } });
}
