// Claiming a technician's place with a hold, a reschedule or a payment into a slot (issue 35
// item 2, docs/decisions/0028). Exact under any concurrency on both engines because every claim
// on a slot first takes the slot's row in slot_capacity (takePlace's upsert locks it until
// commit, or waits for whoever holds it) and the slot's matching lock, and only then reads the
// slot's stored matching and searches it for an augmenting path (stored-matching.ts, 0028). Under READ COMMITTED each statement after the
// lock sees every claim committed before it, so two claims on one slot never both count the
// same free place. Claims on different slots never wait on each other: a technician's places
// are counted per slot.
import type { TimeSlot } from '../../../../shared/calendar';
import type { Db } from '../../../db/database';
import { conflict } from '../../../kernel/errors';
import { SLOT_TAKEN_MESSAGE } from '../slots/capacity.repo';
import { openSlotsFor } from '../slots/customer-availability';
import { slotKey, type Customer } from '../slots/eligibility.repo';
import { customerOfQuote } from '../slots/customer-availability.repo';
import { claimStored, stillPlaced } from '../slots/stored-matching';

/**
 * Whether the quote's customer can have a technician in the slot beside every open booking
 * already there. Call it inside the claiming transaction, AFTER takePlace (which holds the slot's
 * lock). The quote's own other booking is left out: the claim replaces or moves it.
 */
export async function technicianPlaceFree(tx: Db, quoteId: number, at: { date: string; slot: TimeSlot }, now: Date, customer?: Customer | null): Promise<boolean> {
  // The stored matching (stored-matching.ts): an augmenting search from the customer over the
  // technicians each open booking of the slot is kept matched to, written when it succeeds.
  return claimStored(tx, quoteId, at, now, customer);
}

/** technicianPlaceFree, or the slot-taken refusal (409) every full slot gets. `customer`: the quote's, when the caller has read its enquiry in this transaction. */
export async function claimTechnicianPlace(tx: Db, quoteId: number, at: { date: string; slot: TimeSlot }, now: Date, customer?: Customer | null): Promise<void> {
  if (!(await technicianPlaceFree(tx, quoteId, at, now, customer))) throw conflict(SLOT_TAKEN_MESSAGE);
}

/**
 * Whether a held booking can still be paid for: its customer can have a technician in the slot
 * beside the bookings already PAID there (other customers' unpaid holds do not stand in the way:
 * they are checked when they pay). False after a technician's time off left nobody for it, so
 * nobody is charged for a repair nobody can do (issue 35 item 2).
 */
export async function technicianStillFree(db: Db, quoteId: number, at: { date: string; slot: TimeSlot }, now: Date): Promise<boolean> {
  if (await stillPlaced(db, quoteId, at, now)) return true;
  const customer = await customerOfQuote(db, quoteId);
  if (!customer) return false;
  return (await openSlotsFor(db, customer, [at], now, quoteId, true)).has(slotKey(at));
}
