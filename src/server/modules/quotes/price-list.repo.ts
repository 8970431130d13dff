// D12: the price list lives in the database (seeded from defaultPriceList by migration 0003);
// the quotes module owns it.
import { asc } from 'drizzle-orm';
import type { Database, Db } from '../../db/database';
import { coalescedRead, type CoalescedReadSpec } from '../../db/batch';
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

// The admin's price list screen in one prepared statement returning one JSON value (issue 9);
// admins asking together share one run. Transactions that draft quotes read loadPriceList.
const PRICE_LIST_SQL = `SELECT coalesce(json_agg(json_build_object('damageType', e.damage_type, 'locationBand', e.location_band,
    'laborPence', e.labor_pence, 'partsPence', e.parts_pence, 'materialsPence', e.materials_pence, 'hours', e.hours,
    'labourWording', e.labour_wording, 'partsWording', e.parts_wording, 'materialsWording', e.materials_wording)
    ORDER BY e.damage_type, e.location_band), '[]'::json) AS entries
  FROM price_list_entries e`;

const PRICE_LIST: CoalescedReadSpec<null, PriceList> = {
  name: 'read_price_list',
  keyOf: () => 'all',
  async read(database) {
    const [row] = await database.statement<{ entries: PriceListEntry[] }>('read_price_list', PRICE_LIST_SQL).run([]);
    return row!.entries.length > 0 ? row!.entries : [...defaultPriceList];
  },
};

/** GET /api/admin/price-list: what loadPriceList answers, in one statement shared by the admins asking together. */
export function readPriceList(database: Database): Promise<PriceList> {
  return coalescedRead(database, PRICE_LIST)(null);
}

/** Replaces the whole list in one transaction: readers see the old list or the new, never half. */
export async function replacePriceList(db: Db, list: readonly PriceListEntry[]): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.delete(priceListEntries);
    if (list.length > 0) await tx.insert(priceListEntries).values(list.map((entry) => ({ ...entry, updatedAt: new Date() })));
  });
}
