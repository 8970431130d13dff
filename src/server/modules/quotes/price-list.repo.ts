// D12: the price list lives in the database (seeded from defaultPriceList by migration 0003);
// the quotes module owns it.
import { asc } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { priceListEntries } from '../../db/schema';
import { defaultPriceList, type LocationBand, type PriceList, type PriceListEntry } from '../../../shared/price-list';
import type { AnyDamageType } from '../../../shared/damage';

type PriceListRow = typeof priceListEntries.$inferSelect;

function toEntry(row: PriceListRow): PriceListEntry {
  return {
    damageType: row.damageType as AnyDamageType,
    locationBand: row.locationBand as LocationBand,
    laborPence: row.laborPence,
    partsPence: row.partsPence,
    materialsPence: row.materialsPence,
    hours: row.hours,
    labourWording: row.labourWording,
    partsWording: row.partsWording,
    materialsWording: row.materialsWording,
  };
}

/** The list in a stable order (damage type as in allDamageTypes' order is the client's business). */
export async function loadPriceList(db: Db): Promise<PriceList> {
  const rows = await db.select().from(priceListEntries).orderBy(asc(priceListEntries.damageType), asc(priceListEntries.locationBand));
  // An empty table (a database restored without its seed) still drafts quotes: the seeded prices.
  return rows.length > 0 ? rows.map(toEntry) : [...defaultPriceList];
}

/** Replaces the whole list in one transaction: readers see the old list or the new, never half. */
export async function replacePriceList(db: Db, list: readonly PriceListEntry[]): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.delete(priceListEntries);
    if (list.length > 0) await tx.insert(priceListEntries).values(list.map((entry) => ({ ...entry, updatedAt: new Date() })));
  });
}
