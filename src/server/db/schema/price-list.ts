// D12: the admin-editable price list. One row prices ONE damaged location of a damage type at
// the rate of its band (1, 2, or 3 for three or more locations); see src/shared/price-list.ts.
import { doublePrecision, integer, pgTable, primaryKey, smallint, text } from 'drizzle-orm/pg-core';
import { updatedAt } from './columns';

export const priceListEntries = pgTable(
  'price_list_entries',
  {
    damageType: text('damage_type').notNull(),
    locationBand: smallint('location_band').notNull(),
    laborPence: integer('labor_pence').notNull(),
    partsPence: integer('parts_pence').notNull(),
    materialsPence: integer('materials_pence').notNull(),
    // Quarter hours (PriceListEntrySchema), exact in a double.
    hours: doublePrecision('hours').notNull(),
    labourWording: text('labour_wording').notNull(),
    partsWording: text('parts_wording').notNull(),
    materialsWording: text('materials_wording').notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.damageType, t.locationBand] })],
);
