// Issue 38 item 3 (docs/decisions/0037): on the job's day (Europe/London) the assigned technician
// says they are on the way, arriving around a time inside the slot; a late arrival may be updated
// once. The customer's appointment page shows it, and they are texted (with their consent, to a
// UK mobile). A step of the booking process ('on-my-way'): it locks the appointment and writes the
// text to the outbox in its transaction.
import { ARRIVAL_ANNOUNCEMENTS_ALLOWED, arrivalChoices, arrivalMessages } from '../../../../shared/arrival';
import { displayTime, type TimeSlot } from '../../../../shared/calendar';
import { londonDateOf } from '../../../../shared/london-time';
import { badRequest, conflict, notFound } from '../../../kernel/errors';
import type { SessionUser } from '../../auth';
import { findAppointmentRecord } from '../appointments.repo';
import { bookingText } from '../emails/booking-emails';
import { textFacts } from '../emails/booking-email-facts';
import { bookingMessages } from '../hold/bookings.service';
import { runStep } from '../process/run-step';
import type { CompletionContext } from './completion.service';
import { recordArrivalEstimate } from './completion.repo';
import { technicianFirstName } from '../appointment/technician-profile';

export async function announceOnMyWay(ctx: CompletionContext, user: SessionUser, appointmentId: number, arrivingAround: string, now: Date): Promise<void> {
  await runStep(ctx, 'on-my-way', async (step) => {
    const { tx } = step;
    await step.lock({ appointmentId });
    const record = await findAppointmentRecord(tx, appointmentId);
    // Only the technician who holds the job; to anyone else it does not exist.
    if (!record || user.repairerId === null || record.assignedRepairerId !== user.repairerId) throw notFound(bookingMessages.appointmentNotFound);
    const { appointment } = record;
    if (appointment.status !== 'assigned') throw conflict(arrivalMessages.notAssigned);
    if (appointment.appointmentDate !== londonDateOf(now)) throw conflict(arrivalMessages.notToday);
    if (appointment.arrivalAnnouncements >= ARRIVAL_ANNOUNCEMENTS_ALLOWED) throw conflict(arrivalMessages.noMoreUpdates);
    if (!arrivalChoices(appointment.timeSlot as TimeSlot).includes(arrivingAround)) throw badRequest(arrivalMessages.notAChoice);
    const name = technicianFirstName(user.name);
    await recordArrivalEstimate(tx, appointmentId, { estimate: arrivingAround, by: name, at: now });
    const facts = await textFacts(tx, appointmentId);
    const updated = appointment.arrivalAnnouncements > 0;
    const text = bookingText('text-on-my-way', facts, `${name}, your technician, is on the way${updated ? ' (updated time)' : ''}, arriving around ${displayTime(arrivingAround)}.`);
    if (text) await step.queue(text);
  });
}
