// The test-mode provider's card form (POST /api/test-payments/confirm). The server plays the
// card network: it judges the card as Stripe's test cards behave, then a success goes through
// settleSucceededPayment, the very function Stripe's webhook uses, in the step pay-by-test-card
// (run-step.ts: its e-mails and the booking's dispatch go once it commits).
import type { TestPaymentConfirmBody, TestPaymentResult } from '../../../../shared/api/payments';
import { conflict, notFound, type DomainError } from '../../../kernel/errors';
import { customerRecordAccess, type Viewer } from '../../access';
import { lapseHolds } from '../hold/bookings.service';
import { findQuote } from '../../quotes';
import { CardError } from './payment-provider';
import { findPaymentByClientSecret } from './payments.repo';
import { runStep } from '../process/run-step';
import { alreadyPaid, cardErrorToDomain, paymentMessages, recordPaymentFailed, settleSucceededPayment, type PaymentsContext } from './payments.service';
import { judgeTestCard } from './test-provider';

export async function confirmTestPayment(
  ctx: PaymentsContext,
  viewer: Viewer,
  card: TestPaymentConfirmBody,
  now: Date,
): Promise<{ result: TestPaymentResult; refusal?: DomainError }> {
  const payment = await findPaymentByClientSecret(ctx.db, card.clientSecret);
  const quote = payment && payment.provider === 'test' ? await findQuote(ctx.db, payment.quoteId) : undefined;
  // The client secret alone is not enough: it must be the grant holder's own payment (D10).
  if (!payment || !quote || customerRecordAccess({ user: null, assessmentIds: viewer.assessmentIds }, { assessmentId: quote.assessmentId }) !== 'customer') {
    throw notFound(paymentMessages.notSetUp);
  }
  const appointmentId = payment.appointmentId!;
  if (payment.status === 'succeeded' || payment.status === 'refunded') throw alreadyPaid();
  // The checks and the settlement in one transaction, under the booking's locks in their one order
  // (quote, appointment, payment). Read unlocked, two confirms of one payment at once (a double
  // click reaching two instances) met the winner's commit between the payment's read and the
  // appointment's: the loser saw the payment unpaid and the hold confirmed, and was told its hold
  // had run out (issue 33). Locked, the loser waits for the winner and finds the payment paid.
  const checked = await runStep(ctx, 'pay-by-test-card', async (step): Promise<{ refusal: DomainError } | { settled: Awaited<ReturnType<typeof settleSucceededPayment>> }> => {
    const { tx } = step;
    const locked = await step.lock({ quoteId: payment.quoteId, appointmentId });
    if (!locked.quote || !locked.appointment || locked.payment?.id !== payment.id) return { refusal: notFound(paymentMessages.notSetUp) };
    if (locked.payment.status === 'succeeded' || locked.payment.status === 'refunded') return { refusal: alreadyPaid() };
    const appointment = locked.appointment;
    // Unlike a card network, this provider can refuse before taking money: a lapsed hold is not
    // charged (and lapses now, committed with the refusal).
    if (appointment.status === 'held' && appointment.holdExpiresAt && appointment.holdExpiresAt <= now) {
      await lapseHolds(tx, [appointmentId], now);
      return { refusal: conflict(paymentMessages.holdLapsed) };
    }
    if (appointment.status !== 'held') return { refusal: conflict(paymentMessages.holdLapsed) };
    // Nor is a price the quote no longer has: checkout's reload asks for the new one (createPaymentIntent).
    if (locked.payment.amountPence !== locked.quote.totalPence) return { refusal: conflict(paymentMessages.priceChanged) };
    try {
      judgeTestCard(card, now);
    } catch (error) {
      if (!(error instanceof CardError)) throw error;
      await recordPaymentFailed(tx, payment.id, { message: error.message });
      return { refusal: cardErrorToDomain(error) };
    }
    const settled = await settleSucceededPayment(tx, ctx, payment.id);
    step.send(settled.emails);
    if (settled.bookedQuoteId) step.booked(settled.bookedQuoteId);
    return { settled };
  });
  if ('refusal' in checked) throw checked.refusal;
  const { outcome } = checked.settled;
  if (outcome === 'already-settled') throw alreadyPaid();
  // Settled by refunding (the price changed, or the booking went, between the checks above and
  // the settlement): the customer is told, after the refund e-mail is on its way.
  if (outcome === 'refunded') return { result: { status: 'succeeded', appointmentId }, refusal: conflict(paymentMessages.refundedNotBooked) };
  return { result: { status: 'succeeded', appointmentId } };
}
