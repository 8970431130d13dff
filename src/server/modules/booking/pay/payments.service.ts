// Checkout (issue 11; D13, D14; docs/decisions/0009-payments.md). The server owns the money: the
// amount is the quote's total in pence, never the browser's. One payment (one provider intent) per
// booking. A succeeded payment is settled by ONE function, whether Stripe's webhook or the
// test-mode card form reports it.
import type { FastifyBaseLogger } from 'fastify';
import { ALREADY_PAID, CHECKOUT_START_WITHIN, CreatePaymentIntentBodySchema, NO_QUOTE_MESSAGE, needsEarlyStartRequest, type PaymentIntentView } from '../../../../shared/api/payments';
import { slotStartsAt, type TimeSlot } from '../../../../shared/calendar';
import type { AppConfig } from '../../../config/config';
import type { Db } from '../../../db/database';
import { transition, TransitionConflictError } from '../../../db/transition';
import { badRequest, conflict, DomainError, notFound } from '../../../kernel/errors';
import { parseBody } from '../../../plugins/validation';
import { customerRecordAccess, type Viewer } from '../../access';
import { findLatestAppointmentOfQuote, findLiveAppointmentOfQuote } from '../appointments.repo';
import { lapseHolds, quoteExpiredMessage } from '../hold/bookings.service';
import { isQuoteExpired } from '../../../../shared/lifecycles/quote';
import { leaveLiveState, takePlace } from '../slots/capacity.repo';
import { queueEmail, type OutboxEmail } from '../../email';
import { findAssessment } from '../../assessments';
import { requireCoverage } from '../../coverage';
import { findQuote } from '../../quotes';
import { lockStepRows } from '../process/run-step';
import type { Enqueue } from '../../../kernel/jobs';
import { bookingFacts } from '../emails/booking-email-facts';
import { invoiceAttachment, issueInvoice } from '../invoice/invoices.service';
import { confirmationEmail, confirmationText, refundEmail, type RefundReason } from '../emails/booking-emails';
import { CardError, PaymentProviderError, type PaymentProvider } from './payment-provider';
import { technicianPlaceFree, technicianStillFree } from '../hold/claim';
import { afterLateConfirm } from '../slots/stored-matching';
import { recordAudit, systemActor } from '../../privacy';
import {
  findPayment,
  findPaymentByAppointment,
  insertOwedPayout,
  insertPayment,
  lockPayment,
  updatePayment,
  type PaymentRow,
} from './payments.repo';

export interface PaymentsContext {
  db: Db;
  config: AppConfig;
  provider: PaymentProvider;
  log: FastifyBaseLogger;
  /** Where a step's after-commit work goes (run-step.ts); absent in a test that calls a service directly. */
  jobs?: Enqueue;
}


export const paymentMessages = {
  // SPEC's 'Invalid Quote' toast.
  noQuote: NO_QUOTE_MESSAGE,
  noHold: 'This quote has no slot held for payment. Please choose a date and time first.',
  noTechnician: 'No technician can come to you in that slot any more, so you have not been charged. Please choose another date or time.',
  holdLapsed: 'Your 30-minute hold on this slot has run out. Please choose a date and time again.',
  alreadyPaid: ALREADY_PAID.message,
  startWithin: CHECKOUT_START_WITHIN.refusal,
  notSetUp: 'Payment is not set up. Please try again.',
  refundedNotBooked: 'Your booking could not be made as it stood when you paid, so your payment has been refunded in full. We have e-mailed you the details.',
  priceChanged: 'The price of this quote has changed since checkout opened, and nothing was taken from your card. Please reload the page to see the new price.',
  // Checkout adds 'Nothing has been charged.'
  providerUnavailable: 'Card payments are unavailable just now. Please try again in a few minutes.',
} as const;

/** Paying what is already paid: 409 with its own code, which checkout answers with 'Already paid'. */
export const alreadyPaid = () => new DomainError(409, ALREADY_PAID.error, ALREADY_PAID.message);

/** A refused card as the API answers it: 402 with the provider's code and sentence (SPEC's 'Payment Failed'). */
export function cardErrorToDomain(error: CardError): DomainError {
  return new DomainError(402, error.code, error.message);
}

