// Repairers: the network of independent technicians (SPEC section 3, Repairer) and what
// the network-growth work learns about them.
import { sql } from 'drizzle-orm';
import { boolean, check, date, doublePrecision, index, integer, jsonb, pgTable, serial, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, photoFileColumns, updatedAt } from './columns';

export const repairers = pgTable(
  'repairers',
  {
    id: serial('id').primaryKey(),
    businessName: text('business_name').notNull(),
    contactName: text('contact_name'),
    email: text('email'),
    emailSource: text('email_source'),
    // Where a collected address was found (D18: the page) and when (issue 13).
    emailSourceUrl: text('email_source_url'),
    emailCollectedAt: timestamp('email_collected_at', { withTimezone: true }),
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
    // Stripe Connect onboarding finished (details submitted, transfers possible): required
    // before accepting paid jobs when Stripe is configured (issue 12).
    stripeOnboardedAt: timestamp('stripe_onboarded_at', { withTimezone: true }),
    // Issue 35: the weekday halves they work, one bit each (src/server/modules/repairer-availability/
    // weekly-halves.ts: bit 2 × (ISO weekday − 1), + 1 for the afternoon); 1023 is Monday–Friday, both.
    weeklyHalves: smallint('weekly_halves').notNull().default(1023),
    // How many jobs they take in one slot (1–10, shared/api/repairer-availability.ts).
    jobsPerSlot: smallint('jobs_per_slot').notNull().default(1),
    // Issue 35 item 5: a technician's own application from /technicians (null: added another way).
    appliedAt: timestamp('applied_at', { withTimezone: true }),
    yearsExperience: smallint('years_experience'),
    // Public liability insurance, as the technician gave it (or the team entered it when it saw the policy).
    insurer: text('insurer'),
    insurancePolicyNumber: text('insurance_policy_number'),
    insuranceExpiryDate: date('insurance_expiry_date'),
    // The vetting checklist (docs/decisions/0025-vetting-and-insurance.md): when each check was
    // recorded and by whom (the team member's e-mail); only a repairer with all three is verified.
    insuranceCheckedAt: timestamp('insurance_checked_at', { withTimezone: true }),
    insuranceCheckedBy: text('insurance_checked_by'),
    identityCheckedAt: timestamp('identity_checked_at', { withTimezone: true }),
    identityCheckedBy: text('identity_checked_by'),
    identityNote: text('identity_note'),
    skillsAssessedAt: timestamp('skills_assessed_at', { withTimezone: true }),
    skillsAssessedBy: text('skills_assessed_by'),
    skillsNote: text('skills_note'),
    // The insurance notices already sent, by the expiry date they were about: the daily job sends
    // each once, and a policy renewed with a new date is watched afresh.
    insuranceWarnedForDate: date('insurance_warned_for_date'),
    insuranceLapsedForDate: date('insurance_lapsed_for_date'),
    // Issue 37: the opaque part of the public profile's address (/technicians/{name}-{publicId}),
    // random so that profiles cannot be enumerated by counting (D10).
    publicId: text('public_id')
      .notNull()
      .default(sql`substr(md5(random()::text || clock_timestamp()::text), 1, 12)`),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('repairers_google_place_id_key').on(t.googlePlaceId),
    uniqueIndex('repairers_public_id_key').on(t.publicId),
    index('repairers_verified_idx').on(t.isVerified),
    // Nearby search (D16): a latitude/longitude box prunes through this btree before the exact
    // distance (../shared/DEPENDENCY-NOTES.md: 1–2 ms on the server, 3–6 ms on PGlite for 20,000).
    index('repairers_location_idx').on(t.latitude, t.longitude),
    check('repairers_weekly_halves_check', sql`${t.weeklyHalves} BETWEEN 0 AND 16383`),
    check('repairers_jobs_per_slot_check', sql`${t.jobsPerSlot} BETWEEN 1 AND 10`),
    check('repairers_years_experience_check', sql`${t.yearsExperience} BETWEEN 0 AND 80`),
    index('repairers_insurance_expiry_idx').on(t.insuranceExpiryDate),
  ],
);

// Issue 37 item 3: the photo a technician chose to show customers who book them (at most one).
// It went through the customers' photo pipeline (re-encoded, metadata stripped); its files sit under
// photos/ so the orphan sweeper knows them, and its token, new with every photo, is the public
// address (GET /api/technician-photos/{token}): unguessable, and cacheable for ever
// (docs/decisions/0035-who-is-coming.md).
export const repairerPhotos = pgTable(
  'repairer_photos',
  {
    repairerId: integer('repairer_id')
      .primaryKey()
      .references(() => repairers.id, { onDelete: 'cascade' }),
    token: text('token').notNull(),
    ...photoFileColumns(),
    thumbWidth: integer('thumb_width').notNull(),
    thumbHeight: integer('thumb_height').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('repairer_photos_token_key').on(t.token)],
);

// Issue 35: a technician's time off, a period of whole London days (first and last day
// included). Periods of one technician never overlap: the PUT that replaces them checks, with
// the technician's row locked, so two saves take turns.
export const repairerTimeOff = pgTable(
  'repairer_time_off',
  {
    id: serial('id').primaryKey(),
    repairerId: integer('repairer_id')
      .notNull()
      .references(() => repairers.id, { onDelete: 'cascade' }),
    fromDate: date('from_date').notNull(),
    toDate: date('to_date').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('repairer_time_off_repairer_idx').on(t.repairerId, t.toDate), check('repairer_time_off_order_check', sql`${t.fromDate} <= ${t.toDate}`)],
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

// An admin's invitation to a repairer to create their account: a single-use link, valid 7
// days. Only the SHA-256 of the token is stored (as for sessions and grants).
export const repairerInvitations = pgTable(
  'repairer_invitations',
  {
    id: serial('id').primaryKey(),
    repairerId: integer('repairer_id')
      .notNull()
      .references(() => repairers.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('repairer_invitations_token_key').on(t.tokenHash), index('repairer_invitations_repairer_idx').on(t.repairerId)],
);
