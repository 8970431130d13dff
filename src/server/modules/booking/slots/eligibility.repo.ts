// Who could serve a customer in a slot (issue 35 item 2, D15, D16): verified; within 30 miles of
// the customer and within their own service radius; covering the damage; working that half of
// that weekday (their weekly pattern); not on time off that day; and with a free place, their
// jobs per slot less the jobs they already hold then (assigned bookings). One statement on the
// repairers' location btree (the same box-then-haversine shape as the nearby search,
// ../shared/DEPENDENCY-NOTES.md), the same SQL on both engines.
//
// `isEligible` is the same rule over facts already read, for the slot's other bookings (the
// assignment needs each one's technicians); tests check the two agree.
import { and, asc, between, eq, sql } from 'drizzle-orm';
import { NEARBY_RADIUS_MILES } from '../../../../shared/api/dispatch';
import type { TimeSlot } from '../../../../shared/calendar';
import type { Specialisation } from '../../../../shared/damage';
import type { Db, SqlResult } from '../../../db/database';
import { intArray } from '../../../db/int-array';
import { appointments, quotes, repairers, repairerTimeOff } from '../../../db/schema';
import { boundingBox, milesBetween, type Point } from '../../repairers';
import { slotBit } from '../../repairer-availability';

/** The haversine distance from `point` to a repairer's base in SQL: milesBetween's formula (tests compare them). */
export const milesFromSql = (point: Point) =>
  sql<number>`(3958.8 * 2 * asin(sqrt(power(sin(radians(${repairers.latitude} - ${point.latitude}::float8) / 2), 2) + cos(radians(${point.latitude}::float8)) * cos(radians(${repairers.latitude})) * power(sin(radians(${repairers.longitude} - ${point.longitude}::float8) / 2), 2))))`;

export interface Customer {
  point: Point;
  specialisation: Specialisation;
}

export interface SlotOf {
  date: string;
  slot: TimeSlot;
}

export interface EligibleTechnician {
  id: number;
  /** Jobs per slot less the jobs they already hold then: at least 1. */
  freePlaces: number;
  distance: number;
}

/** Jobs each technician holds in the slot (assigned bookings), as a subquery by repairer id. */
function jobsHeldIn(db: Db, { date, slot }: SlotOf) {
  return db
    .select({ repairerId: sql<number>`${quotes.assignedRepairerId}`.as('held_repairer_id'), jobs: sql<number>`count(*)::int`.as('held_jobs') })
    .from(appointments)
    .innerJoin(quotes, eq(quotes.id, appointments.quoteId))
    .where(and(eq(appointments.status, 'assigned'), eq(appointments.appointmentDate, date), eq(appointments.timeSlot, slot)))
    .groupBy(quotes.assignedRepairerId)
    .as('held');
}

/** The technicians who could serve `customer` in the slot, with their free places, nearest first. */
export async function eligibleTechnicians(db: Db, customer: Customer, at: SlotOf): Promise<EligibleTechnician[]> {
  const box = boundingBox(customer.point, NEARBY_RADIUS_MILES);
  const distance = milesFromSql(customer.point);
  const held = jobsHeldIn(db, at);
  const free = sql<number>`(${repairers.jobsPerSlot} - coalesce(${held.jobs}, 0))::int`;
  const rows = await db
    .select({ id: repairers.id, freePlaces: free, distance })
    .from(repairers)
    .leftJoin(held, eq(held.repairerId, repairers.id))
    .where(
      and(
        eq(repairers.isVerified, true),
        between(repairers.latitude, box.minLat, box.maxLat),
        between(repairers.longitude, box.minLng, box.maxLng),
        sql`${repairers.specialisations} @> ${JSON.stringify([customer.specialisation])}::jsonb`,
        sql`${distance} <= least(${NEARBY_RADIUS_MILES}::float8, ${repairers.serviceRadiusMiles}::float8)`,
        sql`(${repairers.weeklyHalves} & ${slotBit(at.date, at.slot)}::int) <> 0`,
        sql`NOT EXISTS (SELECT 1 FROM ${repairerTimeOff} WHERE ${repairerTimeOff.repairerId} = ${repairers.id} AND ${repairerTimeOff.fromDate} <= ${at.date}::date AND ${repairerTimeOff.toDate} >= ${at.date}::date)`,
        sql`${free} > 0`,
      ),
    )
    .orderBy(asc(distance), asc(repairers.id));
  return rows.map((row) => ({ id: row.id, freePlaces: Number(row.freePlaces), distance: Number(row.distance) }));
}

