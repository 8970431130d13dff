// The repairer's share of a paid booking (D14): owed from payment, released when the job is
// done and the customer confirms (or 72 hours pass without a report), held while a problem
// the customer reported is looked at, and void when the booking is cancelled and refunded.
import { defineLifecycle } from './lifecycle';

export const payoutLifecycle = defineLifecycle({
  entity: 'payout',
  noun: 'payout',
  table: 'payouts',
  statuses: ['owed', 'held', 'released', 'void'],
  initial: 'owed',
  describe: {
    owed: 'is owed and not yet released',
    held: 'is on hold while a reported problem is looked at',
    released: 'has already been released',
    void: 'was cancelled with its booking',
  },
  transitions: {
    hold: { from: ['owed'], to: 'held', done: 'put on hold' },
    release: { from: ['owed', 'held'], to: 'released', done: 'released' },
    void: { from: ['owed', 'held'], to: 'void', done: 'cancelled' },
  },
});

export type PayoutStatus = (typeof payoutLifecycle.statuses)[number];
