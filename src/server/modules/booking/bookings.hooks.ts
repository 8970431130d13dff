// Where other modules add to a booking change without the bookings module knowing them: the
// payment's early-start request, the reschedule e-mails, and the accepted technician's clash check.
// Checkout (issue 11) fills in the reschedule e-mail here: queue it with queueEmail(tx, …) and
// return it; the bookings routes dispatch what is returned once the transaction commits.
import { needsEarlyStartRequest, RESCHEDULE_START_WITHIN } from '../../../shared/api/payments';
import { slotStartsAt, type TimeSlot } from '../../../shared/calendar';
import type { AppConfig } from '../../config/config';
import type { Db } from '../../db/database';
import { findRepairer, lockRepairer } from '../repairers';
import { clearReminderSent } from './appointments.repo';
import { jobMovedEmail } from './emails/dispatch-emails';
import { clashingBookings } from './offer/repairer-jobs.repo';
import { queueEmail, type OutboxEmail } from '../email';
import { badRequest } from '../../kernel/errors';
import { lockPaymentOfAppointment, updatePayment } from './pay/payments.repo';
import { bookingFacts } from './emails/booking-email-facts';
import { rescheduleEmail } from './emails/booking-emails';

export interface AppointmentRescheduled {
  appointmentId: number;
  quoteId: number;
  /** The technician who had accepted the job (and keeps it at the new time), or null. */
  technicianId: number | null;
  from: { date: string; slot: TimeSlot };
  to: { date: string; slot: TimeSlot };
  /** D14: the customer asked on this reschedule for the repair to start within the cancellation period, and it was recorded. */
  startRequested: boolean;
}

/**
 * D14 (Consumer Contracts Regulations 2013, reg. 36): a paid booking moved to a slot starting
 * within 14 days of the contract needs the customer's express request to start inside the
 * cancellation period. The contract was made when the payment succeeded; a request given at
 * checkout (or on an earlier reschedule) stands. Runs in the reschedule's transaction before
 * anything moves: refused without the request (400, nothing changed), or the request given now
 * recorded on the payment. True when it was recorded by this call.
 */
export async function checkEarlyStartOnReschedule(
  tx: Db,
  appointmentId: number,
  to: { date: string; slot: TimeSlot },
  requested: boolean,
): Promise<boolean> {
  // Locked after the appointment, in the one lock order (quote, appointment, payment).
  const payment = await lockPaymentOfAppointment(tx, appointmentId);
  if (!payment || payment.status !== 'succeeded' || payment.startWithinCancellationPeriod) return false;
  // The succeed transition sets last_event_at to the moment of payment; nothing moves it after.
  const paidAt = payment.lastEventAt ?? payment.updatedAt;
  if (!needsEarlyStartRequest(slotStartsAt(to.date, to.slot), paidAt)) return false;
  // The panel refuses with the same sentence when it knows first (RESCHEDULE_START_WITHIN).
  if (!requested) throw badRequest(RESCHEDULE_START_WITHIN.refusal, { startWithinCancellationPeriod: RESCHEDULE_START_WITHIN.refusal });
  await updatePayment(tx, payment.id, { startWithinCancellationPeriod: true });
  return true;
}

/**
 * Runs inside the reschedule's transaction, after the new place is taken, the old one released
 * and the appointment moved. Whatever it queues commits or rolls back with the change.
 */
export async function onAppointmentRescheduled(tx: Db, event: AppointmentRescheduled, config: AppConfig): Promise<OutboxEmail[]> {
  // A new slot gets its own reminder 24 hours before it.
  await clearReminderSent(tx, event.appointmentId);
  const facts = await bookingFacts(tx, config, event.appointmentId, config.stripe === undefined);
  const emails = [await queueEmail(tx, rescheduleEmail(facts, event.from, Math.floor(Date.now() / 1000), { startRequested: event.startRequested }))];
  // The technician who accepted it is told the new time (technicianFreeAt let it move).
  const technician = event.technicianId === null ? undefined : await findRepairer(tx, event.technicianId);
  if (technician?.email) {
    const repairer = { email: technician.email, contactName: technician.contactName, businessName: technician.businessName };
    emails.push(await queueEmail(tx, jobMovedEmail({ repairer, from: event.from, to: event.to, dashboardUrl: `${config.publicUrl}/repairer`, company: config.company })));
  }
  return emails;
}

/**
 * Before an assigned booking moves (in the reschedule's transaction): whether the technician who
 * accepted it has no other job at the new time, the clash check their accept makes. Their row is
 * locked first, as an accept locks it, so a reschedule and an accept of theirs into the same slot
 * take turns and the second sees the first.
 */
export async function technicianFreeAt(tx: Db, technicianId: number, quoteId: number, to: { date: string; slot: TimeSlot }): Promise<boolean> {
  await lockRepairer(tx, technicianId);
  return (await clashingBookings(tx, technicianId, to.date, to.slot, quoteId)) === 0;
}
