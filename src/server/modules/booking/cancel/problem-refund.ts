// POST /api/admin/payouts/{id}/refund-customer (D14: "payment held until the repair is completed
// to the customer's satisfaction"; checkout promises "we will put it right or refund you"). After a
// customer reports a problem, the team either releases the technician's held share, or, when it
// cannot be put right, refunds the customer in full: in one transaction the held share is
// cancelled (payout held → void), the payment refunded through the provider (last, so a refusal
// rolls everything back; its key makes a retry safe), the admin's reason kept in the audit log,
// and the customer and the technician told. The repair stays completed: it happened.
import { completionMessages, type CustomerRefund } from '../../../../shared/api/appointments';
import { penceToDecimalString } from '../../../../shared/money';
import type { Db } from '../../../db/database';
import { findRepairer } from '../../repairers';
import { lockPayout, paymentOfPayout } from '../payout/payouts.repo';
import { transition } from '../../../db/transition';
import { conflict, DomainError, notFound } from '../../../kernel/errors';
import type { SessionUser } from '../../auth';
import { repairerShareCancelledEmail } from '../emails/completion-emails';
import { actorOf, hasAuditLine, recordAudit } from '../../privacy';
import { bookingFacts } from '../emails/booking-email-facts';
import { refundEmail } from '../emails/booking-emails';
import { CardError } from '../pay/payment-provider';
import { cardErrorToDomain, type PaymentsContext } from '../pay/payments.service';
import { runStep } from '../process/run-step';
import { creditNoteForRefund } from '../invoice/invoices.service';

export async function refundAfterProblem(
  ctx: PaymentsContext,
  admin: SessionUser,
  payoutId: number,
  reason: string,
): Promise<CustomerRefund> {
  return runStep(ctx, 'refund-after-problem', async (step) => {
    const { tx } = step;
    const found = await paymentOfPayout(tx, payoutId);
    if (!found?.appointmentId) throw notFound(completionMessages.payoutNotFound);
    // The booking's rows in the one lock order, then the share: a release claiming it now is waited for.
    const { appointment, payment } = await step.lock({ quoteId: found.quoteId, appointmentId: found.appointmentId });
    const payout = await lockPayout(tx, payoutId);
    if (!appointment || !payment || !payout) throw notFound(completionMessages.payoutNotFound);
    if (appointment.status !== 'completed' || appointment.problemReportedAt === null) throw conflict(completionMessages.refundNotAfterProblem);
    if (payment.status === 'refunded') throw conflict(completionMessages.refundAlreadyDone);
    if (payout.status === 'sending') throw conflict(completionMessages.payoutSending);
    if (payout.status !== 'held') throw conflict(completionMessages.refundPayoutNotHeld);
    // Held again after a transfer was made (and reversed, in part or whole, at Stripe): money went
    // to the technician, so refunding the customer in full here would pay twice. Both ways a
    // transfer's share comes back to held record this audit line in the same transaction.
    if (await wasTransferred(tx, payout.id)) throw conflict(completionMessages.refundPayoutTransferred);

    await transition(tx, 'payout', 'void', payout.id);
    const refund = await ctx.provider
      .refund({ intentId: payment.providerRef, amountPence: payment.amountPence, idempotencyKey: `payment-${payment.id}-refund` })
      .catch((error: unknown) => {
        ctx.log.error({ err: error, paymentId: payment.id, payoutId }, 'the provider refused or failed a refund after a reported problem; nothing changed');
        throw error instanceof CardError ? cardErrorToDomain(error) : new DomainError(502, 'refund_failed', refundFailed);
      });
    await transition(tx, 'payment', 'refund', payment.id, { set: { refundedPence: payment.amountPence, refundRef: refund.id } });
    const facts = await bookingFacts(tx, ctx.config, appointment.id, payment.provider === 'test');
    await recordAudit(tx, actorOf(admin), 'payment_refunded', { kind: 'payment', id: payment.id }, { reference: facts.reference, amountPence: payment.amountPence, reason, after: 'problem reported', payoutId, appointmentId: appointment.id });

    // Issue 37: the refunded invoice's credit note, from the same sequence.
    const creditNote = await creditNoteForRefund(tx, ctx.config.company, { id: payment.id, quoteId: payment.quoteId, appointmentId: appointment.id, appointmentDate: appointment.appointmentDate }, new Date());
    await step.queue(refundEmail({ ...facts, totalPence: payment.amountPence }, 'problem-reported', creditNote));
    const technician = payout.repairerId === null ? undefined : await findRepairer(tx, payout.repairerId);
    if (technician?.email) {
      const repairer = { email: technician.email, contactName: technician.contactName, businessName: technician.businessName };
      await step.queue(repairerShareCancelledEmail({ repairer, appointmentDate: appointment.appointmentDate, timeSlot: appointment.timeSlot, dashboardUrl: `${ctx.config.publicUrl}/repairer`, company: ctx.config.company }));
    }
    return { payoutId, appointmentId: appointment.id, refunded: penceToDecimalString(payment.amountPence), paymentStatus: 'refunded', payoutStatus: 'void' };
  });
}

const refundFailed = 'The payment provider did not make the refund, so nothing has changed: the payment is still held. Please try again in a few minutes.';

function wasTransferred(tx: Db, payoutId: number): Promise<boolean> {
  return hasAuditLine(tx, { kind: 'payout', id: payoutId }, 'payout_withheld');
}

