// Repairers: the network of independent technicians (SPEC section 3, Repairer) and what
// the network-growth work learns about them.
import { sql } from 'drizzle-orm';
import { boolean, doublePrecision, index, integer, jsonb, pgTable, serial, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns';

export const repairers = pgTable(
  'repairers',
  {
    id: serial('id').primaryKey(),
    businessName: text('business_name').notNull(),
    contactName: text('contact_name'),
    email: text('email'),
    emailSource: text('email_source'),
    phone: text('phone'),
    website: text('website'),
    address: text('address'),
    city: text('city').notNull(),
    county: text('county'),
    postcode: text('postcode').notNull(),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    specialisations: jsonb('specialisations').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    serviceRadiusMiles: integer('service_radius_miles').notNull().default(30),
    // Rating out of 5, in tenths (45 = 4.5) to stay an integer.
    ratingTenths: smallint('rating_tenths'),
    isVerified: boolean('is_verified').notNull().default(false),
    googlePlaceId: text('google_place_id'),
    introSentAt: timestamp('intro_sent_at', { withTimezone: true }),
    unsubscribedAt: timestamp('unsubscribed_at', { withTimezone: true }),
    stripeAccountId: text('stripe_account_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('repairers_google_place_id_key').on(t.googlePlaceId),
    index('repairers_verified_idx').on(t.isVerified),
  ],
);

export const emailCollectionResults = pgTable('email_collection_results', {
  id: serial('id').primaryKey(),
  repairerId: integer('repairer_id')
    .notNull()
    .references(() => repairers.id, { onDelete: 'cascade' }),
  success: boolean('success').notNull(),
  email: text('email'),
  sourceUrl: text('source_url'),
  error: text('error'),
  createdAt: createdAt(),
});
