// POST /api/appointments/{id}/cancel (D14): the grant holder cancels. An unpaid hold goes
// freely; a paid booking more than 24 hours ahead is cancelled and refunded in full through the
// provider, its place freed and the repairer's share voided, in one transaction; inside 24
// hours the customer is asked to phone.
import { releaseJobOfCancelledBooking } from '../dispatch/dispatch.service';
import { FREE_CHANGE_HOURS, type AppointmentView } from '../../../shared/api/appointments';
import type { TimeSlot } from '../../../shared/calendar';
import type { CompanyDetails } from '../../../shared/company';
import type { Db } from '../../db/database';
import { transition } from '../../db/transition';
import { conflict, DomainError, notFound } from '../../plugins/errors';
import type { Viewer } from '../access/access.policy';
import { findAppointmentRecord } from '../bookings/appointments.repo';
import { isOutsideChangeWindow } from '../bookings/booking-rules';
import { readableAppointment, toAppointmentView } from '../bookings/bookings.service';
import { leaveLiveState } from '../bookings/capacity.repo';
import type { OutboxEmail } from '../email/email.repo';
import { queueEmail } from '../email/email.service';
import { cancellationEmail, refundEmail } from './booking-emails';
import { customerActor, recordAudit } from '../privacy/audit.repo';
import { unreleasedPayoutIds, type PaymentRow } from './payments.repo';
import { bookingFacts } from './booking-email-facts';
import { CardError } from './payment-provider';
import { cardErrorToDomain, lockBooking, type PaymentsContext } from './payments.service';

export const cancelMessages = {
  notFound: 'We could not find that appointment.',
  refundFailed: (company: CompanyDetails) =>
    `We could not refund your payment just now, so your booking is unchanged. Please try again in a few minutes, or call us on ${company.supportPhone}.`,
  phoneUs: (company: CompanyDetails) =>
    `Your appointment is less than ${FREE_CHANGE_HOURS} hours away, so it can no longer be cancelled online. Please call us on ${company.supportPhone}.`,
} as const;

export async function cancelAppointment(ctx: PaymentsContext, viewer: Viewer, id: number, now: Date): Promise<{ view: AppointmentView; emails: OutboxEmail[] }> {
  const { access, record } = await readableAppointment({ db: ctx.db, config: ctx.config }, id, viewer, now);
  // Only the customer cancels online; to staff and repairers the call does not exist.
  if (access !== 'customer') throw notFound(cancelMessages.notFound);

  const emails = await ctx.db.transaction(async (tx) => {
    const { appointment, payment } = await lockBooking(tx, { quoteId: record.appointment.quoteId, appointmentId: id });
    if (!appointment) throw notFound(cancelMessages.notFound);
    const slot = appointment.timeSlot as TimeSlot;
    const paid = appointment.status === 'confirmed' || appointment.status === 'assigned';
    if (paid && !isOutsideChangeWindow(appointment.appointmentDate, slot, now, FREE_CHANGE_HOURS)) throw conflict(cancelMessages.phoneUs(ctx.config.company));
    // Guarded: a lapsed, cancelled or completed booking answers 409 with a sentence.
    await leaveLiveState(tx, id, 'cancel', { set: { cancelledAt: now } });
    if (!paid) return [];
    return refundCancelledBooking(tx, ctx, id, payment);
  });
  const after = await findAppointmentRecord(ctx.db, id);
  if (!after) throw notFound(cancelMessages.notFound);
  return { view: toAppointmentView(after, now), emails };
}

/** Refund in full, void the repairer's share, reopen the quote, and tell the customer. */
async function refundCancelledBooking(tx: Db, ctx: PaymentsContext, appointmentId: number, payment: PaymentRow | undefined): Promise<OutboxEmail[]> {
  const facts = await bookingFacts(tx, ctx.config, appointmentId, (payment?.provider ?? ctx.provider.name) === 'test');
  const emails = [await queueEmail(tx, cancellationEmail(facts, Math.floor(Date.now() / 1000)))];
  if (payment?.status === 'succeeded') {
    for (const payoutId of await unreleasedPayoutIds(tx, payment.id)) await transition(tx, 'payout', 'void', payoutId);
    await transition(tx, 'quote', 'reopen', payment.quoteId);
    emails.push(...(await releaseJobOfCancelledBooking(tx, payment.quoteId, { appointmentDate: facts.date, timeSlot: facts.slot, company: facts.company })));
    // Last, so a refusal by the provider rolls everything back; the key makes a retry safe.
    const refund = await ctx.provider
      .refund({ intentId: payment.providerRef, amountPence: payment.amountPence, idempotencyKey: `payment-${payment.id}-refund` })
      .catch((error: unknown) => {
        ctx.log.error({ err: error, paymentId: payment.id }, 'the provider refused or failed a refund; the booking is kept');
        throw error instanceof CardError ? cardErrorToDomain(error) : new DomainError(502, 'refund_failed', cancelMessages.refundFailed(ctx.config.company));
      });
    await transition(tx, 'payment', 'refund', payment.id, { set: { refundedPence: payment.amountPence, refundRef: refund.id } });
    await recordAudit(tx, customerActor, 'payment_refunded', { kind: 'payment', id: payment.id }, { amountPence: payment.amountPence, reason: 'cancelled by the customer' });
    emails.push(await queueEmail(tx, refundEmail({ ...facts, totalPence: payment.amountPence }, 'cancelled')));
  }
  return emails;
}
