// Places in a slot (D15, docs/decisions/0008-booking-capacity.md). The database owns capacity:
// taking a place is ONE guarded statement (an upsert that adds 1 only while below capacity and
// the day is open), and slot_capacity's CHECK (0 <= taken <= capacity) is the backstop. Call
// these inside the transaction that creates or changes the appointment, so the place and the
// booking commit or roll back together.
import { and, eq, gt, gte, lte, sql } from 'drizzle-orm';
import { timeSlots, type TimeSlot } from '../../../../shared/calendar';
import { isLiveAppointment, type AppointmentStatus } from '../../../../shared/lifecycles/appointment';
import type { Db } from '../../../db/database';
import { appointments, slotCapacity } from '../../../db/schema';
import { transition, type TransitionOptions } from '../../../db/transition';
import { afterRelease } from './stored-matching';

export interface Slot {
  date: string;
  slot: TimeSlot;
}

/** The refusal every full (or closed) slot gets, word for word (issue 11). */
export const SLOT_TAKEN_MESSAGE = 'That slot has just been taken. Please choose another.';

/**
 * Takes one place in the slot, or answers false when it is full or its day is closed. Never
 * exceeds capacity under any concurrency: the upsert's conflict row is locked and re-checked.
 * `defaultCapacity` is SLOT_CAPACITY (config.slotCapacity), used unless an admin overrode the slot.
 */
export async function takePlace(db: Db, { date, slot }: Slot, defaultCapacity: number): Promise<boolean> {
  const effective = sql`(CASE WHEN ${slotCapacity.overridden} THEN ${slotCapacity.capacity} ELSE ${defaultCapacity}::integer END)`;
  const rows = await db
    .insert(slotCapacity)
    .values({ slotDate: date, timeSlot: slot, capacity: defaultCapacity, taken: 1 })
    .onConflictDoUpdate({
      target: [slotCapacity.slotDate, slotCapacity.timeSlot],
      set: { taken: sql`${slotCapacity.taken} + 1`, capacity: effective, updatedAt: sql`now()` },
      setWhere: sql`NOT ${slotCapacity.closed} AND ${slotCapacity.taken} < ${effective}`,
    })
    .returning({ taken: slotCapacity.taken });
  return rows.length === 1;
}

/**
 * Gives one place back. Call it only from the change that takes an appointment out of a live
 * state (held, confirmed, assigned): the transition's guarded UPDATE succeeds once, so the place
 * is released once per appointment. Prefer leaveLiveState, which does both.
 */
export async function releasePlace(db: Db, { date, slot }: Slot): Promise<void> {
  await db
    .update(slotCapacity)
    .set({ taken: sql`${slotCapacity.taken} - 1`, updatedAt: new Date() })
    .where(and(eq(slotCapacity.slotDate, date), eq(slotCapacity.timeSlot, slot), gt(slotCapacity.taken, 0)));
}

/**
 * Lapses or cancels an appointment AND releases its place, in the caller's transaction. The
 * transition is guarded (TransitionConflictError 409 from the wrong state, 404 when missing), so
 * calling it twice for one appointment releases one place, never two. Checkout's cancel calls
 * this with 'cancel' inside its refund transaction.
 */
export async function leaveLiveState(
  tx: Db,
  appointmentId: number,
  name: 'lapse' | 'cancel',
  options: TransitionOptions<'appointment'> = {},
): Promise<{ id: number; appointmentDate: string; timeSlot: string; status: AppointmentStatus }> {
  // Each transition named where it is made, so the booking process's check can read it (booking-process.test.ts).
  const row = name === 'lapse' ? await transition(tx, 'appointment', 'lapse', appointmentId, options) : await transition(tx, 'appointment', 'cancel', appointmentId, options);
  // Both transitions start only from live statuses, so the row has just left one.
  if (!isLiveAppointment(row.status)) {
    await releasePlace(tx, { date: row.appointmentDate, slot: row.timeSlot as TimeSlot });
    // Its reservation stops counting (the booking is not open); the slot's unplaced bookings may fit now (0028).
    await afterRelease(tx, { date: row.appointmentDate, slot: row.timeSlot as TimeSlot }, new Date());
  }
  return row;
}

