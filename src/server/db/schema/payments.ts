// Money taken from customers and owed to repairers (D14).
import { boolean, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
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
    // What checkout hands the card form: Stripe's client secret, or the test-mode provider's.
    clientSecret: text('client_secret').notNull(),
    // D14: the customer asked, with the unticked box, that the repair may start within the
    // 14-day cancellation period (required for a slot inside it).
    startWithinCancellationPeriod: boolean('start_within_cancellation_period').notNull().default(false),
    // The provider's sentence for the last refused card (SPEC's 'Payment Failed').
    failureMessage: text('failure_message'),
    // The provider's time of the last event applied: older events arriving late are ignored.
    lastEventAt: timestamp('last_event_at', { withTimezone: true }),
    refundRef: text('refund_ref'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('payments_provider_ref_key').on(t.provider, t.providerRef),
    // One intent per booking: a second create-payment-intent answers the same one.
    uniqueIndex('payments_appointment_key').on(t.appointmentId),
    uniqueIndex('payments_client_secret_key').on(t.clientSecret),
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
    // Null until a repairer accepts the job (issue 12 fills it in); the share is owed from payment.
    repairerId: integer('repairer_id').references(() => repairers.id),
    amountPence: integer('amount_pence').notNull(),
    status: text('status', { enum: payoutLifecycle.statuses }).notNull().default(payoutLifecycle.initial),
    releaseAfterAt: timestamp('release_after_at', { withTimezone: true }),
    // While `sending`: when the sender claimed it, and the claim's token (only its holder gives
    // it back or lets go of it); null once a sender got no answer from Stripe and let go, so the
    // next run takes it over at once. A claim older than the lease (payouts.ts) is taken over too.
    sendingAt: timestamp('sending_at', { withTimezone: true }),
    // When it was first claimed (owed or held → sending): a takeover re-stamps sendingAt, not this,
    // so admins see how long a payout has been waiting for Stripe. Meaningful only while sending.
    sendingSince: timestamp('sending_since', { withTimezone: true }),
    // When the share was released: a Stripe Connect transfer (providerRef tr_…) or, without
    // Stripe, this ledger entry itself (providerRef ledger:…).
    releasedAt: timestamp('released_at', { withTimezone: true }),
    providerRef: text('provider_ref'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  // repairer_id: the repairer's profile adds up their shares (paid, to be paid, on hold).
  (t) => [oneOf('payouts_status_check', t.status, payoutLifecycle.statuses), uniqueIndex('payouts_payment_key').on(t.paymentId), index('payouts_repairer_idx').on(t.repairerId)],
);

// Each Stripe webhook event is applied once: a replayed delivery finds its id here.
export const stripeEvents = pgTable('stripe_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});
