// Booking: slot capacity, appointments and the warranty of a completed job (D6, D13, D15).
import { date, index, integer, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt, oneOf } from './columns';
import { appointmentLifecycle } from '../../../shared/lifecycles/appointment';
import { quotes } from './quotes';
import { repairers } from './repairers';

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
    // The appointment lifecycle (src/shared/lifecycles/appointment.ts): held for 30 minutes (D13).
    status: text('status', { enum: appointmentLifecycle.statuses }).notNull().default(appointmentLifecycle.initial),
    holdExpiresAt: timestamp('hold_expires_at', { withTimezone: true }),
    notes: text('notes').notNull().default(''),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('appointments_quote_idx').on(t.quoteId), oneOf('appointments_status_check', t.status, appointmentLifecycle.statuses)],
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
});
