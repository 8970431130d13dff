// The admin's Availability screen (issue 11): each day's capacity per slot, overrides and
// closed days. Lowering a slot below what is already taken is refused; closing a day keeps the
// bookings already made and stops new ones. A day or slot that can never be booked (past, weekend,
// bank holiday, inside 24 hours: D15) is refused outright, as a change there would only mislead.
import {
  unbookableAvailabilityMessage,
  type AdminAvailabilityDay,
  type AdminAvailabilityMonth,
  type AdminAvailabilityUpdate,
} from '../../../../shared/api/appointments';
import { dayUnbookableReason, isWorkingDay, slotLabels, timeSlots, unbookableReason, type TimeSlot } from '../../../../shared/calendar';
import { badRequest, conflict } from '../../../kernel/errors';
import { effectiveCapacity, findSlotRow, setDayClosed, setSlotCapacity, slotRowsBetween, type SlotRow } from './capacity.repo';
import { lapseExpiredHolds, monthDays, type BookingContext } from '../hold/bookings.service';

function dayView(date: string, rows: SlotRow[], defaultCapacity: number): AdminAvailabilityDay {
  const rowOf = (slot: TimeSlot) => rows.find((row) => row.slotDate === date && row.timeSlot === slot);
  const slot = (name: TimeSlot) => {
    const row = rowOf(name);
    return { capacity: effectiveCapacity(row, defaultCapacity), taken: row?.taken ?? 0, overridden: row?.overridden ?? false };
  };
  return {
    date,
    workingDay: isWorkingDay(date),
    closed: timeSlots.some((name) => rowOf(name)?.closed === true),
    slots: { morning: slot('morning'), afternoon: slot('afternoon') },
  };
}

export async function adminAvailabilityMonth(ctx: BookingContext, month: string, now: Date): Promise<AdminAvailabilityMonth> {
  const days = monthDays(month);
  await lapseExpiredHolds(ctx.db, now, { from: days[0]!, to: days[days.length - 1]! });
  const rows = await slotRowsBetween(ctx.db, days[0]!, days[days.length - 1]!);
  return { month, defaultCapacity: ctx.config.slotCapacity, days: days.map((date) => dayView(date, rows, ctx.config.slotCapacity)) };
}

export const tooFewPlacesMessage = (slot: TimeSlot, taken: number) =>
  `${slotLabels[slot].split(',')[0]} already has ${taken} ${taken === 1 ? 'booking' : 'bookings'}, so its capacity cannot be set below ${taken}.`;

/** 400 with a sentence, on the field concerned, when the update touches what D15 never lets be booked. */
function refuseUnbookable(date: string, update: AdminAvailabilityUpdate, now: Date): void {
  for (const slot of timeSlots) {
    const reason = update[slot] === undefined ? null : unbookableReason(date, slot, now);
    if (reason) {
      const message = unbookableAvailabilityMessage(date, reason, slot);
      throw badRequest(message, { [slot]: message });
    }
  }
  const reason = update.closed === undefined ? null : dayUnbookableReason(date, now);
  if (reason) {
    const message = unbookableAvailabilityMessage(date, reason);
    throw badRequest(message, { closed: message });
  }
}

/** PUT /api/admin/availability/{date}: all of it or none of it, in one transaction. */
export async function updateAvailability(ctx: BookingContext, date: string, update: AdminAvailabilityUpdate, now: Date): Promise<AdminAvailabilityDay> {
  refuseUnbookable(date, update, now);
  await lapseExpiredHolds(ctx.db, now, { from: date, to: date });
  await ctx.db.transaction(async (tx) => {
    for (const slot of timeSlots) {
      const capacity = update[slot];
      if (capacity === undefined) continue;
      if (!(await setSlotCapacity(tx, { date, slot }, capacity, ctx.config.slotCapacity))) {
        const row = await findSlotRow(tx, { date, slot });
        throw conflict(tooFewPlacesMessage(slot, row?.taken ?? 0));
      }
    }
    if (update.closed !== undefined) await setDayClosed(tx, date, update.closed, ctx.config.slotCapacity);
  });
  return dayView(date, await slotRowsBetween(ctx.db, date, date), ctx.config.slotCapacity);
}
