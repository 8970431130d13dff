// The repairer's share of a paid booking (D14): owed from payment, released when the job is
// done and the customer confirms (or 72 hours pass without a report), held while a problem
// the customer reported is looked at, and void when the booking is cancelled and refunded, or when
// the team refunds the customer after a reported problem it could not put right.
// With Stripe, a release first claims the share (`send`: sending) in a short transaction of its
// own, then asks Stripe for the transfer with no transaction open, then records it (`release`);
// a share Stripe refused goes back (`unsend`), and one whose sender died or got no answer is
// taken over (`resume`) by the next run, which asks Stripe what it did before paying; one whose
// earlier transfer was reversed at Stripe is held back (`withhold`) for an admin to release, not
// paid again by the job; and one already released goes back on hold (`reverse`) when Stripe
// reports its transfer reversed afterwards (docs/decisions/0013-completion-and-payouts.md).
import { defineLifecycle } from './lifecycle';

export const payoutLifecycle = defineLifecycle({
  entity: 'payout',
  noun: 'payout',
  table: 'payouts',
  statuses: ['owed', 'held', 'sending', 'released', 'void'],
  initial: 'owed',
  describe: {
    owed: 'is owed and not yet released',
    held: 'is on hold for the team to look at (a reported problem, or a transfer reversed at Stripe)',
    sending: 'is being sent to the technician through Stripe',
    released: 'has already been released',
    void: 'was cancelled: its booking was cancelled, or its customer refunded after a reported problem',
  },
  transitions: {
    hold: { from: ['owed'], to: 'held', done: 'put on hold' },
    send: { from: ['owed', 'held'], to: 'sending', done: 'sent' },
    resume: { from: ['sending'], done: 'taken over' },
    unsend: { from: ['sending'], to: 'owed', done: 'given back' },
    withhold: { from: ['sending'], to: 'held', done: 'held back' },
    reverse: { from: ['released'], to: 'held', done: 'put back on hold' },
    release: { from: ['owed', 'held', 'sending'], to: 'released', done: 'released' },
    void: { from: ['owed', 'held'], to: 'void', done: 'cancelled' },
  },
});

export type PayoutStatus = (typeof payoutLifecycle.statuses)[number];
