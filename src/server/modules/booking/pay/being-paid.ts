// Whether a quote's checkout is under way (D6, D13): its live appointment is an unexpired hold
// whose payment has started and is not settled. The quote desk refuses a price change or a
// deletion then; it is handed this question (admin.routes.ts passes it) rather than reading the
// booking's tables, so quotes never import the booking module that builds on it.
import type { Db } from '../../../db/database';
import { findLiveAppointmentOfQuote } from '../appointments.repo';
import { findPaymentByAppointment } from './payments.repo';

export async function quoteBeingPaid(tx: Db, quoteId: number, now: Date): Promise<boolean> {
  const live = await findLiveAppointmentOfQuote(tx, quoteId);
  if (live?.status !== 'held' || (live.holdExpiresAt !== null && live.holdExpiresAt <= now)) return false;
  const payment = await findPaymentByAppointment(tx, live.id);
  return payment?.status === 'requires_payment' || payment?.status === 'failed';
}
