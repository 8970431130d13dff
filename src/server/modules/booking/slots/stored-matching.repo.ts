// The stored matching's reads and writes (stored-matching.ts, docs/decisions/0028 "The stored
// matching"): slot_reservations, one row per open booking, its technician or null. A row counts
// only while its quote's booking is open in that same slot (held and not past its 30 minutes,
// or paid and waiting: confirmed), so a lapsed, cancelled, assigned or moved booking's row is
// ignored whatever it says. Written only under the slot's lock (lockSlotMatching).
import { sql, type SQL } from 'drizzle-orm';
import { timeSlots, type TimeSlot } from '../../../../shared/calendar';
import type { Db, SqlResult } from '../../../db/database';
import { intArray } from '../../../db/int-array';
import { customersOf, type OpenBooking } from './customer-availability.repo';
import { NEARBY_RADIUS_MILES } from '../../../../shared/api/dispatch';
import { boundingBox, coveringSql } from '../../repairers';
import { slotBit } from '../../repairer-availability';
import type { Customer, SlotOf, TechnicianFacts } from './eligibility.repo';

/** The booking of reservation `r` (joined as `a`) is open at `now`, in the row's own slot. */
const openBooking = (now: Date) => sql`JOIN appointments a ON a.quote_id = r.quote_id AND a.appointment_date = r.slot_date AND a.time_slot = r.time_slot
  AND (a.status = 'confirmed' OR (a.status = 'held' AND (a.hold_expires_at IS NULL OR a.hold_expires_at > ${now.toISOString()}::timestamptz)))`;

const except = (exceptQuoteId: number | undefined) => (exceptQuoteId === undefined ? sql`` : sql` AND r.quote_id <> ${exceptQuoteId}::int`);

async function rows(db: Db, query: SQL): Promise<Record<string, unknown>[]> {
  return ((await db.execute(query)) as unknown as SqlResult).rows;
}

/**
 * Every writer of a slot's reservations takes this first, until its transaction ends: a claim
 * (after takePlace), a release, an accept, a take-back, an availability change. A transaction
 * lock keyed by the slot (the same on both engines), so the slot's rows always form one matching.
 */
export async function lockSlotMatching(db: Db, at: SlotOf): Promise<void> {
  const day = Math.round(Date.parse(`${at.date}T00:00:00Z`) / 86_400_000);
  await db.execute(sql`SELECT pg_advisory_xact_lock(35007, ${day * 2 + timeSlots.indexOf(at.slot)}::int)`);
}

/** Open bookings reserved on each technician by `${repairerId}|${date}/${slot}`, over `from`…`to`. */
export async function reservedLoads(db: Db, repairerIds: readonly number[], from: string, to: string, now: Date, exceptQuoteId?: number): Promise<Map<string, number>> {
  if (repairerIds.length === 0) return new Map();
  const found = await rows(
    db,
    sql`SELECT r.repairer_id AS id, r.slot_date::text AS d, r.time_slot AS s, count(*)::int AS n FROM slot_reservations r ${openBooking(now)}
      WHERE r.repairer_id = ANY(${intArray(repairerIds)}) AND r.slot_date BETWEEN ${from}::date AND ${to}::date${except(exceptQuoteId)}
      GROUP BY r.repairer_id, r.slot_date, r.time_slot`,
  );
  return new Map(found.map((row) => [`${Number(row.id)}|${String(row.d)}/${String(row.s)}`, Number(row.n)]));
}

/** A booking of the slot with its reserved technician (null: unplaced). */
export interface ReservedBooking extends OpenBooking {
  repairerId: number | null;
}

