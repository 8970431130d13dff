// Places in a slot (D15, docs/decisions/0008-booking-capacity.md). The database owns capacity:
// taking a place is ONE guarded statement (an upsert that adds 1 only while below capacity and
// the day is open), and slot_capacity's CHECK (0 <= taken <= capacity) is the backstop. Call
// these inside the transaction that creates or changes the appointment, so the place and the
// booking commit or roll back together.
import { and, eq, gt, sql } from 'drizzle-orm';
import type { TimeSlot } from '../../../shared/calendar';
import { isLiveAppointment, type AppointmentStatus } from '../../../shared/lifecycles/appointment';
import type { Db } from '../../db/database';
import { slotCapacity } from '../../db/schema';
import { transition, type TransitionOptions } from '../../db/transition';

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
  const row = await transition(tx, 'appointment', name, appointmentId, options);
  // Both transitions start only from live statuses, so the row has just left one.
  if (!isLiveAppointment(row.status)) await releasePlace(tx, { date: row.appointmentDate, slot: row.timeSlot as TimeSlot });
  return row;
}
