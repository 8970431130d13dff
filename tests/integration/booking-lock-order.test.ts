// One lock order for a booking's rows (docs/decisions/0004-lifecycles.md): the quote, then its
// appointment, then its payment. Holding a slot, accepting the job and deleting the enquiry
// already start from the quote; a payment's settlement and a customer's cancellation used to
// start from the payment or the appointment, so either of them meeting one of those on the same
// booking could deadlock, and PostgreSQL would abort one with a 500.
//
// Each case holds the quote's row lock in a transaction of its own, as any of those does, starts
// the operation, waits until it is blocked, and then locks the appointment and the payment, as
// those go on to do. In the old order the operation already held one of them: PostgreSQL found the
// deadlock and aborted one side. Now the operation waits on the quote with nothing else locked, so
// both sides finish, one after the other. The same hold also opens the one window the test-mode
// card form's price check cannot close (a price changed after it), to show settlement's refund.
// Only on the PostgreSQL server: PGlite has one connection.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/server/db/database';
import { createTestApp, serverDatabaseAvailable, type TestApp } from '../helpers/app';
import { paymentMessages } from '../../src/server/modules/booking';
import { whileAnotherTransactionHolds } from '../helpers/row-locks';
import { appointmentRow, emailsTo, heldBooking, paidBooking, paymentOf, post, quoteRow, workingDay } from '../helpers/checkout';

if (!serverDatabaseAvailable()) {
  console.warn('\n*** booking-lock-order: TEST_DATABASE_URL is not set, so the lock-order cases on the PostgreSQL server are SKIPPED. ***\n');
}

/**
 * Runs `operation` while another transaction holds the quote's row lock; once the operation waits,
 * that transaction locks the appointment and the payment (and runs `alsoInTheHolder`) and commits.
 */
function whileTheQuoteIsHeld<T>(
  t: TestApp,
  ids: { quoteId: number; appointmentId: number },
  operation: () => Promise<T>,
  alsoInTheHolder: (tx: Db) => Promise<unknown> = async () => {},
): Promise<T> {
  return whileAnotherTransactionHolds(
    t.database.db,
    (tx) => tx.execute(sql`SELECT id FROM quotes WHERE id = ${ids.quoteId} FOR UPDATE`),
    operation,
    async (tx) => {
      await tx.execute(sql`SELECT id FROM appointments WHERE id = ${ids.appointmentId} FOR UPDATE`);
      await tx.execute(sql`SELECT id FROM payments WHERE appointment_id = ${ids.appointmentId} FOR UPDATE`);
      await alsoInTheHolder(tx);
    },
  );
}

describe.skipIf(!serverDatabaseAvailable())('a booking’s rows are locked quote first (PostgreSQL server)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ engine: 'server', env: { AUTO_DISPATCH: 'false' } });
  });
  afterAll(() => t?.close());

  it('a payment settles after a transaction holding its quote, without a deadlock', async () => {
    const booking = await heldBooking(t, workingDay(20));
    const started = await post(t, '/api/create-payment-intent', { quoteId: booking.quote.id, startWithinCancellationPeriod: true }, booking.cookie);
    expect(started.statusCode).toBe(200);
    const { clientSecret } = started.json() as { clientSecret: string };

    const paid = await whileTheQuoteIsHeld(t, { quoteId: booking.quote.id, appointmentId: booking.appointmentId }, () =>
      post(t, '/api/test-payments/confirm', { clientSecret, cardNumber: '4242 4242 4242 4242', expiry: '12/30', cvc: '123' }, booking.cookie),
    );
    expect(paid.statusCode).toBe(200);
    expect((await appointmentRow(t, booking.appointmentId)).status).toBe('confirmed');
    expect((await quoteRow(t, booking.quote.id)).status).toBe('booked');
    expect((await paymentOf(t, booking.appointmentId)).map((p) => p.status)).toEqual(['succeeded']);
  });

  it('a test-mode payment whose price changes while it waits for the quote is refused before any money is taken (409)', async () => {
    // The card form once checked the price unlocked, so a change between that check and the
    // settlement's lock took the money and refunded it. Its checks now run under the booking's
    // locks (issue 33): it waits for the holder, who stands for that change, and sees the new price.
    const booking = await heldBooking(t, workingDay(20));
    const started = await post(t, '/api/create-payment-intent', { quoteId: booking.quote.id, startWithinCancellationPeriod: true }, booking.cookie);
    const { clientSecret, amount } = started.json() as { clientSecret: string; amount: number };

    const paid = await whileTheQuoteIsHeld(
      t,
      { quoteId: booking.quote.id, appointmentId: booking.appointmentId },
      () => post(t, '/api/test-payments/confirm', { clientSecret, cardNumber: '4242 4242 4242 4242', expiry: '12/30', cvc: '123' }, booking.cookie),
      (tx) => tx.execute(sql`UPDATE quotes SET total_pence = total_pence + 1000 WHERE id = ${booking.quote.id}`),
    );
    expect(paid.statusCode).toBe(409);
    expect(paid.json().message).toBe(paymentMessages.priceChanged);
    const [payment] = await paymentOf(t, booking.appointmentId);
    expect(payment).toMatchObject({ status: 'requires_payment', amountPence: amount, refundedPence: 0 });
    expect((await appointmentRow(t, booking.appointmentId)).status).toBe('held');
    expect(await quoteRow(t, booking.quote.id)).toMatchObject({ status: 'approved', totalPence: amount + 1000 });
    expect((await emailsTo(t, booking.assessment.email)).filter((e) => /refund/i.test(e.subject))).toEqual([]);
  });

  it('a customer’s cancellation refunds after a transaction holding its quote, without a deadlock', async () => {
    const booking = await paidBooking(t, workingDay(20), 'afternoon');
    const cancelled = await whileTheQuoteIsHeld(t, { quoteId: booking.quote.id, appointmentId: booking.appointmentId }, () =>
      post(t, `/api/appointments/${booking.appointmentId}/cancel`, {}, booking.cookie),
    );
    expect(cancelled.statusCode).toBe(200);
    expect((await appointmentRow(t, booking.appointmentId)).status).toBe('cancelled');
    expect((await quoteRow(t, booking.quote.id)).status).toBe('approved');
    expect((await paymentOf(t, booking.appointmentId)).map((p) => p.status)).toEqual(['refunded']);
  });
});
