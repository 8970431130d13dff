// The customer's notes for the technician (issue 33): written at booking, changed by the customer
// until two days before the appointment (notesLastChangeDate), so that from the day before, when
// the reminder goes and the technician gets ready, the notes they read are the ones that stand. A technician who
// holds the job is e-mailed the new notes (D11 lets them see them once accepted).
import { appointmentNotesMessages, notesLastChangeDate, UpdateAppointmentNotesBodySchema, type AppointmentView } from '../../../../shared/api/appointments';
import { londonDateOf } from '../../../../shared/london-time';
import { transition, refuseUnlessAllowed } from '../../../db/transition';
import { conflict, notFound } from '../../../kernel/errors';
import { parseBody } from '../../../plugins/validation';
import type { Viewer } from '../../access';
import { findRepairer } from '../../repairers';
import { runStep } from '../process/run-step';
import { jobNotesChangedEmail } from '../emails/technician-emails';
import { findAppointmentRecord } from '../appointments.repo';
import { bookingMessages, readableAppointment, toAppointmentView, type BookingContext } from '../hold/bookings.service';

/**
 * PUT /api/appointments/{id}/notes by the grant holder: the notes replaced, for a booking held,
 * confirmed or assigned (else 409 with the lifecycle's sentence) up to its last day for changes
 * (else 409 with that day and the phone number). To anyone else the booking does not exist (404).
 */
export async function updateNotes(ctx: BookingContext, id: number, viewer: Viewer, rawBody: unknown, now: Date): Promise<AppointmentView> {
  const { access, record } = await readableAppointment(ctx, id, viewer, now);
  // Only the customer writes their notes; to the team and the technician the call does not exist.
  if (access !== 'customer') throw notFound(bookingMessages.appointmentNotFound);
  const { notes } = parseBody(UpdateAppointmentNotesBodySchema, rawBody);

  await runStep(ctx, 'edit-notes', async (step) => {
    const { tx } = step;
    // The one lock order (quote, appointment): an accept of this job at the same moment either
    // commits first (and this e-mails its technician) or reads these notes for its own e-mail.
    const { quote, appointment: current } = await step.lock({ quoteId: record.appointment.quoteId, appointmentId: id });
    if (!current || !quote) throw notFound(bookingMessages.appointmentNotFound);
    refuseUnlessAllowed('appointment', 'editNotes', current.status);
    const lastDate = notesLastChangeDate(current.appointmentDate);
    if (londonDateOf(now) > lastDate) throw conflict(appointmentNotesMessages.tooLate(lastDate, ctx.config.company.supportPhone));
    if (current.notes === notes) return;
    await transition(tx, 'appointment', 'editNotes', id, { set: { notes } });
    if (current.status !== 'assigned' || quote.assignedRepairerId === null) return;
    const technician = await findRepairer(tx, quote.assignedRepairerId);
    if (!technician?.email) return;
    const repairer = { email: technician.email, contactName: technician.contactName, businessName: technician.businessName };
    const email = jobNotesChangedEmail({
      repairer,
      reference: record.reference,
      appointmentDate: current.appointmentDate,
      timeSlot: current.timeSlot,
      notes,
      dashboardUrl: `${ctx.config.publicUrl}/repairer`,
      company: ctx.config.company,
    });
    await step.queue(email);
  });
  return toAppointmentView((await findAppointmentRecord(ctx.db, id))!, now, 'customer');
}
