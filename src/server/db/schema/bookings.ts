// Booking: slot capacity, appointments and the warranty of a completed job (D6, D13, D15).
import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, pgTable, primaryKey, serial, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt, oneOf } from './columns';
import { appointmentLifecycle, LIVE_APPOINTMENT_STATUSES } from '../../../shared/lifecycles/appointment';
import { timeSlots } from '../../../shared/calendar';
import { REVIEW_HIDE_REASONS } from '../../../shared/api/reviews';
import { quotes } from './quotes';
import { repairers } from './repairers';

// D15, docs/decisions/0008-booking-capacity.md: a slot's capacity and how much of it is taken.
// A row exists once a slot is booked or an admin touched it; a missing row is an open slot of
// SLOT_CAPACITY places, nothing taken. Taking a place is one guarded upsert (bookings.repo.ts);
// the CHECK is the backstop the database enforces whatever the application does.
// `capacity` is the admin's override when `overridden`, otherwise the SLOT_CAPACITY in force
// when a place was last taken. Closing a day is its own flag, never capacity 0, so closing
// never conflicts with bookings already made.
export const slotCapacity = pgTable(
  'slot_capacity',
  {
    slotDate: date('slot_date').notNull(),
    timeSlot: text('time_slot', { enum: timeSlots }).notNull(),
    capacity: integer('capacity').notNull(),
    taken: integer('taken').notNull().default(0),
    overridden: boolean('overridden').notNull().default(false),
    closed: boolean('closed').notNull().default(false),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.slotDate, t.timeSlot] }),
    check('slot_capacity_taken_check', sql`${t.taken} >= 0 AND ${t.taken} <= ${t.capacity}`),
    oneOf('slot_capacity_time_slot_check', t.timeSlot, timeSlots),
  ],
);

