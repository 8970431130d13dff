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
import type { Db } from '../../../db/database';
import type { Point } from '../../repairers';
import { canTakeAnother, type SlotDemand } from './assignment';
import { openBookingsBetween, type OpenBooking } from './customer-availability.repo';
import { covers, freePlacesIn, slotKey, techniciansReaching, type Customer, type SlotOf, type TechnicianFacts } from './eligibility.repo';

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
