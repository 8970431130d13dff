// The test-mode provider's card form (POST /api/test-payments/confirm). The server plays the
// card network: it judges the card as Stripe's test cards behave, then a success goes through
// settleSucceededPayment, the very function Stripe's webhook uses.
import type { TestPaymentConfirmBody, TestPaymentResult } from '../../../shared/api/payments';
import { conflict, notFound, type DomainError } from '../../plugins/errors';
import { customerRecordAccess, type Viewer } from '../access/access.policy';
import { findAppointmentRecord } from '../bookings/appointments.repo';
import { lapseHolds } from '../bookings/bookings.service';
import type { OutboxEmail } from '../email/email.repo';
import { findQuote } from '../quotes/quotes.repo';
import { CardError } from './payment-provider';
import { findPaymentByClientSecret } from './payments.repo';
import { alreadyPaid, cardErrorToDomain, paymentMessages, recordPaymentFailed, settleSucceededPayment, type PaymentsContext } from './payments.service';
import { judgeTestCard } from './test-provider';

export async function confirmTestPayment(
  ctx: PaymentsContext,
  viewer: Viewer,
  card: TestPaymentConfirmBody,
  now: Date,
): Promise<{ result: TestPaymentResult; emails: OutboxEmail[]; bookedQuoteId?: number; refusal?: DomainError }> {
  const payment = await findPaymentByClientSecret(ctx.db, card.clientSecret);
  const quote = payment && payment.provider === 'test' ? await findQuote(ctx.db, payment.quoteId) : undefined;
  // The client secret alone is not enough: it must be the grant holder's own payment (D10).
  if (!payment || !quote || customerRecordAccess({ user: null, assessmentIds: viewer.assessmentIds }, { assessmentId: quote.assessmentId }) !== 'customer') {
    throw notFound(paymentMessages.notSetUp);
  }
  const appointmentId = payment.appointmentId!;
  if (payment.status === 'succeeded' || payment.status === 'refunded') throw alreadyPaid();
  // Unlike a card network, this provider can refuse before taking money: a lapsed hold is not charged.
  // Read, not locked: settlement below locks the booking's rows in their one order.
  const appointment = (await findAppointmentRecord(ctx.db, appointmentId))?.appointment;
  if (appointment?.status === 'held' && appointment.holdExpiresAt && appointment.holdExpiresAt <= now) await lapseHolds(ctx.db, [appointmentId], now);
  if (appointment?.status !== 'held' || (appointment.holdExpiresAt && appointment.holdExpiresAt <= now)) throw conflict(paymentMessages.holdLapsed);
  // Nor is a price the quote no longer has: checkout's reload asks for the new one (createPaymentIntent).
  if (payment.amountPence !== quote.totalPence) throw conflict(paymentMessages.priceChanged);

  try {
    judgeTestCard(card, now);
  } catch (error) {
    if (!(error instanceof CardError)) throw error;
    await ctx.db.transaction((tx) => recordPaymentFailed(tx, payment.id, { message: error.message }));
    throw cardErrorToDomain(error);
  }
  const { outcome, emails, bookedQuoteId } = await ctx.db.transaction((tx) => settleSucceededPayment(tx, ctx, payment.id));
  if (outcome === 'already-settled') throw alreadyPaid();
  // Settled by refunding (the price changed, or the booking went, between the checks above and
  // the settlement): the customer is told, after the refund e-mail is on its way.
  if (outcome === 'refunded') return { result: { status: 'succeeded', appointmentId }, emails, refusal: conflict(paymentMessages.refundedNotBooked) };
  return { result: { status: 'succeeded', appointmentId }, emails, ...(bookedQuoteId ? { bookedQuoteId } : {}) };
}