/** What the rule needs to know of a technician, read once for many slots and customers. */
export interface TechnicianFacts {
  id: number;
  point: Point;
  serviceRadiusMiles: number;
  specialisations: readonly string[];
  weeklyHalves: number;
  jobsPerSlot: number;
  /** Their time off overlapping the days read. */
  timeOff: readonly { from: string; to: string }[];
  /** Jobs they hold (assigned bookings) by `${date}/${slot}`, on the days read. */
  jobsHeld: ReadonlyMap<string, number>;
}

export const slotKey = ({ date, slot }: SlotOf) => `${date}/${slot}`;

/** The part of the facts the slot-by-slot rule reads. */
export type SlotFacts = Pick<TechnicianFacts, 'weeklyHalves' | 'jobsPerSlot' | 'timeOff' | 'jobsHeld'>;

/** Why the technician cannot take a job in the slot, or null when they have a free place. */
export function slotClosedBecause(technician: SlotFacts, at: SlotOf): 'notWorking' | 'timeOff' | 'full' | null {
  if ((technician.weeklyHalves & slotBit(at.date, at.slot)) === 0) return 'notWorking';
  if (technician.timeOff.some((period) => period.from <= at.date && at.date <= period.to)) return 'timeOff';
  return technician.jobsPerSlot - (technician.jobsHeld.get(slotKey(at)) ?? 0) > 0 ? null : 'full';
}

/** Free places the technician has in the slot: 0 when not working it or off that day. */
export function freePlacesIn(technician: SlotFacts, at: SlotOf): number {
  if (slotClosedBecause(technician, at) !== null) return 0;
  return technician.jobsPerSlot - (technician.jobsHeld.get(slotKey(at)) ?? 0);
}

/** Whether the technician could serve this customer at all: in range and covering the damage (verified technicians only are read). */
export function covers(technician: TechnicianFacts, customer: Customer): boolean {
  return (
    technician.specialisations.includes(customer.specialisation) &&
    milesBetween(technician.point, customer.point) <= Math.min(NEARBY_RADIUS_MILES, technician.serviceRadiusMiles)
  );
}

/** eligibleTechnicians' rule over facts already read. */
export function isEligible(technician: TechnicianFacts, customer: Customer, at: SlotOf): boolean {
  return covers(technician, customer) && freePlacesIn(technician, at) > 0;
}

/** A technician who can serve anyone: verified and placed on the map. */
const verifiedOnTheMap = and(eq(repairers.isVerified, true), sql`${repairers.latitude} IS NOT NULL AND ${repairers.longitude} IS NOT NULL`);

/** What every read of technicians for the rule selects (withSlotFacts adds their slot facts). */
const technicianColumns = {
  id: repairers.id,
  latitude: repairers.latitude,
  longitude: repairers.longitude,
  serviceRadiusMiles: repairers.serviceRadiusMiles,
  specialisations: repairers.specialisations,
  weeklyHalves: repairers.weeklyHalves,
  jobsPerSlot: repairers.jobsPerSlot,
};

/**
 * The verified technicians who could reach any of these customers (their base within 30 miles of
 * one, and within their own radius), with what the rule needs of them from `from` to `to`
 * (inclusive): the slot-by-slot part of the rule is then freePlacesIn, in memory. With
 * `specialisation`, only those covering it. One statement
 * for the technicians (the union of the customers' boxes on the location btree, then the exact
 * distance to the nearest customer), one for their time off and one for the jobs they hold.
 */
