// The choice a customer is offered when no technician has taken their paid booking 24 hours
// before its slot (issue 35 item 4, docs/decisions/0027): another slot or a full refund, online,
// although D14 closes online changes 24 hours before. From the message until the slot begins, or
// until a technician takes it after all (the booking is then assigned and D14's rule is back).
import { FREE_CHANGE_HOURS } from '../../../../shared/api/appointments';
import { hasSlotBegun, type TimeSlot } from '../../../../shared/calendar';
import { isOutsideChangeWindow } from '../slots/booking-rules';

interface Booking {
  status: string;
  appointmentDate: string;
  timeSlot: string;
  customerToldUnassignedAt: Date | null;
}

/** The customer was told nobody has taken this paid booking, and it still has nobody and has not begun. */
export function hasOfferedChoice(booking: Booking, now: Date): boolean {
  return booking.status === 'confirmed' && booking.customerToldUnassignedAt !== null && !hasSlotBegun(booking, now);
}

/** D14's window for moving or cancelling a paid booking online, or the choice above. */
export function mayChangeOnline(booking: Booking, now: Date): boolean {
  return isOutsideChangeWindow(booking.appointmentDate, booking.timeSlot as TimeSlot, now, FREE_CHANGE_HOURS) || hasOfferedChoice(booking, now);
}
