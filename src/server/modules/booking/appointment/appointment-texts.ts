// Issue 38 item 2 (docs/decisions/0037): texts about a booking go only with the customer's
// agreement, given by the box at booking or later on the appointment page, and withdrawn there as
// easily as it was given (UK GDPR article 7(3)). Withdrawal stops every text not yet queued; the
// ones already queued are the moment's (a confirmation, a reminder) and go as queued.
import { textConsentMessages, UpdateTextConsentBodySchema, type AppointmentView } from '../../../../shared/api/appointments';
import { isLiveAppointment } from '../../../../shared/lifecycles';
import { conflict, notFound } from '../../../kernel/errors';
import { parseBody } from '../../../plugins/validation';
import type { Viewer } from '../../access';
import { ukMobile } from '../../email';
import { findAppointmentRecord, setTextConsent } from '../appointments.repo';
import { bookingMessages, readableAppointment, toAppointmentView, type BookingContext } from '../hold/bookings.service';
import { bookingEmailRecord } from '../pay/payments.repo';
import { runStep } from '../process/run-step';

/**
 * PUT /api/appointments/{id}/texts by the grant holder. Agreeing needs a booking still to come
 * (else 409) and a UK mobile on the enquiry (else 409 saying so); withdrawing is always allowed.
 * To anyone else the booking does not exist (404).
 */
export async function updateTextConsent(ctx: BookingContext, id: number, viewer: Viewer, rawBody: unknown, now: Date): Promise<AppointmentView> {
  const { access } = await readableAppointment(ctx, id, viewer, now);
  if (access !== 'customer') throw notFound(bookingMessages.appointmentNotFound);
  const { textConsent } = parseBody(UpdateTextConsentBodySchema, rawBody);

  await runStep(ctx, 'change-text-consent', async (step) => {
    const { appointment } = await step.lock({ appointmentId: id });
    if (!appointment) throw notFound(bookingMessages.appointmentNotFound);
    if (!textConsent) {
      if (appointment.smsConsentAt !== null) await setTextConsent(step.tx, id, null);
      return;
    }
    if (appointment.smsConsentAt !== null) return;
    if (!isLiveAppointment(appointment.status)) throw conflict(textConsentMessages.ended);
    const record = await bookingEmailRecord(step.tx, id);
    if (!ukMobile(record?.customerPhone)) throw conflict(textConsentMessages.notMobile(record?.customerPhone ?? 'the number you gave us'));
    await setTextConsent(step.tx, id, now);
  });
  return toAppointmentView((await findAppointmentRecord(ctx.db, id))!, now, 'customer');
}