export async function techniciansReaching(db: Db, points: readonly Point[], from: string, to: string, specialisation?: Specialisation): Promise<TechnicianFacts[]> {
  if (points.length === 0) return [];
  const boxes = points.map((point) => boundingBox(point, NEARBY_RADIUS_MILES));
  const [minLat, maxLat] = [Math.min(...boxes.map((b) => b.minLat)), Math.max(...boxes.map((b) => b.maxLat))];
  const [minLng, maxLng] = [Math.min(...boxes.map((b) => b.minLng)), Math.max(...boxes.map((b) => b.maxLng))];
  const reach = sql`least(${NEARBY_RADIUS_MILES}::float8, ${repairers.serviceRadiusMiles}::float8)`;
  const nearOne = sql.join(
    points.map((point) => sql`${milesFromSql(point)} <= ${reach}`),
    sql` OR `,
  );
  const rows = await db
    .select(technicianColumns)
    .from(repairers)
    .where(
      and(
        eq(repairers.isVerified, true),
        between(repairers.latitude, minLat, maxLat),
        between(repairers.longitude, minLng, maxLng),
        specialisation === undefined ? undefined : sql`${repairers.specialisations} @> ${JSON.stringify([specialisation])}::jsonb`,
        sql`(${nearOne})`,
      ),
    )
    .orderBy(asc(repairers.id));
  return withSlotFacts(db, rows, from, to);
}

type TechnicianRow = Pick<TechnicianFacts, 'id' | 'serviceRadiusMiles' | 'specialisations' | 'weeklyHalves' | 'jobsPerSlot'> & { latitude: number | null; longitude: number | null };

/** The technicians' time off and held jobs over `from`…`to`, two statements for all of them. */
async function withSlotFacts(db: Db, rows: readonly TechnicianRow[], from: string, to: string): Promise<TechnicianFacts[]> {
  if (rows.length === 0) return [];
  const ids = intArray(rows.map((row) => row.id));
  const anyOf = (column: typeof repairerTimeOff.repairerId | typeof quotes.assignedRepairerId) => sql`${column} = ANY(${ids})`;
  const timeOff = await db
    .select({ repairerId: repairerTimeOff.repairerId, from: repairerTimeOff.fromDate, to: repairerTimeOff.toDate })
    .from(repairerTimeOff)
    .where(and(anyOf(repairerTimeOff.repairerId), sql`${repairerTimeOff.fromDate} <= ${to}::date AND ${repairerTimeOff.toDate} >= ${from}::date`));
  const held = await db
    .select({ repairerId: quotes.assignedRepairerId, date: appointments.appointmentDate, slot: appointments.timeSlot, jobs: sql<number>`count(*)::int` })
    .from(appointments)
    .innerJoin(quotes, eq(quotes.id, appointments.quoteId))
    .where(
      and(
        eq(appointments.status, 'assigned'),
        between(appointments.appointmentDate, from, to),
        anyOf(quotes.assignedRepairerId),
      ),
    )
    .groupBy(quotes.assignedRepairerId, appointments.appointmentDate, appointments.timeSlot);
  const timeOffOf = new Map<number, { repairerId: number; from: string; to: string }[]>();
  for (const period of timeOff) timeOffOf.set(period.repairerId, [...(timeOffOf.get(period.repairerId) ?? []), period]);
  const heldOf = new Map<number, Map<string, number>>();
  for (const h of held) {
    if (h.repairerId === null) continue;
    const jobs = heldOf.get(h.repairerId) ?? new Map<string, number>();
    jobs.set(`${h.date}/${h.slot}`, Number(h.jobs));
    heldOf.set(h.repairerId, jobs);
  }
  return rows.map((row) => ({
    id: row.id,
    point: { latitude: row.latitude!, longitude: row.longitude! },
    serviceRadiusMiles: row.serviceRadiusMiles,
    specialisations: row.specialisations,
    weeklyHalves: row.weeklyHalves,
    jobsPerSlot: row.jobsPerSlot,
    timeOff: timeOffOf.get(row.id) ?? [],
    jobsHeld: heldOf.get(row.id) ?? new Map<string, number>(),
  }));
}