/** The open bookings of the slot reserved on these technicians (`unplaced`: the unplaced ones; `all`: every one), with their customers. */
export async function reservedBookings(db: Db, at: SlotOf, now: Date, who: { repairerIds: readonly number[] } | 'unplaced' | 'all', exceptQuoteId?: number): Promise<ReservedBooking[]> {
  if (typeof who === 'object' && who.repairerIds.length === 0) return [];
  const whose = who === 'all' ? sql`TRUE` : who === 'unplaced' ? sql`r.repairer_id IS NULL` : sql`r.repairer_id = ANY(${intArray(who.repairerIds)})`;
  const found = await rows(
    db,
    sql`SELECT r.quote_id, r.repairer_id, a.id AS appointment_id, s.latitude, s.longitude, s.postcode, s.damage_type
      FROM slot_reservations r ${openBooking(now)}
      JOIN quotes q ON q.id = r.quote_id JOIN assessments s ON s.id = q.assessment_id
      WHERE r.slot_date = ${at.date}::date AND r.time_slot = ${at.slot}
        AND ${whose}${except(exceptQuoteId)}
      ORDER BY r.quote_id`,
  );
  const customers = await customersOf(
    db,
    found.map((row) => ({
      latitude: row.latitude === null ? null : Number(row.latitude),
      longitude: row.longitude === null ? null : Number(row.longitude),
      postcode: String(row.postcode),
      damageType: String(row.damage_type),
    })),
  );
  return found.flatMap((row, i) => {
    const customer = customers[i];
    if (!customer) return [];
    return [{ appointmentId: Number(row.appointment_id), quoteId: Number(row.quote_id), date: at.date, slot: at.slot as TimeSlot, customer, repairerId: row.repairer_id === null ? null : Number(row.repairer_id) }];
  });
}

/** Writes the reservation of each quote in the slot (null: unplaced). Call under lockSlotMatching. */
export async function writeReservations(db: Db, at: SlotOf, reservations: ReadonlyMap<number, number | null>): Promise<void> {
  if (reservations.size === 0) return;
  const values = sql.join(
    [...reservations].map(([quoteId, repairerId]) => sql`(${quoteId}::int, ${at.date}::date, ${at.slot}::text, ${repairerId}::int)`),
    sql`, `,
  );
  await db.execute(sql`INSERT INTO slot_reservations (quote_id, slot_date, time_slot, repairer_id) VALUES ${values}
    ON CONFLICT (quote_id) DO UPDATE SET slot_date = excluded.slot_date, time_slot = excluded.time_slot, repairer_id = excluded.repairer_id, updated_at = now()`);
}

/** Forgets a quote's reservation (its booking is assigned: the technician holds it as a job now). */
export async function dropReservation(db: Db, quoteId: number): Promise<void> {
  await db.execute(sql`DELETE FROM slot_reservations WHERE quote_id = ${quoteId}::int`);
}

/** The quote's reservation, if its booking is open in the reserved slot. */
export async function reservationOf(db: Db, quoteId: number, now: Date): Promise<{ date: string; slot: TimeSlot; repairerId: number | null } | null> {
  const [row] = await rows(db, sql`SELECT r.slot_date::text AS d, r.time_slot AS s, r.repairer_id FROM slot_reservations r ${openBooking(now)} WHERE r.quote_id = ${quoteId}::int`);
  if (!row) return null;
  return { date: String(row.d), slot: String(row.s) as TimeSlot, repairerId: row.repairer_id === null ? null : Number(row.repairer_id) };
}

/** The slots from `from` on where the technician has open bookings reserved. */
export async function slotsReservedOn(db: Db, repairerId: number, from: string, now: Date): Promise<SlotOf[]> {
  const found = await rows(
    db,
    sql`SELECT DISTINCT r.slot_date::text AS d, r.time_slot AS s FROM slot_reservations r ${openBooking(now)}
      WHERE r.repairer_id = ${repairerId}::int AND r.slot_date >= ${from}::date ORDER BY 1, 2`,
  );
  return found.map((row) => ({ date: String(row.d), slot: String(row.s) as TimeSlot }));
}

/** Open bookings from `from` on (or of one slot) with no reservation row at all (made before the stored matching, or written around it): each gets an unplaced row. */
export async function markUnreserved(db: Db, from: string | SlotOf, now: Date): Promise<number[]> {
  const which = typeof from === 'string' ? sql`a.appointment_date >= ${from}::date` : sql`a.appointment_date = ${from.date}::date AND a.time_slot = ${from.slot}`;
  const marked = await rows(db, sql`INSERT INTO slot_reservations (quote_id, slot_date, time_slot, repairer_id)
    SELECT a.quote_id, a.appointment_date, a.time_slot, NULL FROM appointments a
    WHERE ${which} AND a.status IN ('held', 'confirmed')
      AND (a.status = 'confirmed' OR (a.status = 'held' AND (a.hold_expires_at IS NULL OR a.hold_expires_at > ${now.toISOString()}::timestamptz)))
      AND NOT EXISTS (SELECT 1 FROM slot_reservations r WHERE r.quote_id = a.quote_id AND r.slot_date = a.appointment_date AND r.time_slot = a.time_slot)
    ON CONFLICT (quote_id) DO UPDATE SET slot_date = excluded.slot_date, time_slot = excluded.time_slot, repairer_id = NULL, updated_at = now()
    RETURNING quote_id`);
  return marked.map((row) => Number(row.quote_id));
}

