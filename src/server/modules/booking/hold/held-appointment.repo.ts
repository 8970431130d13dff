// GET /api/quotes/{id}/held-appointment: the quote's unpaid hold, for its grant holder. The booking
// page reads it, so that Back from checkout shows the slot the server holds for the customer and
// the time left on it, instead of an empty choice (docs/decisions/0010-booking-pages.md). Once the
// quote is booked it also names the paid booking, so the quote and booking pages link to it.
//
// Issue 9: one batched statement answers whether this browser holds a grant for the quote's
// enquiry and which live appointment the quote has; only a quote with a hold reads that hold's
// view, through the appointment read the confirmation page uses (one statement too, and it lapses
// a hold whose 30 minutes are over). Composed from drizzle queries (the viewer's grants, the
// quote, its live appointment, the record) it was 51 req/s on PGlite with p99 713 ms.
import type { HeldAppointmentView } from '../../../../shared/api/appointments';
import { BOOKED_APPOINTMENT_STATUSES, LIVE_APPOINTMENT_STATUSES } from '../../../../shared/lifecycles/appointment';
import { CUSTOMER_VISIBLE_QUOTE_STATUSES, type QuoteStatus } from '../../../../shared/lifecycles/quote';
import { batchedRead, batchedReadSql } from '../../../db/batch';
import type { Database } from '../../../db/database';
import { notFound } from '../../../kernel/errors';
import { grantHeldSql } from '../../access';
import { readAppointmentView } from '../appointment/appointment-read.repo';
import { bookingMessages } from './bookings.service';

const sqlList = (statuses: readonly string[]) => statuses.map((status) => `'${status}'`).join(', ');
const LIVE = sqlList(LIVE_APPOINTMENT_STATUSES);
const BOOKED = sqlList(BOOKED_APPOINTMENT_STATUSES);

const READ_QUOTE_HOLD_SQL = `SELECT q.status AS "quoteStatus", ${grantHeldSql('q.assessment_id', 'reader.hashes')} AS granted, live.id AS "liveId", live.status AS "liveStatus",
  (SELECT ap.id FROM appointments ap WHERE ap.quote_id = q.id AND ap.status IN (${BOOKED}) ORDER BY ap.id DESC LIMIT 1) AS "bookedId"
FROM quotes q
LEFT JOIN LATERAL (SELECT ap.id, ap.status FROM appointments ap WHERE ap.quote_id = q.id AND ap.status IN (${LIVE}) ORDER BY ap.id DESC LIMIT 1) live ON true
WHERE q.id = reader.id`;
const READ_QUOTE_HOLDS = batchedReadSql('read_quote_holds', { id: 'int', hashes: 'text[]' }, READ_QUOTE_HOLD_SQL);

interface QuoteHoldRow {
  quoteStatus: QuoteStatus;
  granted: boolean;
  liveId: number | null;
  liveStatus: string | null;
  bookedId: number | null;
}

/**
 * The hold, or null when the quote has none that is still running (a hold whose 30 minutes are
 * over is lapsed here, as every other read does). Only the grant holder asks: to anyone else,
 * admins and repairers included, the quote does not exist here (404), as for POST /api/appointments.
 */
export async function heldAppointmentOfQuote(database: Database, grantTokenHashes: string[], quoteId: number, now: Date): Promise<HeldAppointmentView> {
  if (grantTokenHashes.length === 0) throw notFound(bookingMessages.quoteNotFound);
  const row = await batchedRead<{ id: number; hashes: string[] }, QuoteHoldRow>(database, READ_QUOTE_HOLDS)({ id: quoteId, hashes: grantTokenHashes });
  if (!row || !row.granted || !CUSTOMER_VISIBLE_QUOTE_STATUSES.has(row.quoteStatus)) throw notFound(bookingMessages.quoteNotFound);
  const bookedAppointmentId = row.bookedId;
  if (row.liveId === null || row.liveStatus !== 'held') return { appointment: null, bookedAppointmentId };
  // The grant holder reads the hold as the confirmation page does; an overdue one is lapsed there.
  const view = await readAppointmentView(database, row.liveId, { user: null, grantTokenHashes }, now);
  return { appointment: view.status === 'held' ? view : null, bookedAppointmentId };
}
