// The booking calendar's reads (GET /api/appointments/available and …/available-month) in one
// prepared statement (issue 9; docs/notes/0007-api-history.md, ninth round). Built by drizzle,
// each read was three statements parsed and planned on every call: the address's rate-limit
// count, the expired holds of those days, and their slot rows (PGlite: 316 req/s, p99 66 ms).
// Now one statement counts the hit (the same upsert as plugins/rate-limit.ts), says whether any
// hold of those days is past its expiry, and returns the slot rows. Only when a hold has expired
// does the read lapse it and read the rows again, as before (lapseExpiredHolds).
// The hit is the statement's only write, and losing the last hits after a crash is harmless, so
// its transaction commits without waiting for the WAL to reach the disk (`lossy`:
// synchronous_commit off for this transaction alone; docs/notes/0007-api-history.md, twelfth
// round).
// Waiting, every read of one address queued on its rate-limit row until the previous commit was
// flushed: the calendar month's p99 over 25 ms on the server.
import type { Database } from '../../../db/database';
import type { SlotPlaces } from './capacity.repo';

const READ_AVAILABILITY_SQL = `WITH lossy AS (SELECT set_config('synchronous_commit', 'off', true)),
hit AS (
  INSERT INTO rate_limits (key, window_started_at, count) VALUES ($1, now(), 1)
  ON CONFLICT (key) DO UPDATE SET
    count = CASE WHEN rate_limits.window_started_at < now() - make_interval(secs => $2::int) THEN 1 ELSE rate_limits.count + 1 END,
    window_started_at = CASE WHEN rate_limits.window_started_at < now() - make_interval(secs => $2::int) THEN now() ELSE rate_limits.window_started_at END
  RETURNING count)
SELECT (SELECT count FROM hit) AS hits,
  EXISTS (SELECT 1 FROM appointments a WHERE a.status = 'held' AND a.hold_expires_at <= $3::timestamptz
    AND a.appointment_date BETWEEN $4::date AND $5::date) AS "expiredHolds",
  (SELECT coalesce(json_agg(json_build_object('slotDate', s.slot_date::text, 'timeSlot', s.time_slot, 'capacity', s.capacity,
      'taken', s.taken, 'overridden', s.overridden, 'closed', s.closed)), '[]'::json)
    FROM slot_capacity s WHERE s.slot_date BETWEEN $4::date AND $5::date) AS slots
FROM lossy`;

export interface AvailabilityRead {
  /** Hits of the rate-limit key in its window, this one included. */
  hits: number;
  /** Whether a hold of these days is past its expiry at `now` (it must lapse before the rows are right). */
  expiredHolds: boolean;
  slots: SlotPlaces[];
}

/** Counts one hit on `rateKey` and reads the slot rows of `from`…`to` (inclusive) at `now`, in one statement. */
export async function readAvailability(
  database: Database,
  { rateKey, windowSeconds, from, to, now }: { rateKey: string; windowSeconds: number; from: string; to: string; now: Date },
): Promise<AvailabilityRead> {
  const [row] = await database.statement<Record<keyof AvailabilityRead, unknown>>('read_availability', READ_AVAILABILITY_SQL).run([rateKey, windowSeconds, now.toISOString(), from, to]);
  return { hits: Number(row!.hits), expiredHolds: row!.expiredHolds === true, slots: row!.slots as SlotPlaces[] };
}