/** The slots from `from` on with an unplaced open booking. */
export async function allSlotsWithUnplaced(db: Db, from: string, now: Date): Promise<SlotOf[]> {
  const found = await rows(
    db,
    sql`SELECT DISTINCT r.slot_date::text AS d, r.time_slot AS s FROM slot_reservations r ${openBooking(now)}
      WHERE r.repairer_id IS NULL AND r.slot_date >= ${from}::date ORDER BY 1, 2`,
  );
  return found.map((row) => ({ date: String(row.d), slot: String(row.s) as TimeSlot }));
}

/** A slot as firstFreeTechnician answers it. */
export interface SlotFirstFree {
  /** One of the customer's technicians working the slot with a place left (jobs, and open bookings reserved on them, under their jobs per slot), if any. */
  freeId: number | null;
  /** Whether one of them works it and is not full of jobs (only asked when none is free): then only an augmenting search can tell. */
  working: boolean;
}

/**
 * For each slot, one of the customer's technicians (verified, within 30 miles and their own
 * radius, covering the damage) who works it, is not off that day and has a place left beside
 * their jobs and the open bookings reserved on them: coveringFacts' rule answered in SQL slot by
 * slot. One statement: the customer's technicians once (the location btree, as the nearby
 * search), then per slot a scan of them that stops at the first with a place, so a customer
 * with a thousand technicians costs a few index probes a slot, not three a technician.
 */
export async function firstFreeTechnician(
  db: Db,
  customer: Customer,
  slots: readonly SlotOf[],
  now: Date,
  { exceptQuoteId, order }: { exceptQuoteId?: number | undefined; order: 'nearest' | 'spread' },
): Promise<Map<string, SlotFirstFree>> {
  if (slots.length === 0) return new Map();
  const box = boundingBox(customer.point, NEARBY_RADIUS_MILES);
  const { latitude, longitude } = customer.point;
  const distance = sql`(3958.8 * 2 * asin(sqrt(power(sin(radians(r.latitude - ${latitude}::float8) / 2), 2) + cos(radians(${latitude}::float8)) * cos(radians(r.latitude)) * power(sin(radians(r.longitude - ${longitude}::float8) / 2), 2))))`;
  // The scan's order (PostgreSQL reads a materialised CTE in the order it was written). A claim
  // takes the nearest technician with a place; the calendar, which only asks whether one has a
  // place, looks in an order unrelated to distance (a hash of the id), so it does not first walk
  // past the near ones that claims fill first.
  const scanOrder = order === 'nearest' ? sql`${distance}, r.id` : SPREAD_ORDER;
  const found = await rows(
    db,
    sql`WITH c AS MATERIALIZED (
        SELECT r.id, r.weekly_halves, r.jobs_per_slot FROM repairers r
        WHERE r.is_verified AND r.latitude BETWEEN ${box.minLat} AND ${box.maxLat} AND r.longitude BETWEEN ${box.minLng} AND ${box.maxLng}
          AND r.specialisations @> ${JSON.stringify([customer.specialisation])}::jsonb
          AND ${distance} <= least(${NEARBY_RADIUS_MILES}::float8, r.service_radius_miles::float8)
        ORDER BY ${scanOrder})
      ${slotAnswersSql(slots, now, exceptQuoteId)}`,
  );
  return slotAnswersOf(found);
}

/** The calendar's order of looking through a customer's technicians: a hash of the id, unrelated to distance or to the order claims fill them. */
const SPREAD_ORDER = sql`(r.id::bigint * 2654435761) % 4294967296, r.id`;

