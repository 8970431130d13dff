// When an offer stops waiting for its technician (issue 35 item 4, D16, docs/decisions/0027):
// four of their answering hours (8:00–18:00 on the halves their weekly pattern works, never a
// bank holiday), never past 24 hours before the slot (src/shared/offer-deadline.ts). Before,
// every offer expired 4 hours after it was sent, so one sent at 20:38 expired at 00:38.
import { isTimeSlot, slotStartsAt } from '../../../../shared/calendar';
import { offerDeadline } from '../../../../shared/offer-deadline';
import { decodeWeeklyPattern } from '../../repairer-availability';

/** The deadline of an offer sent at `sentAt` to this technician for this booking's slot. */
export function offerExpiresAt(technician: { weeklyHalves: number }, booking: { appointmentDate: string; timeSlot: string }, sentAt: Date): Date {
  if (!isTimeSlot(booking.timeSlot)) throw new Error(`Unknown time slot ${booking.timeSlot}`);
  return offerDeadline({ sentAt, slotStart: slotStartsAt(booking.appointmentDate, booking.timeSlot), pattern: decodeWeeklyPattern(technician.weeklyHalves) });
}
