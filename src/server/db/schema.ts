// The whole domain of SPEC section 3, so later work extends it rather than reinventing it.
// Money is integer pence (D5); instants are timestamptz (`...At`); calendar days are dates
// in Europe/London (`...Date`).
import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

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

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    name: text('name').notNull(),
    passwordHash: text('password_hash').notNull(),
    role: text('role', { enum: ['admin', 'repairer'] }).notNull(),
    repairerId: integer('repairer_id').references(() => repairers.id, { onDelete: 'cascade' }),
    lastSignInAt: timestamp('last_sign_in_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('users_email_key').on(t.email)],
);

export const sessions = pgTable(
  'sessions',
  {
    // SHA-256 of the cookie token: a leaked table does not yield usable sessions.
    idHash: text('id_hash').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    userAgent: text('user_agent'),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

export const assessments = pgTable(
  'assessments',
  {
    id: serial('id').primaryKey(),
    reference: text('reference').notNull(),
    idempotencyKey: text('idempotency_key'),
    status: text('status').notNull().default('submitted'),
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
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('assessments_reference_key').on(t.reference),
    uniqueIndex('assessments_idempotency_key').on(t.idempotencyKey),
  ],
);

// D10: a customer's access grant to one assessment (and its quote, booking and photos). The
// token is in a cookie and in e-mailed links; only its hash is stored. An assessment may
// have several (a retried submission from a browser that never got the first cookie).
export const customerGrants = pgTable(
  'customer_grants',
  {
    id: serial('id').primaryKey(),
    tokenHash: text('token_hash').notNull(),
    assessmentId: integer('assessment_id')
      .notNull()
      .references(() => assessments.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('customer_grants_token_hash_key').on(t.tokenHash), index('customer_grants_assessment_idx').on(t.assessmentId)],
);

export const assessmentImages = pgTable(
  'assessment_images',
  {
    id: serial('id').primaryKey(),
    assessmentId: integer('assessment_id')
      .notNull()
      .references(() => assessments.id, { onDelete: 'cascade' }),
    position: smallint('position').notNull(),
    sourceType: text('source_type').notNull(),
    contentType: text('content_type').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    displayKey: text('display_key').notNull(),
    displayBytes: integer('display_bytes').notNull(),
    thumbKey: text('thumb_key').notNull(),
    thumbBytes: integer('thumb_bytes').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('assessment_images_assessment_idx').on(t.assessmentId)],
);

export const quotes = pgTable(
  'quotes',
  {
    id: serial('id').primaryKey(),
    assessmentId: integer('assessment_id')
      .notNull()
      .references(() => assessments.id, { onDelete: 'cascade' }),
    laborPence: integer('labor_pence').notNull(),
    partsPence: integer('parts_pence').notNull(),
    materialsPence: integer('materials_pence').notNull().default(0),
    feePence: integer('fee_pence').notNull(),
    vatPence: integer('vat_pence').notNull(),
    repairerPaymentPence: integer('repairer_payment_pence').notNull(),
    totalPence: integer('total_pence').notNull(),
    estimatedHours: integer('estimated_hours'),
    estimatedDays: integer('estimated_days').notNull(),
    validUntilDate: date('valid_until_date').notNull(),
    warrantyMonths: smallint('warranty_months').notNull().default(12),
    // pending (awaiting admin review) → approved (sent to the customer) → accepted → paid.
    status: text('status').notNull().default('pending'),
    // unassigned → sent (to repairers) → assigned (a repairer accepted, D16).
    assignmentStatus: text('assignment_status').notNull().default('unassigned'),
    assignedRepairerId: integer('assigned_repairer_id').references(() => repairers.id),
    approvedAt: timestamp('approved_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('quotes_assessment_key').on(t.assessmentId)],
);

export const quoteItems = pgTable(
  'quote_items',
  {
    id: serial('id').primaryKey(),
    quoteId: integer('quote_id')
      .notNull()
      .references(() => quotes.id, { onDelete: 'cascade' }),
    position: smallint('position').notNull(),
    description: text('description').notNull(),
    costPence: integer('cost_pence').notNull(),
  },
  (t) => [index('quote_items_quote_idx').on(t.quoteId)],
);

export const quoteModificationRequests = pgTable('quote_modification_requests', {
  id: serial('id').primaryKey(),
  quoteId: integer('quote_id')
    .notNull()
    .references(() => quotes.id, { onDelete: 'cascade' }),
  message: text('message').notNull(),
  createdAt: createdAt(),
});

// D15: a slot's capacity and how much of it is taken; booking is a guarded UPDATE.
export const slotCapacity = pgTable(
  'slot_capacity',
  {
    slotDate: date('slot_date').notNull(),
    timeSlot: text('time_slot').notNull(),
    capacity: integer('capacity').notNull(),
    taken: integer('taken').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.slotDate, t.timeSlot] })],
);

export const appointments = pgTable(
  'appointments',
  {
    id: serial('id').primaryKey(),
    quoteId: integer('quote_id')
      .notNull()
      .references(() => quotes.id, { onDelete: 'cascade' }),
    appointmentDate: date('appointment_date').notNull(),
    timeSlot: text('time_slot').notNull(),
    // held (30 minutes, D13) → confirmed (paid) → completed | cancelled | expired.
    status: text('status').notNull().default('held'),
    holdExpiresAt: timestamp('hold_expires_at', { withTimezone: true }),
    notes: text('notes').notNull().default(''),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('appointments_quote_idx').on(t.quoteId)],
);

export const payments = pgTable(
  'payments',
  {
    id: serial('id').primaryKey(),
    quoteId: integer('quote_id')
      .notNull()
      .references(() => quotes.id),
    appointmentId: integer('appointment_id').references(() => appointments.id),
    provider: text('provider', { enum: ['stripe', 'test'] }).notNull(),
    providerRef: text('provider_ref').notNull(),
    amountPence: integer('amount_pence').notNull(),
    currency: text('currency').notNull().default('gbp'),
    status: text('status').notNull(),
    refundedPence: integer('refunded_pence').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('payments_provider_ref_key').on(t.provider, t.providerRef)],
);

// D14: the repairer's share, released when the job is done and confirmed.
export const payouts = pgTable('payouts', {
  id: serial('id').primaryKey(),
  paymentId: integer('payment_id')
    .notNull()
    .references(() => payments.id),
  repairerId: integer('repairer_id')
    .notNull()
    .references(() => repairers.id),
  amountPence: integer('amount_pence').notNull(),
  status: text('status').notNull().default('held'),
  releaseAfterAt: timestamp('release_after_at', { withTimezone: true }),
  providerRef: text('provider_ref'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

// D6: a warranty record per completed job.
export const warranties = pgTable('warranties', {
  id: serial('id').primaryKey(),
  appointmentId: integer('appointment_id')
    .notNull()
    .references(() => appointments.id),
  repairerId: integer('repairer_id')
    .notNull()
    .references(() => repairers.id),
  startsDate: date('starts_date').notNull(),
  endsDate: date('ends_date').notNull(),
  createdAt: createdAt(),
});

export const jobNotifications = pgTable(
  'job_notifications',
  {
    id: serial('id').primaryKey(),
    quoteId: integer('quote_id')
      .notNull()
      .references(() => quotes.id, { onDelete: 'cascade' }),
    repairerId: integer('repairer_id')
      .notNull()
      .references(() => repairers.id, { onDelete: 'cascade' }),
    // sent → viewed → accepted | declined | expired (D16).
    status: text('status').notNull().default('sent'),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    respondedAt: timestamp('responded_at', { withTimezone: true }),
    declineReason: text('decline_reason'),
  },
  (t) => [
    uniqueIndex('job_notifications_quote_repairer_key').on(t.quoteId, t.repairerId),
    index('job_notifications_repairer_idx').on(t.repairerId, t.status),
  ],
);

// Every e-mail goes through here first (ARCHITECTURE: outbox, sent with retries).
export const outboxEmails = pgTable(
  'outbox_emails',
  {
    id: serial('id').primaryKey(),
    kind: text('kind').notNull(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body'),
    headers: jsonb('headers').$type<Record<string, string>>().notNull().default(sql`'{}'::jsonb`),
    // pending → sent | logged (no SMTP configured) | failed (gave up after retries)
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    createdAt: createdAt(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [index('outbox_emails_status_idx').on(t.status)],
);

export const unsubscribes = pgTable('unsubscribes', {
  email: text('email').primaryKey(),
  createdAt: createdAt(),
});

// Fixed-window counters shared by every app instance (sign-in throttling and the like).
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull(),
  count: integer('count').notNull(),
});

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