/**
 * A provider call made for checkout, its failures as the customer is told them: a refused card is
 * 402 with the provider's sentence; the provider failing (down, slow, rate-limited, refusing our
 * key) is 503 with a sentence to act on, and logged for the operator with the provider's detail.
 */
async function askProvider<T>(ctx: PaymentsContext, what: string, ids: Record<string, number>, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof CardError) throw cardErrorToDomain(error);
    if (!(error instanceof PaymentProviderError)) throw error;
    ctx.log.error({ ...ids, provider: ctx.provider.name, detail: error.detail, err: error }, `the payment provider failed to ${what}: checkout asked the customer to try again`);
    throw new DomainError(503, 'payment_unavailable', paymentMessages.providerUnavailable);
  }
}

/** Pounds (SPEC's client) or pence: whichever the browser meant, is it the quote's total? */
function sameAmount(sent: number, totalPence: number): boolean {
  return sent === totalPence || Math.round(sent * 100) === totalPence;
}

/** POST /api/create-payment-intent, by the quote's grant holder with a live hold. */
export async function createPaymentIntent(ctx: PaymentsContext, viewer: Viewer, rawBody: unknown, now: Date): Promise<PaymentIntentView> {
  // Authorise before parsing: a browser with no customer grant learns nothing of the rules.
  if (viewer.assessmentIds.length === 0) throw notFound(paymentMessages.noQuote);
  const body = parseBody(CreatePaymentIntentBodySchema, rawBody);
  const quote = await findQuote(ctx.db, body.quoteId);
  // Not the grant holder (admins and repairers included): the quote does not exist for them.
  if (!quote || customerRecordAccess({ user: null, assessmentIds: viewer.assessmentIds }, { assessmentId: quote.assessmentId }) !== 'customer') {
    throw notFound(paymentMessages.noQuote);
  }
  if (quote.status === 'booked') throw alreadyPaid();
  if (quote.status !== 'approved') throw notFound(paymentMessages.noQuote);
  await requireCoverage(ctx.db, quote.assessmentId);

  const appointment = await findLiveAppointmentOfQuote(ctx.db, quote.id);
  if (!appointment) {
    // Checkout opened again later says why there is nothing to pay for (a customer's review: it
    // said "no slot held" after the 30-minute hold had run out, and after the quote had expired).
    if (isQuoteExpired(quote.validUntilDate, now)) throw conflict(quoteExpiredMessage(quote.validUntilDate));
    if ((await findLatestAppointmentOfQuote(ctx.db, quote.id))?.status === 'lapsed') throw conflict(paymentMessages.holdLapsed);
    throw conflict(paymentMessages.noHold);
  }
  if (appointment.status !== 'held') throw alreadyPaid();
  if (appointment.holdExpiresAt && appointment.holdExpiresAt <= now) {
    await lapseHolds(ctx.db, [appointment.id], now, { as: 'start-checkout' });
    throw conflict(paymentMessages.holdLapsed);
  }
  // Issue 35: never charged for a repair nobody can do (a technician's time off since the hold).
  if (!(await technicianStillFree(ctx.db, quote.id, { date: appointment.appointmentDate, slot: appointment.timeSlot as TimeSlot }, now))) {
    throw conflict(paymentMessages.noTechnician);
  }
  // D14, measured from the hold's end: the intent lets the customer pay until then.
  const startsAt = slotStartsAt(appointment.appointmentDate, appointment.timeSlot as TimeSlot);
  if (needsEarlyStartRequest(startsAt, appointment.holdExpiresAt ?? now) && body.startWithinCancellationPeriod !== true) {
    throw badRequest(paymentMessages.startWithin, { startWithinCancellationPeriod: paymentMessages.startWithin });
  }

  const amountPence = quote.totalPence;
  if (body.amount !== undefined && !sameAmount(body.amount, amountPence)) {
    ctx.log.warn({ quoteId: quote.id, appointmentId: appointment.id, sentAmount: body.amount, amountPence }, 'ignored an amount sent by the browser that differs from the quote');
  }
  const view = (payment: PaymentRow): PaymentIntentView => ({
    clientSecret: payment.clientSecret,
    amount: payment.amountPence,
    currency: 'gbp',
    appointmentId: appointment.id,
    provider: payment.provider,
  });

  let payment = await findPaymentByAppointment(ctx.db, appointment.id);
  if (!payment) {
    // Keyed by booking and amount: two racing requests get Stripe's one intent; the loser's insert finds the row.
    const intent = await askProvider(ctx, 'create a payment intent', { appointmentId: appointment.id }, () =>
      ctx.provider.createIntent({
        appointmentId: appointment.id,
        quoteId: quote.id,
        amountPence,
        description: `AutoRevive repair, appointment ${appointment.id}`,
        idempotencyKey: `appointment-${appointment.id}-intent-${amountPence}`,
      }),
    );
    payment =
      (await insertPayment(ctx.db, {
        quoteId: quote.id,
        appointmentId: appointment.id,
        provider: ctx.provider.name,
        providerRef: intent.id,
        clientSecret: intent.clientSecret,
        amountPence,
        startWithinCancellationPeriod: body.startWithinCancellationPeriod === true,
      })) ?? (await findPaymentByAppointment(ctx.db, appointment.id));
    if (!payment) throw new Error(`The payment for appointment ${appointment.id} was neither inserted nor found`);
    return view(payment);
  }
  if (payment.status === 'succeeded' || payment.status === 'refunded') throw alreadyPaid();
  if (payment.amountPence !== amountPence) {
    // An admin revised the quote while it was unpaid: the intent follows the quote.
    const { id: paymentId, providerRef } = payment;
    await askProvider(ctx, "change a payment intent's amount", { appointmentId: appointment.id, paymentId }, () =>
      ctx.provider.updateAmount(providerRef, amountPence, `payment-${paymentId}-amount-${amountPence}`),
    );
    await updatePayment(ctx.db, payment.id, { amountPence });
    payment = { ...payment, amountPence };
  }
  if (body.startWithinCancellationPeriod === true && !payment.startWithinCancellationPeriod) {
    await updatePayment(ctx.db, payment.id, { startWithinCancellationPeriod: true });
  }
  return view(payment);
}