export type SlotRow = typeof slotCapacity.$inferSelect;
/** What availability needs of a slot row. */
export type SlotPlaces = Pick<SlotRow, 'slotDate' | 'timeSlot' | 'capacity' | 'taken' | 'overridden' | 'closed'>;

/** The slot rows of these days (inclusive), for availability and the admin's screen. */
export async function slotRowsBetween(db: Db, from: string, to: string): Promise<SlotRow[]> {
  return db
    .select()
    .from(slotCapacity)
    .where(and(gte(slotCapacity.slotDate, from), lte(slotCapacity.slotDate, to)));
}

/** Places a slot offers now: the admin's override, else SLOT_CAPACITY; 0 when its day is closed. */
export function effectiveCapacity(row: SlotPlaces | undefined, defaultCapacity: number): number {
  if (!row) return defaultCapacity;
  if (row.closed) return 0;
  return row.overridden ? row.capacity : defaultCapacity;
}

export function hasFreePlace(row: SlotPlaces | undefined, defaultCapacity: number): boolean {
  return (row?.taken ?? 0) < effectiveCapacity(row, defaultCapacity);
}

/**
 * An admin's capacity for one slot: a number of places, or null for SLOT_CAPACITY again.
 * Answers false (nothing changed) when the slot already has more places taken than that; the
 * guard is in the statement, and the CHECK would refuse it anyway.
 */
export async function setSlotCapacity(db: Db, { date, slot }: Slot, capacity: number | null, defaultCapacity: number): Promise<boolean> {
  if (capacity === null) {
    // Back to the default; the stored number never drops below what is taken (the CHECK).
    await db
      .insert(slotCapacity)
      .values({ slotDate: date, timeSlot: slot, capacity: defaultCapacity, overridden: false })
      .onConflictDoUpdate({
        target: [slotCapacity.slotDate, slotCapacity.timeSlot],
        set: { overridden: false, capacity: sql`GREATEST(${slotCapacity.taken}, ${defaultCapacity}::integer)`, updatedAt: sql`now()` },
      });
    return true;
  }
  const rows = await db
    .insert(slotCapacity)
    .values({ slotDate: date, timeSlot: slot, capacity, overridden: true })
    .onConflictDoUpdate({
      target: [slotCapacity.slotDate, slotCapacity.timeSlot],
      set: { overridden: true, capacity, updatedAt: sql`now()` },
      setWhere: sql`${slotCapacity.taken} <= ${capacity}::integer`,
    })
    .returning({ taken: slotCapacity.taken });
  return rows.length === 1;
}

/** Closes or reopens a whole day: both slots. Bookings already made are kept; no new ones are taken. */
export async function setDayClosed(db: Db, date: string, closed: boolean, defaultCapacity: number): Promise<void> {
  for (const slot of timeSlots) {
    await db
      .insert(slotCapacity)
      .values({ slotDate: date, timeSlot: slot, capacity: defaultCapacity, closed })
      .onConflictDoUpdate({ target: [slotCapacity.slotDate, slotCapacity.timeSlot], set: { closed, updatedAt: sql`now()` } });
  }
}

/** One slot's row, if it has one. */
export async function findSlotRow(db: Db, { date, slot }: Slot): Promise<SlotRow | undefined> {
  const [row] = await db
    .select()
    .from(slotCapacity)
    .where(and(eq(slotCapacity.slotDate, date), eq(slotCapacity.timeSlot, slot)));
  return row;
}

/**
 * Before a quote's enquiry is deleted (the admin's spam/withdrawn delete): its unpaid hold, if
 * any, lapses and gives its place back, so the cascade does not take a place with it. A paid
 * booking is never deleted (the quote is 'booked' and the delete is refused).
 */
export async function releaseHoldOfQuote(tx: Db, quoteId: number): Promise<void> {
  const [held] = await tx
    .select({ id: appointments.id })
    .from(appointments)
    .where(and(eq(appointments.quoteId, quoteId), eq(appointments.status, 'held')))
    .for('update');
  if (held) await leaveLiveState(tx, held.id, 'lapse');
}
