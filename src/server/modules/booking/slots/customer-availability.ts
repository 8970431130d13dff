// Availability for one customer (issue 35 item 2, D15, docs/decisions/0028): a slot is open to a
// quote's customer only while every live booking in it that is still to be given a technician
// (held, or paid and waiting for dispatch) and this one can each have a different eligible
// technician with a free place. Assigned bookings are pinned to their technician: they are the
// jobs each technician already holds (freePlacesIn). The facts are read once
// (techniciansReaching), then every slot of the days asked is answered in memory
// (canTakeAnother); a day and a month read the same way.
//
// Which bookings matter: those connected to this customer through technicians (a technician who
// could serve the customer, the bookings that technician could serve, the technicians who could
// serve those, …). Bookings outside that component cannot change the answer, so the read grows
// the component until it stops growing: usually one or two rounds.
import { and, between, eq, gt, inArray, isNull, or, sql } from 'drizzle-orm';
import type { TimeSlot } from '../../../../shared/calendar';
import { isAnyDamageType, specialisationForAnyDamage, type Specialisation } from '../../../../shared/damage';
import { outcodeOf } from '../../../../shared/postcode';
import type { Db } from '../../../db/database';
import { appointments, assessments, outcodes, quotes } from '../../../db/schema';
import type { Point } from '../../repairers';
import { canTakeAnother, type SlotDemand } from './assignment';
import { covers, freePlacesIn, slotKey, techniciansReaching, type Customer, type SlotOf, type TechnicianFacts } from './eligibility.repo';

/** A live booking still to be given a technician, where its customer is and what they need. */
export interface OpenBooking {
  appointmentId: number;
  quoteId: number;
  date: string;
  slot: TimeSlot;
  customer: Customer;
}

function specialisationOf(damageType: string): Specialisation | null {
  return isAnyDamageType(damageType) ? specialisationForAnyDamage[damageType] : null;
}

/** Points of postcodes without saved coordinates: their district's centre (the embedded geocoder's answer). */
async function districtPoints(db: Db, postcodes: readonly string[]): Promise<Map<string, Point>> {
  const codes = [...new Set(postcodes.map(outcodeOf).filter((code): code is string => code !== null))];
  if (codes.length === 0) return new Map();
  const rows = await db.select().from(outcodes).where(inArray(outcodes.outcode, codes));
  return new Map(rows.map((row) => [row.outcode, { latitude: row.latitude, longitude: row.longitude }]));
}

/** The customer of an assessment row: its saved point, else its postcode district's centre; null when neither is known. */
async function customersOf<T extends { latitude: number | null; longitude: number | null; postcode: string; damageType: string }>(db: Db, rows: readonly T[]): Promise<(Customer | null)[]> {
  const districts = await districtPoints(
    db,
    rows.filter((row) => row.latitude === null || row.longitude === null).map((row) => row.postcode),
  );
  return rows.map((row) => {
    const specialisation = specialisationOf(row.damageType);
    if (!specialisation) return null;
    const point = row.latitude !== null && row.longitude !== null ? { latitude: row.latitude, longitude: row.longitude } : districts.get(outcodeOf(row.postcode) ?? '');
    return point ? { point, specialisation } : null;
  });
}

/** A quote's customer (its enquiry's point and damage), or null when its postcode cannot be placed. */
export async function customerOfQuote(db: Db, quoteId: number): Promise<Customer | null> {
  const [row] = await db
    .select({ latitude: assessments.latitude, longitude: assessments.longitude, postcode: assessments.postcode, damageType: assessments.damageType })
    .from(quotes)
    .innerJoin(assessments, eq(assessments.id, quotes.assessmentId))
    .where(eq(quotes.id, quoteId));
  if (!row) return null;
  return (await customersOf(db, [row]))[0] ?? null;
}

/**
 * The live bookings of `from`…`to` (inclusive) still to be given a technician: held and not past
 * their 30 minutes at `now`, or paid and waiting (confirmed); `paidOnly`, the paid ones alone.
 * `exceptQuoteId`'s own booking is left out: the one it asks for replaces it.
 */
