// Money taken from customers and owed to repairers (D14).
import { integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns';
import { quotes } from './quotes';
import { appointments } from './bookings';
import { repairers } from './repairers';

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
