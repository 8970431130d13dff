// Where other modules add to a booking change without the bookings module knowing them.
// Checkout (issue 11) fills in the reschedule e-mail here: queue it with queueEmail(tx, …) and
// return it; the bookings routes dispatch what is returned once the transaction commits.
import type { TimeSlot } from '../../../shared/calendar';
import type { AppConfig } from '../../config/config';
import type { Db } from '../../db/database';
import { eq } from 'drizzle-orm';
import { appointments } from '../../db/schema';
import type { OutboxEmail } from '../email/email.repo';
import { queueEmail } from '../email/email.service';
import { bookingFacts } from '../payments/booking-email-facts';
import { rescheduleEmail } from '../payments/booking-emails';

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
export async function onAppointmentRescheduled(tx: Db, event: AppointmentRescheduled, config: AppConfig): Promise<OutboxEmail[]> {
  // A new slot gets its own reminder 24 hours before it.
  await tx.update(appointments).set({ reminderSentAt: null }).where(eq(appointments.id, event.appointmentId));
  const facts = await bookingFacts(tx, config, event.appointmentId, config.stripe === undefined);
  return [await queueEmail(tx, rescheduleEmail(facts, event.from, Math.floor(Date.now() / 1000)))];
}
