import { doublePrecision, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

// Geocoding without the internet: outward code centroids (ARCHITECTURE, importable from CSV).
export const outcodes = pgTable('outcodes', {
  outcode: text('outcode').primaryKey(),
  latitude: doublePrecision('latitude').notNull(),
  longitude: doublePrecision('longitude').notNull(),
});

export const postcodeCache = pgTable('postcode_cache', {
  postcode: text('postcode').primaryKey(),
  latitude: doublePrecision('latitude'),
  longitude: doublePrecision('longitude'),
  fetchedAt: timestamp('fetched_at', { withTimezone: true }).notNull().defaultNow(),
});