/** For each slot over the technicians `c` (id, weekly_halves, jobs_per_slot): the first with a place left, and whether any works it not full of jobs. */
function slotAnswersSql(slots: readonly SlotOf[], now: Date, exceptQuoteId: number | undefined): SQL {
  const values = sql.join(
    slots.map((at) => sql`(${at.date}::date, ${at.slot}::text, ${slotBit(at.date, at.slot)}::int)`),
    sql`, `,
  );
  const works = sql`(c.weekly_halves & s.bit) <> 0
    AND NOT EXISTS (SELECT 1 FROM repairer_time_off o WHERE o.repairer_id = c.id AND o.from_date <= s.slot_date AND o.to_date >= s.slot_date)`;
  const jobs = sql`(SELECT count(*) FROM quotes q JOIN appointments a ON a.quote_id = q.id
    WHERE q.assigned_repairer_id = c.id AND a.status = 'assigned' AND a.appointment_date = s.slot_date AND a.time_slot = s.slot_name)`;
  const reserved = sql`(SELECT count(*) FROM slot_reservations r2
    JOIN appointments a ON a.quote_id = r2.quote_id AND a.appointment_date = r2.slot_date AND a.time_slot = r2.time_slot
      AND (a.status = 'confirmed' OR (a.status = 'held' AND (a.hold_expires_at IS NULL OR a.hold_expires_at > ${now.toISOString()}::timestamptz)))
    WHERE r2.repairer_id = c.id AND r2.slot_date = s.slot_date AND r2.time_slot = s.slot_name${exceptQuoteId === undefined ? sql`` : sql` AND r2.quote_id <> ${exceptQuoteId}::int`})`;
  return sql`SELECT s.slot_date::text AS d, s.slot_name AS s, f.id AS free_id,
        CASE WHEN f.id IS NOT NULL THEN TRUE ELSE EXISTS (SELECT 1 FROM c WHERE ${works} AND c.jobs_per_slot > ${jobs}) END AS working
      FROM (VALUES ${values}) AS s(slot_date, slot_name, bit)
      LEFT JOIN LATERAL (SELECT c.id FROM c WHERE ${works} AND c.jobs_per_slot > ${jobs} + ${reserved} LIMIT 1) f ON TRUE`;
}

function slotAnswersOf(found: readonly Record<string, unknown>[]): Map<string, SlotFirstFree> {
  return new Map(found.map((row) => [`${String(row.d)}/${String(row.s)}`, { freeId: row.free_id === null ? null : Number(row.free_id), working: row.working === true }]));
}

/** A quote as the calendar reads it (firstFreeForQuote): whose it is, where its customer is, and each slot's answer. */
export interface QuoteSlotAnswers {
  status: string;
  assessmentId: number;
  /** The enquiry's saved point and damage (null point: none saved, its district's centre stands in, read apart). */
  enquiry: { latitude: number | null; longitude: number | null; postcode: string; damageType: string };
  /** firstFreeTechnician's answers for the quote's customer; null when the enquiry has no saved point. */
  slots: Map<string, SlotFirstFree> | null;
}

/**
 * The quote, its enquiry and firstFreeTechnician's answers for its customer (the calendar's
 * order) in one statement: the month view's and a day's read for a quote. The caller checks whose
 * the quote is before using any of it (nothing is written). An enquiry without a saved point gets
 * no answers here (its district's centre is found in the outcode table, in code: the caller asks
 * firstFreeTechnician then).
 */
export async function firstFreeForQuote(db: Db, quoteId: number, slots: readonly SlotOf[], now: Date): Promise<QuoteSlotAnswers | null> {
  const answers =
    slots.length === 0
      ? sql`'[]'::json`
      : sql`(SELECT coalesce(json_agg(json_build_array(x.d, x.s, x.free_id, x.working)), '[]'::json) FROM (${slotAnswersSql(slots, now, quoteId)}) x)`;
  const [row] = await rows(
    db,
    sql`WITH k AS MATERIALIZED (
        SELECT q.status, q.assessment_id, s.latitude, s.longitude, s.postcode, s.damage_type
        FROM quotes q JOIN assessments s ON s.id = q.assessment_id WHERE q.id = ${quoteId}::int),
      c AS MATERIALIZED (
        SELECT r.id, r.weekly_halves, r.jobs_per_slot FROM k JOIN repairers r
          ON k.latitude IS NOT NULL AND k.longitude IS NOT NULL AND ${sql.raw(coveringSql('k'))}
        ORDER BY ${SPREAD_ORDER})
      SELECT k.status, k.assessment_id, k.latitude, k.longitude, k.postcode, k.damage_type, ${answers} AS answers FROM k`,
  );
  if (!row) return null;
  const enquiry = {
    latitude: row.latitude === null ? null : Number(row.latitude),
    longitude: row.longitude === null ? null : Number(row.longitude),
    postcode: String(row.postcode),
    damageType: String(row.damage_type),
  };
  const located = enquiry.latitude !== null && enquiry.longitude !== null;
  const list = (typeof row.answers === 'string' ? JSON.parse(row.answers) : row.answers) as [string, string, number | null, boolean][];
  return {
    status: String(row.status),
    assessmentId: Number(row.assessment_id),
    enquiry,
    slots: located ? slotAnswersOf(list.map(([d, s, freeId, working]) => ({ d, s, free_id: freeId, working }))) : null,
  };
}