/**
 * Of these slots, those some verified technician (placed on the map) could still take a job in,
 * for whatever customer: working that half, not on time off that day, and their jobs per slot
 * more than the jobs they hold then (issue 35 item 2: `GET /api/appointments/available` without a
 * quote). One statement: the slots as a VALUES list, each answered by an EXISTS that stops at the
 * first technician found, so a large network answers as fast as a small one.
 */
export async function slotsAnyoneCanTake(db: Db, slots: readonly SlotOf[]): Promise<Set<string>> {
  if (slots.length === 0) return new Set();
  const values = sql.join(
    slots.map((at) => sql`(${at.date}::date, ${at.slot}::text, ${slotBit(at.date, at.slot)}::int)`),
    sql`, `,
  );
  const result = (await db.execute(sql`
    SELECT s.slot_date::text AS slot_date, s.slot_name FROM (VALUES ${values}) AS s(slot_date, slot_name, bit)
    WHERE EXISTS (
      SELECT 1 FROM ${repairers}
      WHERE ${repairers.isVerified} AND ${repairers.latitude} IS NOT NULL AND ${repairers.longitude} IS NOT NULL
        AND (${repairers.weeklyHalves} & s.bit) <> 0
        AND NOT EXISTS (SELECT 1 FROM ${repairerTimeOff} WHERE ${repairerTimeOff.repairerId} = ${repairers.id} AND ${repairerTimeOff.fromDate} <= s.slot_date AND ${repairerTimeOff.toDate} >= s.slot_date)
        AND ${repairers.jobsPerSlot} > (
          SELECT count(*) FROM ${appointments} INNER JOIN ${quotes} ON ${quotes.id} = ${appointments.quoteId}
          WHERE ${appointments.status} = 'assigned' AND ${appointments.appointmentDate} = s.slot_date AND ${appointments.timeSlot} = s.slot_name AND ${quotes.assignedRepairerId} = ${repairers.id}
        )
    )`)) as unknown as SqlResult;
  return new Set(result.rows.map((row) => `${String(row.slot_date)}/${String(row.slot_name)}`));
}

/**
 * The facts of these technicians over `from`…`to`, the verified ones placed on the map only (an
 * unverified or unplaced technician can serve nobody): the stored matching re-checks a
 * technician's reservations with them after a change of theirs (stored-matching.ts).
 */
export async function technicianFacts(db: Db, ids: readonly number[], from: string, to: string): Promise<TechnicianFacts[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select(technicianColumns)
    .from(repairers)
    .where(and(verifiedOnTheMap, sql`${repairers.id} = ANY(${intArray(ids)})`))
    .orderBy(asc(repairers.id));
  return withSlotFacts(db, rows, from, to);
}

/**
 * Every verified technician placed on the map who works the slot and is not off that day, with
 * their facts for it: the stored matching's start-up fill matches a whole slot at once, in memory
 * (stored-matching.ts, fillReservations).
 */
export async function techniciansWorking(db: Db, at: SlotOf): Promise<TechnicianFacts[]> {
  const rows = await db
    .select(technicianColumns)
    .from(repairers)
    .where(
      and(
        verifiedOnTheMap,
        sql`(${repairers.weeklyHalves} & ${slotBit(at.date, at.slot)}::int) <> 0`,
        sql`NOT EXISTS (SELECT 1 FROM ${repairerTimeOff} WHERE ${repairerTimeOff.repairerId} = ${repairers.id} AND ${repairerTimeOff.fromDate} <= ${at.date}::date AND ${repairerTimeOff.toDate} >= ${at.date}::date)`,
      ),
    )
    .orderBy(asc(repairers.id));
  return withSlotFacts(db, rows, at.date, at.date);
}
