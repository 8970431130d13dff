// A quote (D12): drafted from the price list as `pending`, reviewed and approved by an admin,
// revised while the customer has not booked, and `booked` once a booking for it is paid. Erasing
// the enquiry (docs/decisions/0019) `withdraw`s a quote not booked: there is nobody left to quote
// for, so it is no longer work waiting on the admin's desk.
// Expiry is not a status: it is derived from the valid-until date by isQuoteExpired, on
// the server and in the browser alike, so it can never disagree with the date.
import { isCalendarDate } from '../calendar-date';
import { londonDateOf } from '../london-time';
import { defineLifecycle } from './lifecycle';

export const quoteLifecycle = defineLifecycle({
  entity: 'quote',
  noun: 'quote',
  table: 'quotes',
  statuses: ['pending', 'approved', 'booked', 'withdrawn'],
  initial: 'pending',
  describe: {
    pending: 'is still awaiting review by our team',
    approved: 'has already been approved',
    booked: 'has already been booked',
    withdrawn: 'was withdrawn when its customer’s details were erased',
  },
  transitions: {
    approve: { from: ['pending'], to: 'approved', done: 'approved' },
    // An admin changes the figures; an approved quote stays approved and the customer is told again.
    revise: { from: ['pending', 'approved'], done: 'changed' },
    // In the same transaction as the appointment's `confirm` (its payment succeeded).
    book: { from: ['approved'], to: 'booked', done: 'booked' },
    // Its booking was cancelled (and refunded): the customer may book it again.
    reopen: { from: ['booked'], to: 'approved', done: 'reopened' },
    // In the erasure's transaction: a booked quote stays booked (the record of a paid job).
    withdraw: { from: ['pending', 'approved'], to: 'withdrawn', done: 'withdrawn' },
  },
});

export type QuoteStatus = (typeof quoteLifecycle.statuses)[number];

/** The statuses in which the customer may see their quote (D12: after an admin approves it). */
export const CUSTOMER_VISIBLE_QUOTE_STATUSES: ReadonlySet<QuoteStatus> = new Set<QuoteStatus>(['approved', 'booked']);

/** True once the quote's valid-until day (Europe/London) has passed: it is valid through that whole day. */
export function isQuoteExpired(validUntilDate: string, now: Date): boolean {
  if (!isCalendarDate(validUntilDate)) throw new RangeError(`Expected a date as YYYY-MM-DD, got ${JSON.stringify(validUntilDate)}`);
  return validUntilDate < londonDateOf(now);
}

/** A customer may book an approved quote that has not expired. */
export function isQuoteBookable(quote: { status: string; validUntil: string }, now: Date): boolean {
  return quote.status === 'approved' && !isQuoteExpired(quote.validUntil, now);
}
