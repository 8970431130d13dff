// GET /api/quotes/{id}/held-appointment: the quote's unpaid hold, for its grant holder. The booking
// page reads it, so that Back from checkout shows the slot the server holds for the customer and
// the time left on it, instead of an empty choice (docs/decisions/0010-booking-pages.md).
import type { AppointmentView } from '../../../shared/api/appointments';
import { CUSTOMER_VISIBLE_QUOTE_STATUSES } from '../../../shared/lifecycles/quote';
import { notFound } from '../../plugins/errors';
import { customerRecordAccess, type Viewer } from '../access/access.policy';
import { findQuote } from '../quotes/quotes.repo';
import { findAppointmentRecord, findLiveAppointmentOfQuote } from './appointments.repo';
import { bookingMessages, lapseHolds, toAppointmentView, type BookingContext } from './bookings.service';

/**
 * The hold, or null when the quote has none that is still running (a hold whose 30 minutes are
 * over is lapsed here, as every other read does). Only the grant holder asks: to anyone else,
 * admins and repairers included, the quote does not exist here (404), as for POST /api/appointments.
 */
export async function heldAppointmentOfQuote(ctx: BookingContext, viewer: Viewer, quoteId: number, now: Date): Promise<AppointmentView | null> {
  if (viewer.assessmentIds.length === 0) throw notFound(bookingMessages.quoteNotFound);
  const quote = await findQuote(ctx.db, quoteId);
  if (
    !quote ||
    !CUSTOMER_VISIBLE_QUOTE_STATUSES.has(quote.status) ||
    customerRecordAccess({ user: null, assessmentIds: viewer.assessmentIds }, { assessmentId: quote.assessmentId }) !== 'customer'
  ) {
    throw notFound(bookingMessages.quoteNotFound);
  }
  const live = await findLiveAppointmentOfQuote(ctx.db, quote.id);
  if (!live || live.status !== 'held') return null;
  if (live.holdExpiresAt && live.holdExpiresAt <= now) {
    await lapseHolds(ctx.db, [live.id], now);
    return null;
  }
  const record = await findAppointmentRecord(ctx.db, live.id);
  return record?.appointment.status === 'held' ? toAppointmentView(record, now) : null;
}