/**
 * The verified technicians covering the customer (within 30 miles and their own radius, covering
 * the damage), each with their time off, the jobs they hold and the open bookings reserved on them
 * over `from`…`to`: the month view's one statement (stored-matching.ts, openSlotsStored), on the
 * repairers' location btree, then one index probe per technician for each of the three.
 */
export async function coveringFacts(
  db: Db,
  customer: Customer,
  from: string,
  to: string,
  now: Date,
  exceptQuoteId?: number,
): Promise<{ technicians: TechnicianFacts[]; loads: Map<string, number> }> {
  const box = boundingBox(customer.point, NEARBY_RADIUS_MILES);
  const { latitude, longitude } = customer.point;
  const found = await rows(
    db,
    sql`SELECT r.id, r.latitude, r.longitude, r.service_radius_miles, r.specialisations, r.weekly_halves, r.jobs_per_slot,
        (SELECT coalesce(json_agg(json_build_array(o.from_date::text, o.to_date::text)), '[]'::json) FROM repairer_time_off o
          WHERE o.repairer_id = r.id AND o.from_date <= ${to}::date AND o.to_date >= ${from}::date) AS time_off,
        (SELECT coalesce(json_agg(a.appointment_date::text || '/' || a.time_slot), '[]'::json) FROM quotes q JOIN appointments a ON a.quote_id = q.id
          WHERE q.assigned_repairer_id = r.id AND a.status = 'assigned' AND a.appointment_date BETWEEN ${from}::date AND ${to}::date) AS held,
        (SELECT coalesce(json_agg(r2.slot_date::text || '/' || r2.time_slot), '[]'::json) FROM slot_reservations r2
          JOIN appointments a ON a.quote_id = r2.quote_id AND a.appointment_date = r2.slot_date AND a.time_slot = r2.time_slot
            AND (a.status = 'confirmed' OR (a.status = 'held' AND (a.hold_expires_at IS NULL OR a.hold_expires_at > ${now.toISOString()}::timestamptz)))
          WHERE r2.repairer_id = r.id AND r2.slot_date BETWEEN ${from}::date AND ${to}::date${exceptQuoteId === undefined ? sql`` : sql` AND r2.quote_id <> ${exceptQuoteId}::int`}) AS reserved
      FROM repairers r
      WHERE r.is_verified AND r.latitude BETWEEN ${box.minLat} AND ${box.maxLat} AND r.longitude BETWEEN ${box.minLng} AND ${box.maxLng}
        AND r.specialisations @> ${JSON.stringify([customer.specialisation])}::jsonb
        AND (3958.8 * 2 * asin(sqrt(power(sin(radians(r.latitude - ${latitude}::float8) / 2), 2) + cos(radians(${latitude}::float8)) * cos(radians(r.latitude)) * power(sin(radians(r.longitude - ${longitude}::float8) / 2), 2))))
          <= least(${NEARBY_RADIUS_MILES}::float8, r.service_radius_miles::float8)
      ORDER BY r.id`,
  );
  const loads = new Map<string, number>();
  const parse = <T>(value: unknown): T => (typeof value === 'string' ? (JSON.parse(value) as T) : (value as T));
  const technicians = found.map((row) => {
    const id = Number(row.id);
    const jobsHeld = new Map<string, number>();
    for (const key of parse<string[]>(row.held)) jobsHeld.set(key, (jobsHeld.get(key) ?? 0) + 1);
    for (const key of parse<string[]>(row.reserved)) loads.set(`${id}|${key}`, (loads.get(`${id}|${key}`) ?? 0) + 1);
    return {
      id,
      point: { latitude: Number(row.latitude), longitude: Number(row.longitude) },
      serviceRadiusMiles: Number(row.service_radius_miles),
      specialisations: parse<string[]>(row.specialisations),
      weeklyHalves: Number(row.weekly_halves),
      jobsPerSlot: Number(row.jobs_per_slot),
      timeOff: parse<[string, string][]>(row.time_off).map(([periodFrom, periodTo]) => ({ from: periodFrom, to: periodTo })),
      jobsHeld,
    };
  });
  return { technicians, loads };
}
