// A payment owns the fact "paid" (docs/decisions/0004-lifecycles.md): a booking is paid when
// its payment has succeeded and not been refunded. Nothing else stores it.
import { defineLifecycle } from './lifecycle';

export const paymentLifecycle = defineLifecycle({
  entity: 'payment',
  noun: 'payment',
  table: 'payments',
  statuses: ['requires_payment', 'succeeded', 'failed', 'cancelled', 'refunded'],
  initial: 'requires_payment',
  describe: {
    requires_payment: 'has not been made yet',
    succeeded: 'has already been taken',
    failed: 'did not go through',
    cancelled: 'was cancelled',
    refunded: 'has already been refunded',
  },
  transitions: {
    // A declined card may be retried on the same intent (one intent per booking).
    succeed: { from: ['requires_payment', 'failed'], to: 'succeeded', done: 'taken' },
    fail: { from: ['requires_payment', 'failed'], to: 'failed', done: 'marked as failed' },
    // The hold lapsed or was cancelled before anything was charged.
    cancel: { from: ['requires_payment', 'failed'], to: 'cancelled', done: 'cancelled' },
    refund: { from: ['succeeded'], to: 'refunded', done: 'refunded' },
  },
});

export type PaymentStatus = (typeof paymentLifecycle.statuses)[number];

/** The one definition of "paid" (D14): money taken and not given back. */
export function isPaid(payment: { status: string } | null | undefined): boolean {
  return payment?.status === 'succeeded';
}