export type SettleOutcome = 'confirmed' | 'reinstated' | 'refunded' | 'already-settled' | 'out-of-order';

/**
 * A payment succeeded at the provider: THE one path for Stripe's webhook and the test-mode
 * provider. Inside the caller's transaction: the payment succeeds, the held appointment is
 * confirmed and its quote booked, the repairer's share is recorded as owed (D14) and the
 * confirmation e-mail is queued. A payment arriving after its hold lapsed re-takes the slot if
 * it still has a place, has not started, and D14 still holds; otherwise (or when the booking was
 * cancelled meanwhile) the money goes straight back. Idempotent: a second report of the same
 * payment changes nothing.
 */
export async function settleSucceededPayment(
  tx: Db,
  ctx: PaymentsContext,
  paymentId: number,
  report: { eventAt?: Date } = {},
): Promise<{ outcome: SettleOutcome; emails: OutboxEmail[]; bookedQuoteId?: number }> {
  // Gone (its enquiry deleted between the caller's read and this lock): a 404 that rolls the
  // caller back. Stripe then delivers the event again, and the webhook refunds what it finds no
  // record of (stripe-webhook.ts); the test-mode card form says payment is not set up.
  const unlocked = await findPayment(tx, paymentId);
  if (!unlocked) throw notFound(paymentMessages.notSetUp);
  const appointmentId = unlocked.appointmentId!;
  // The booking's rows in the one lock order (run-step.ts): a caller's step may have taken them already.
  const { quote, appointment, payment } = await lockStepRows(tx, 'settle-payment', { quoteId: unlocked.quoteId, appointmentId });
  if (!payment || payment.id !== paymentId || !appointment || !quote) throw notFound(paymentMessages.notSetUp);
  if (payment.status === 'succeeded' || payment.status === 'refunded') return { outcome: 'already-settled', emails: [] };
  if (report.eventAt && payment.lastEventAt && report.eventAt < payment.lastEventAt) return { outcome: 'out-of-order', emails: [] };
  await transition(tx, 'payment', 'succeed', payment.id, { set: { failureMessage: null, lastEventAt: report.eventAt ?? new Date() } });

  const testMode = payment.provider === 'test';
  if (appointment.status === 'confirmed' || appointment.status === 'assigned') return { outcome: 'already-settled', emails: [] };

  // D6: a booking is made at the price that was paid, or not at all. The amount was the quote's
  // when the payment began, and an admin cannot change the price while it is under way, but a
  // change racing checkout, or a card payment that arrives after its hold lapsed and the price
  // was changed, would book one total and take another: the money goes back instead.
  const priceChanged = quote.totalPence !== payment.amountPence;
  // Erased since the hold lapsed (erasure waits for no payment that is not yet taken): there is
  // nobody to book for, so the money goes back; the refund goes to the card, and no e-mail can.
  const erased = (await findAssessment(tx, quote.assessmentId))?.erasedAt != null;
  let outcome: SettleOutcome | null = null;
  // Why a lapsed hold's late payment was not booked again, when it was not for want of a place.
  let lateRefusal: ReturnType<typeof lateBookingRefusal> = null;
  if (erased) {
    if (appointment.status === 'held') await leaveLiveState(tx, appointmentId, 'cancel');
  } else if (priceChanged) {
    ctx.log.warn({ appointmentId, paymentId, paidPence: payment.amountPence, quotePence: quote.totalPence }, 'a payment arrived for a price the quote no longer has: refunding');
    if (appointment.status === 'held') await leaveLiveState(tx, appointmentId, 'cancel');
  } else if (appointment.status === 'held') {
    // Past the hold's end but not yet lapsed by the sweep: the place is still held, but the
    // booking is made now, so it is judged as a lapsed hold's late payment is.
    const settledAt = new Date();
    lateRefusal = appointment.holdExpiresAt && appointment.holdExpiresAt <= settledAt ? lateBookingRefusal(appointment, payment, settledAt) : null;
    if (lateRefusal) {
      ctx.log.warn({ appointmentId, paymentId, reason: lateRefusal }, 'a payment arrived after its hold ended for a slot it may no longer book: refunding');
      await leaveLiveState(tx, appointmentId, 'lapse');
    } else {
      await transition(tx, 'appointment', 'confirm', appointmentId, { set: { holdExpiresAt: null } });
      // Paid after its 30 minutes: its technician's place may have gone meanwhile (stored matching, 0028).
      if (appointment.holdExpiresAt && appointment.holdExpiresAt <= settledAt) await afterLateConfirm(tx, quote.id, { date: appointment.appointmentDate, slot: appointment.timeSlot as TimeSlot }, settledAt);
      outcome = 'confirmed';
    }
  } else if (appointment.status === 'lapsed') {
    lateRefusal = lateBookingRefusal(appointment, payment, new Date());
    if (lateRefusal) {
      ctx.log.warn({ appointmentId, paymentId, reason: lateRefusal }, 'a payment arrived after its hold lapsed for a slot it may no longer book: refunding');
    } else {
      // The place went back when the hold lapsed: take one again if the slot still has room and
      // the quote has no other live booking (savepoint: a refusal must not spoil the transaction).
      try {
        await tx.transaction(async (savepoint) => {
          const taken = await takePlace(savepoint, { date: appointment.appointmentDate, slot: appointment.timeSlot as TimeSlot }, ctx.config.slotCapacity);
          if (!taken || !(await technicianPlaceFree(savepoint, quote.id, { date: appointment.appointmentDate, slot: appointment.timeSlot as TimeSlot }, new Date()))) throw new SlotGone();
          await transition(savepoint, 'appointment', 'reinstate', appointmentId, { set: { holdExpiresAt: null } });
        });
        outcome = 'reinstated';
      } catch (error) {
        ctx.log.warn({ appointmentId, paymentId, err: error }, 'a payment arrived after its hold lapsed and the slot could not be taken again: refunding');
      }
    }
  }

  if (outcome === null) {
    // The price changed, or lapsed and full, started or inside D14 unasked, or cancelled meanwhile: the customer gets their money back at once.
    const refund = await ctx.provider.refund({ intentId: payment.providerRef, amountPence: payment.amountPence, idempotencyKey: `payment-${payment.id}-refund` });
    await transition(tx, 'payment', 'refund', payment.id, { set: { refundedPence: payment.amountPence, refundRef: refund.id } });
    const why: RefundReason = priceChanged ? 'price-changed' : (lateRefusal ?? 'slot-gone');
    const reason = erased ? 'paid after the enquiry was erased' : auditReasons[why];
    await recordAudit(tx, systemActor, 'payment_refunded', { kind: 'payment', id: payment.id }, { amountPence: payment.amountPence, reason });
    if (erased) return { outcome: 'refunded', emails: [] };
    const facts = await bookingFacts(tx, ctx.config, appointmentId, testMode);
    return { outcome: 'refunded', emails: [await queueEmail(tx, refundEmail({ ...facts, totalPence: payment.amountPence }, why))] };
  }

  await transition(tx, 'quote', 'book', quote.id);
  // D14: the repairer's share, owed until the job is done and confirmed. Nobody has accepted the
  // job yet at payment time (issue 12 assigns it), so the repairer is filled in then.
  await insertOwedPayout(tx, { paymentId: payment.id, repairerId: quote.assignedRepairerId, amountPence: quote.repairerPaymentPence });
  // Issue 37: the VAT invoice, numbered in this transaction (a rollback takes no number), attached to the confirmation.
  const invoice = await issueInvoice(tx, ctx.config.company, { id: payment.id, quoteId: quote.id, appointmentId, appointmentDate: appointment.appointmentDate }, new Date());
  const facts = await bookingFacts(tx, ctx.config, appointmentId, testMode);
  const invoiceFile = invoice ? { number: invoice.number, attachment: await invoiceAttachment(invoice), receipt: invoice.kind === 'receipt' } : null;
  // bookedQuoteId: the caller's step offers the job to nearby repairers once it commits (step.booked; issue 12, AUTO_DISPATCH).
  const text = confirmationText(facts);
  const emails = [await queueEmail(tx, confirmationEmail({ ...facts, totalPence: payment.amountPence }, payment, invoiceFile)), ...(text ? [await queueEmail(tx, text)] : [])];
  return { outcome, emails, bookedQuoteId: quote.id };
}

