// Money taken from customers and owed to repairers (D14).
import { integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt, oneOf } from './columns';
import { paymentLifecycle } from '../../../shared/lifecycles/payment';
import { payoutLifecycle } from '../../../shared/lifecycles/payout';
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
    // The payment lifecycle (src/shared/lifecycles/payment.ts): the one place "paid" is stored.
    status: text('status', { enum: paymentLifecycle.statuses }).notNull().default(paymentLifecycle.initial),
    refundedPence: integer('refunded_pence').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('payments_provider_ref_key').on(t.provider, t.providerRef),
    oneOf('payments_status_check', t.status, paymentLifecycle.statuses),
  ],
);

// D14: the repairer's share, released when the job is done and confirmed.
export const payouts = pgTable(
  'payouts',
  {
    id: serial('id').primaryKey(),
    paymentId: integer('payment_id')
      .notNull()
      .references(() => payments.id),
    repairerId: integer('repairer_id')
      .notNull()
      .references(() => repairers.id),
    amountPence: integer('amount_pence').notNull(),
    status: text('status', { enum: payoutLifecycle.statuses }).notNull().default(payoutLifecycle.initial),
    releaseAfterAt: timestamp('release_after_at', { withTimezone: true }),
    providerRef: text('provider_ref'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [oneOf('payouts_status_check', t.status, payoutLifecycle.statuses)],
);
