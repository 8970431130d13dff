// A customer's damage assessment and its photos (SPEC section 3, Assessment).
import { sql } from 'drizzle-orm';
import { doublePrecision, index, integer, jsonb, pgTable, serial, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt, oneOf, photoFileColumns } from './columns';
import { assessmentLifecycle } from '../../../shared/lifecycles/assessment';

export const assessments = pgTable(
  'assessments',
  {
    id: serial('id').primaryKey(),
    reference: text('reference').notNull(),
    idempotencyKey: text('idempotency_key'),
    status: text('status', { enum: assessmentLifecycle.statuses }).notNull().default(assessmentLifecycle.initial),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull(),
    address: text('address').notNull(),
    city: text('city').notNull(),
    county: text('county').notNull(),
    postcode: text('postcode').notNull(),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    vehicleMake: text('vehicle_make').notNull(),
    vehicleModel: text('vehicle_model').notNull(),
    vehicleYear: smallint('vehicle_year').notNull(),
    vehicleRegistration: text('vehicle_registration'),
    damageType: text('damage_type').notNull(),
    damageLocations: jsonb('damage_locations').$type<string[]>().notNull(),
    damageDescription: text('damage_description').notNull(),
    // Issue 14: the customer's personal details and photos were erased (on request, or by the
    // retention job); the record stays, anonymised, for the financial records the law requires.
    erasedAt: timestamp('erased_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('assessments_reference_key').on(t.reference),
    uniqueIndex('assessments_idempotency_key').on(t.idempotencyKey),
    oneOf('assessments_status_check', t.status, assessmentLifecycle.statuses),
    // The admin's enquiry search (issue 10): case-insensitive prefix matches (LIKE 'x%') on
    // lower(...) use these btree indexes; newest first for the unfiltered list.
    index('assessments_created_idx').on(t.createdAt, t.id),
    // A customer's availability (booking/slots/customer-availability.ts): the open bookings whose
    // customers are near, by a latitude/longitude box as the repairers' location index; the few
    // enquiries without a saved point (their district's centre stands in) through the partial one.
    index('assessments_location_idx').on(t.latitude, t.longitude),
    index('assessments_unplaced_idx')
      .on(t.id)
      .where(sql`${t.latitude} IS NULL OR ${t.longitude} IS NULL`),
    index('assessments_reference_search_idx').on(sql`lower(${t.reference}) text_pattern_ops`),
    index('assessments_name_search_idx').on(sql`lower(${t.name}) text_pattern_ops`),
    // The surname, roughly: the name's last word (searching 'patel' finds 'Priya Patel').
    index('assessments_last_name_search_idx').on(sql`lower(regexp_replace(${t.name}, '^.* ', '')) text_pattern_ops`),
    index('assessments_email_search_idx').on(sql`lower(${t.email}) text_pattern_ops`),
    index('assessments_postcode_search_idx').on(sql`lower(replace(${t.postcode}, ' ', '')) text_pattern_ops`),
  ],
);

export const assessmentImages = pgTable(
  'assessment_images',
  {
    id: serial('id').primaryKey(),
    assessmentId: integer('assessment_id')
      .notNull()
      .references(() => assessments.id, { onDelete: 'cascade' }),
    position: smallint('position').notNull(),
    // 'damage' (the customer's photos) or 'after' (the repairer's photos of the finished job).
    kind: text('kind', { enum: ['damage', 'after'] }).notNull().default('damage'),
    sourceType: text('source_type').notNull(),
    ...photoFileColumns(),
    createdAt: createdAt(),
  },
  (t) => [index('assessment_images_assessment_idx').on(t.assessmentId), oneOf('assessment_images_kind_check', t.kind, ['damage', 'after'])],
);