class SlotGone extends Error {}

/**
 * A lapsed hold's late payment books the slot now, so it is judged now, not when checkout opened:
 * a slot that has started is never booked (takePlace counts places, not time, and no request
 * makes a past slot bookable), and D14 is measured again from this moment. Checkout measured it
 * from the hold's end, so a payment landing later can find the slot inside the 14 days with the
 * customer never asked; booking it would start the repair inside the period without their
 * request (reg. 36). A request made at checkout (on the payment) stands.
 */
function lateBookingRefusal(
  appointment: { appointmentDate: string; timeSlot: string },
  payment: Pick<PaymentRow, 'startWithinCancellationPeriod'>,
  settledAt: Date,
): 'slot-started' | 'early-start-not-requested' | null {
  const startsAt = slotStartsAt(appointment.appointmentDate, appointment.timeSlot as TimeSlot);
  if (startsAt <= settledAt) return 'slot-started';
  if (!payment.startWithinCancellationPeriod && needsEarlyStartRequest(startsAt, settledAt)) return 'early-start-not-requested';
  return null;
}

/** The audit log's reason for each automatic refund at settlement (the customer's e-mail says it in full). */
const auditReasons: Record<Exclude<RefundReason, 'cancelled' | 'problem-reported'>, string> = {
  'price-changed': 'paid a price the quote no longer has',
  'slot-gone': 'paid after its slot was gone',
  'slot-started': 'paid after its slot had started',
  'early-start-not-requested': 'paid inside the 14-day cancellation period without the request to start within it',
};

/** A card was refused: the payment is marked failed (the customer may retry on the same intent). */
export async function recordPaymentFailed(tx: Db, paymentId: number, failure: { message: string; eventAt?: Date }): Promise<'failed' | 'ignored'> {
  const payment = await lockPayment(tx, paymentId);
  if (!payment) return 'ignored';
  // Out of order: a failure reported after the payment succeeded (or older than the last event applied).
  if (payment.status !== 'requires_payment' && payment.status !== 'failed') return 'ignored';
  if (failure.eventAt && payment.lastEventAt && failure.eventAt < payment.lastEventAt) return 'ignored';
  try {
    await transition(tx, 'payment', 'fail', payment.id, { set: { failureMessage: failure.message, lastEventAt: failure.eventAt ?? new Date() } });
    return 'failed';
  } catch (error) {
    if (error instanceof TransitionConflictError) return 'ignored';
    throw error;
  }
}
