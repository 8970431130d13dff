// POST /api/appointments/{id}/cancel (D14): the grant holder cancels. An unpaid hold goes
// freely; a paid booking more than 24 hours ahead is cancelled and refunded in full through the
// provider, its place freed and the repairer's share voided, in one transaction; inside 24
// hours (or once its time has passed) the customer is asked to phone.
//
// POST /api/admin/appointments/{id}/cancel: what the team does when they phone. A paid booking
// that nobody can do (no technician came forward, the technician did not turn up) is cancelled
// and refunded the same way at any time, with the team's reason in the customer's e-mail and
// the audit log: D6 and D14's "payment held until the repair is completed" needs a way back
// for money whose repair will not happen.
import { releaseJobOfCancelledBooking } from '../offer/dispatch.service';
import { FREE_CHANGE_HOURS, teamCancelMessages, type AppointmentView } from '../../../../shared/api/appointments';
import { hasSlotBegun } from '../../../../shared/calendar';
import type { CompanyDetails } from '../../../../shared/company';
import type { Db } from '../../../db/database';
import { transition } from '../../../db/transition';
import { conflict, DomainError, notFound } from '../../../kernel/errors';
import type { Viewer } from '../../access';
import { findAppointmentRecord } from '../appointments.repo';
import { mayChangeOnline } from '../unassigned/offered-choice';
import { readableAppointment, toAppointmentView } from '../hold/bookings.service';
import { leaveLiveState } from '../slots/capacity.repo';
import { queueEmail, type OutboxEmail } from '../../email';
import { cancellationEmail, refundEmail } from '../emails/booking-emails';
import { actorOf, customerActor, recordAudit, type Actor } from '../../privacy';
import type { SessionUser } from '../../auth';
import { unreleasedPayoutIds, type PaymentRow } from '../pay/payments.repo';
import { bookingFacts } from '../emails/booking-email-facts';
import { CardError } from '../pay/payment-provider';
import { cardErrorToDomain, type PaymentsContext } from '../pay/payments.service';
import { runStep } from '../process/run-step';
import { creditNoteForRefund } from '../invoice/invoices.service';

export const cancelMessages = {
  notFound: 'We could not find that appointment.',
  refundFailed: (company: CompanyDetails) =>
    `We could not refund your payment just now, so your booking is unchanged. Please try again in a few minutes, or call us on ${company.supportPhone}.`,
  phoneUs: (company: CompanyDetails) =>
    `Your appointment is less than ${FREE_CHANGE_HOURS} hours away, so it can no longer be cancelled online. Please call us on ${company.supportPhone}.`,
  phoneUsPast: (company: CompanyDetails) =>
    `Your appointment's time has passed, so it can no longer be cancelled online. If the repair did not happen, please call us on ${company.supportPhone}.`,
} as const;

export async function cancelAppointment(ctx: PaymentsContext, viewer: Viewer, id: number, now: Date): Promise<AppointmentView> {
  const { access, record } = await readableAppointment({ db: ctx.db, config: ctx.config }, id, viewer, now);
  // Only the customer cancels online; to staff and repairers the call does not exist.
  if (access !== 'customer') throw notFound(cancelMessages.notFound);

  await runStep(ctx, 'cancel-booking', async (step) => {
    const { tx } = step;
    const { appointment, payment } = await step.lock({ quoteId: record.appointment.quoteId, appointmentId: id });
    if (!appointment) throw notFound(cancelMessages.notFound);
    const paid = appointment.status === 'confirmed' || appointment.status === 'assigned';
    if (paid && !mayChangeOnline(appointment, now)) {
      throw conflict((hasSlotBegun(appointment, now) ? cancelMessages.phoneUsPast : cancelMessages.phoneUs)(ctx.config.company));
    }
    // Guarded: a lapsed, cancelled or completed booking answers 409 with a sentence.
    await leaveLiveState(tx, id, 'cancel', { set: { cancelledAt: now } });
    if (!paid) return;
    step.send(await refundCancelledBooking(tx, ctx, id, payment, { actor: customerActor, reason: 'cancelled by the customer' }));
  });
  return appointmentViewAfter(ctx.db, id, now, 'customer');
}

/**
 * The team cancels a paid booking and refunds it in full, whenever it is: the customer cannot
 * online inside 24 hours, and a booking no technician will do must not keep their money. Only a
 * paid booking still to be done (confirmed or assigned); an unpaid hold lapses by itself, and a
 * finished repair's problems are refunded from Problems reported.
 */
export async function teamCancelBooking(
  ctx: PaymentsContext,
  admin: SessionUser,
  id: number,
  reason: string,
  now: Date,
): Promise<AppointmentView> {
  const record = await findAppointmentRecord(ctx.db, id);
  if (!record) throw notFound(teamCancelMessages.notFound);
  await runStep(ctx, 'team-cancel-booking', async (step) => {
    const { tx } = step;
    const { appointment, payment } = await step.lock({ quoteId: record.appointment.quoteId, appointmentId: id });
    if (!appointment) throw notFound(teamCancelMessages.notFound);
    if (appointment.status === 'held') throw conflict(teamCancelMessages.notPaid);
    if (appointment.status === 'completed') throw conflict(teamCancelMessages.finished);
    // A cancelled or lapsed booking answers 409 with the lifecycle's sentence, changing nothing.
    await leaveLiveState(tx, id, 'cancel', { set: { cancelledAt: now } });
    step.send(await refundCancelledBooking(tx, ctx, id, payment, { actor: actorOf(admin), reason: `cancelled by the team: ${reason}`, toCustomer: reason }));
  });
  return appointmentViewAfter(ctx.db, id, now, 'admin');
}

async function appointmentViewAfter(db: Db, id: number, now: Date, access: 'customer' | 'admin'): Promise<AppointmentView> {
  const after = await findAppointmentRecord(db, id);
  if (!after) throw notFound(cancelMessages.notFound);
  return toAppointmentView(after, now, access);
}

/**
 * Refund in full, void the repairer's share, reopen the quote, and tell the customer (with the
 * team's reason when the team cancelled) and the technician, if one was booked.
 */
async function refundCancelledBooking(
  tx: Db,
  ctx: PaymentsContext,
  appointmentId: number,
  payment: PaymentRow | undefined,
  by: { actor: Actor; reason: string; toCustomer?: string },
): Promise<OutboxEmail[]> {
  const facts = await bookingFacts(tx, ctx.config, appointmentId, (payment?.provider ?? ctx.provider.name) === 'test');
  const emails = [await queueEmail(tx, cancellationEmail(facts, Math.floor(Date.now() / 1000), by.toCustomer))];
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
    await recordAudit(tx, by.actor, 'payment_refunded', { kind: 'payment', id: payment.id }, { amountPence: payment.amountPence, reason: by.reason, appointmentId });
    // Issue 37: the refunded invoice's credit note, from the same sequence.
    const creditNote = await creditNoteForRefund(tx, ctx.config.company, { id: payment.id, quoteId: payment.quoteId, appointmentId, appointmentDate: facts.date }, new Date());
    emails.push(await queueEmail(tx, refundEmail({ ...facts, totalPence: payment.amountPence }, 'cancelled', creditNote)));
  }
  return emails;
}