// Issue 35 item 7, docs/decisions/0028 ("The stored matching"): the technician the slot's
// matching gives each open booking (held, or paid and waiting for a technician), one row per
// quote (a quote has at most one live booking). Written only by whoever holds the slot's row
// in slot_capacity (a claim, a release, an accept, a take-back, an availability change), so
// the rows of one slot always form one matching: every technician has no more of them, plus
// the jobs they hold, than their places. A row whose technician is null is a booking the
// matching could not place (the team's to see); a repairer deleted leaves theirs null.
// The row counts only while its booking is open in that same slot: a lapsed, cancelled,
// assigned or moved booking's row is ignored, whatever it says.
export const slotReservations = pgTable(
  'slot_reservations',
  {
    quoteId: integer('quote_id')
      .primaryKey()
      .references(() => quotes.id, { onDelete: 'cascade' }),
    slotDate: date('slot_date').notNull(),
    timeSlot: text('time_slot', { enum: timeSlots }).notNull(),
    repairerId: integer('repairer_id').references(() => repairers.id, { onDelete: 'set null' }),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('slot_reservations_repairer_idx').on(t.repairerId, t.slotDate, t.timeSlot),
    index('slot_reservations_unplaced_idx').on(t.slotDate, t.timeSlot).where(sql`${t.repairerId} IS NULL`),
    oneOf('slot_reservations_time_slot_check', t.timeSlot, timeSlots),
  ],
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
    // The appointment lifecycle (src/shared/lifecycles/appointment.ts): held for 30 minutes (D13).
    status: text('status', { enum: appointmentLifecycle.statuses }).notNull().default(appointmentLifecycle.initial),
    holdExpiresAt: timestamp('hold_expires_at', { withTimezone: true }),
    notes: text('notes').notNull().default(''),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    // After the repairer marks the job done (issue 12, D14): the customer confirms the repair,
    // or reports a problem, which holds the repairer's payout until an admin looks at it.
    customerConfirmedAt: timestamp('customer_confirmed_at', { withTimezone: true }),
    problemReportedAt: timestamp('problem_reported_at', { withTimezone: true }),
    problemReport: text('problem_report'),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    // The reminder 24 hours before the slot is sent once: set in the statement that queues it.
    reminderSentAt: timestamp('reminder_sent_at', { withTimezone: true }),
    // Issue 38: the customer ticked "text me about this booking" when booking (unticked by default):
    // when. Null: no texts, whatever number they gave.
    smsConsentAt: timestamp('sms_consent_at', { withTimezone: true }),
    // Issue 38 item 3: on the job's day the technician says they are on the way, arriving around
    // this London time ('10:15', a 15-minute step inside the slot); once more if they run late.
    arrivalEstimate: text('arrival_estimate'),
    arrivalAnnouncedAt: timestamp('arrival_announced_at', { withTimezone: true }),
    // How often they have said so: 1 on the way, 2 updated once (the most).
    arrivalAnnouncements: integer('arrival_announcements').notNull().default(0),
    // The first name the customer is told ('Sam is on the way'), of the technician who said so.
    arrivalBy: text('arrival_by'),
    // Issue 35 item 4 (docs/decisions/0027): a paid booking no technician has taken. The team is
    // e-mailed once each time it falls back to nobody (an offer sent since makes it news again);
    // the customer is told once, 24 hours before the slot, and offered another slot or a refund.
    teamToldUnassignedAt: timestamp('team_told_unassigned_at', { withTimezone: true }),
    customerToldUnassignedAt: timestamp('customer_told_unassigned_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('appointments_quote_idx').on(t.quoteId),
    oneOf('appointments_status_check', t.status, appointmentLifecycle.statuses),
    oneOf('appointments_time_slot_check', t.timeSlot, timeSlots),
    // A quote has at most one live booking (held, confirmed or assigned): a second concurrent
    // hold for the same quote fails here rather than taking a second place.
    uniqueIndex('appointments_quote_live_key')
      .on(t.quoteId)
      .where(sql`${t.status} IN (${sql.raw(LIVE_APPOINTMENT_STATUSES.map((s) => `'${s}'`).join(', '))})`),
    // Issue 35: the live bookings of a slot (who is booked then, and which technician holds what).
    index('appointments_live_slot_idx')
      .on(t.appointmentDate, t.timeSlot)
      .where(sql`${t.status} IN (${sql.raw(LIVE_APPOINTMENT_STATUSES.map((s) => `'${s}'`).join(', '))})`),
    // The lapse sweep: holds by expiry.
    index('appointments_held_expiry_idx')
      .on(t.holdExpiresAt)
      .where(sql`${t.status} = 'held'`),
  ],
);

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
}, (t) => [
  // Issue 37 item 3: a technician's completed repairs are counted on every appointment page they are booked on.
  index('warranties_repairer_idx').on(t.repairerId),
]);

// A review the customer leaves once their repair is completed: one per appointment; the
// repairer's rating is the mean of theirs (issue 12). Issue 37: every review is shown publicly
// unless the team hid it, only for a stated reason (docs/decisions/0034-verified-reviews-shown.md).
export const repairerReviews = pgTable(
  'repairer_reviews',
  {
    id: serial('id').primaryKey(),
    appointmentId: integer('appointment_id')
      .notNull()
      .references(() => appointments.id, { onDelete: 'cascade' }),
    repairerId: integer('repairer_id')
      .notNull()
      .references(() => repairers.id, { onDelete: 'cascade' }),
    rating: smallint('rating').notNull(),
    comment: text('comment').notNull().default(''),
    createdAt: createdAt(),
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
    hiddenReason: text('hidden_reason', { enum: REVIEW_HIDE_REASONS }),
    // The team member's e-mail, copied as the audit log copies it.
    hiddenBy: text('hidden_by'),
  },
  (t) => [
    uniqueIndex('repairer_reviews_appointment_key').on(t.appointmentId),
    index('repairer_reviews_repairer_idx').on(t.repairerId),
    // The public list, newest first.
    index('repairer_reviews_created_idx').on(t.createdAt, t.id),
    check('repairer_reviews_rating_check', sql`${t.rating} BETWEEN 1 AND 5`),
    check('repairer_reviews_hidden_reason_check', sql`${t.hiddenReason} IN (${sql.raw(REVIEW_HIDE_REASONS.map((r) => `'${r}'`).join(', '))})`),
    check('repairer_reviews_hidden_check', sql`(${t.hiddenAt} IS NULL) = (${t.hiddenReason} IS NULL)`),
  ],
);
