// Where other modules add to a booking change without the bookings module knowing them.
// Checkout (issue 11) fills in the reschedule e-mail here: queue it with queueEmail(tx, …) and
// return it; the bookings routes dispatch what is returned once the transaction commits.
import type { TimeSlot } from '../../../shared/calendar';
import type { AppConfig } from '../../config/config';
import type { Db } from '../../db/database';
import type { OutboxEmail } from '../email/email.repo';

export interface AppointmentRescheduled {
  appointmentId: number;
  quoteId: number;
  from: { date: string; slot: TimeSlot };
  to: { date: string; slot: TimeSlot };
}

/**
 * Runs inside the reschedule's transaction, after the new place is taken, the old one released
 * and the appointment moved. Whatever it queues commits or rolls back with the change.
 */
export async function onAppointmentRescheduled(_tx: Db, _event: AppointmentRescheduled, _config: AppConfig): Promise<OutboxEmail[]> {
  return [];
}