export async function openBookingsBetween(db: Db, from: string, to: string, now: Date, exceptQuoteId?: number, paidOnly = false): Promise<OpenBooking[]> {
  const rows = await db
    .select({
      appointmentId: appointments.id,
      quoteId: appointments.quoteId,
      date: appointments.appointmentDate,
      slot: appointments.timeSlot,
      latitude: assessments.latitude,
      longitude: assessments.longitude,
      postcode: assessments.postcode,
      damageType: assessments.damageType,
    })
    .from(appointments)
    .innerJoin(quotes, eq(quotes.id, appointments.quoteId))
    .innerJoin(assessments, eq(assessments.id, quotes.assessmentId))
    .where(
      and(
        between(appointments.appointmentDate, from, to),
        paidOnly
          ? eq(appointments.status, 'confirmed')
          : or(eq(appointments.status, 'confirmed'), and(eq(appointments.status, 'held'), or(isNull(appointments.holdExpiresAt), gt(appointments.holdExpiresAt, now)))),
        exceptQuoteId === undefined ? undefined : sql`${appointments.quoteId} <> ${exceptQuoteId}`,
      ),
    )
    .orderBy(appointments.id);
  const customers = await customersOf(db, rows);
  return rows.flatMap((row, i) => {
    const customer = customers[i];
    // A booking whose place cannot be known competes with nobody: it is the team's to place.
    return customer ? [{ appointmentId: row.appointmentId, quoteId: row.quoteId, date: row.date, slot: row.slot as TimeSlot, customer }] : [];
  });
}

/** What a customer's slots are answered from: the technicians and bookings connected to them. */
export interface AvailabilityFacts {
  technicians: TechnicianFacts[];
  bookings: OpenBooking[];
}

/**
 * Reads the facts for `customer` over `from`…`to`: the technicians reaching them, the open
 * bookings those technicians could serve, the technicians reaching those bookings, and so on
 * until nothing new is reached.
 */
export async function availabilityFacts(db: Db, customer: Customer, from: string, to: string, now: Date, exceptQuoteId?: number, paidOnly = false): Promise<AvailabilityFacts> {
  const open = await openBookingsBetween(db, from, to, now, exceptQuoteId, paidOnly);
  const technicians = new Map<number, TechnicianFacts>();
  const included = new Set<number>();
  let frontier: Point[] = [customer.point];
  while (frontier.length > 0) {
    const reached = (await techniciansReaching(db, frontier, from, to)).filter((technician) => !technicians.has(technician.id));
    for (const technician of reached) technicians.set(technician.id, technician);
    const joining = open.filter((booking) => !included.has(booking.appointmentId) && reached.some((technician) => covers(technician, booking.customer)));
    for (const booking of joining) included.add(booking.appointmentId);
    frontier = joining.map((booking) => booking.customer.point);
  }
  return { technicians: [...technicians.values()], bookings: open.filter((booking) => included.has(booking.appointmentId)) };
}

/** Whether the customer can be given a technician in the slot while every open booking there that has one keeps one. */
export function slotOpenFor(facts: AvailabilityFacts, customer: Customer, at: SlotOf): boolean {
  const key = slotKey(at);
  const working = facts.technicians.filter((technician) => freePlacesIn(technician, at) > 0);
  const eligibleFor = (who: Customer) => working.filter((technician) => covers(technician, who)).map((technician) => technician.id);
  const newcomer: SlotDemand = { id: -1, eligible: eligibleFor(customer) };
  if (newcomer.eligible.length === 0) return false;
  const demands: SlotDemand[] = facts.bookings
    .filter((booking) => slotKey(booking) === key)
    .map((booking) => ({ id: booking.appointmentId, eligible: eligibleFor(booking.customer) }));
  const places = new Map(working.map((technician) => [technician.id, freePlacesIn(technician, at)]));
  return canTakeAnother(demands, newcomer, places).possible;
}
