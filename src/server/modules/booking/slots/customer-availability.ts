// Availability for one customer (issue 35 item 2, D15, docs/decisions/0028), worked out from
// scratch: since issue 35 item 7 the app answers from the stored matching (stored-matching.ts),
// and this stays as the whole rule behind it (paying with no reservation, and the tests' oracle).
// A slot is open to a
// quote's customer only while every live booking in it that is still to be given a technician
// (held, or paid and waiting for dispatch) and this one can each have a different eligible
// technician with a free place. Assigned bookings are pinned to their technician: they are the
// jobs each technician already holds (freePlacesIn). The facts are read once
// (techniciansReaching), then every slot of the days asked is answered in memory
// (canTakeAnother); a day and a month read the same way.
//
// At scale (bench:availability: 20,000 technicians, 100,000 bookings) that component is most of
// the country, so a slot is first answered from the customer's nearest technicians alone
// (openSlotsFor, provedOpen): when every open booking of the slot that one of them could serve,
// and this customer, can each have a different one of them, the slot is open, whatever the rest
// of the slot does. Only the slots that proof does not settle are answered from the component.
//
// Which bookings matter: those connected to this customer through technicians (a technician who
// could serve the customer, the bookings that technician could serve, the technicians who could
// serve those, …). Bookings outside that component cannot change the answer, so the read grows
// the component until it stops growing: usually one or two rounds.
import { NEARBY_RADIUS_MILES } from '../../../../shared/api/dispatch';
import type { Db } from '../../../db/database';
import { boundingBox, milesBetween, type Point } from '../../repairers';
import { assignTechnicians, canTakeAnother, type SlotDemand } from './assignment';
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

/** How many of the customer's nearest technicians the first proof tries (openSlotsFor). */
const NEAREST_TECHNICIANS = 40;

/**
 * Whether the slot is open to the customer, proved from `nearby` (technicians covering them) alone:
 * true when every open booking of the slot that one of them could serve, and the customer, can
 * each have a different one of them with a free place. Then the slot's maximum matching grows by
 * one with the customer, as slotOpenFor asks: take any maximum matching of the slot without them,
 * drop its pairs that touch these bookings or these technicians and put this one in; every
 * booking it dropped is in this one (a booking paired with one of `nearby` is one they could
 * serve), so it has every pair it had but those, plus the customer. False proves nothing.
 */
export function provedOpen(nearby: readonly TechnicianFacts[], slotBookings: readonly OpenBooking[], customer: Customer, at: SlotOf): boolean {
  const working = nearby.filter((technician) => freePlacesIn(technician, at) > 0);
  if (working.length === 0) return false;
  const demands: SlotDemand[] = [];
  for (const booking of slotBookings) {
    const eligible = working.filter((technician) => covers(technician, booking.customer)).map((technician) => technician.id);
    if (eligible.length > 0) demands.push({ id: booking.appointmentId, eligible });
  }
  demands.push({ id: -1, eligible: working.map((technician) => technician.id) });
  const places = new Map(working.map((technician) => [technician.id, freePlacesIn(technician, at)]));
  return assignTechnicians(demands, places).unassigned.length === 0;
}

/** The days `slots` span. */
function spanOf(slots: readonly SlotOf[]): { from: string; to: string } {
  const dates = slots.map((at) => at.date).sort();
  return { from: dates[0]!, to: dates[dates.length - 1]! };
}

/**
 * Which of `slots` are open to the customer (slotKey of each), the same answers as
 * availabilityFacts then slotOpenFor, read in far less: the technicians reaching the customer; a
 * slot none of them works with a free place is closed. The others are proved open from the
 * nearest few of them (provedOpen, with the open bookings those could serve: within their
 * distance plus 30 miles of the customer), then from all of them (within 60 miles); whatever is
 * still unsettled (a slot full around the customer, say) is answered from the whole component.
 */
export async function openSlotsFor(db: Db, customer: Customer, slots: readonly SlotOf[], now: Date, exceptQuoteId?: number, paidOnly = false): Promise<Set<string>> {
  const open = new Set<string>();
  if (slots.length === 0) return open;
  const { from, to } = spanOf(slots);
  const theirs = (await techniciansReaching(db, [customer.point], from, to, customer.specialisation))
    .filter((technician) => covers(technician, customer))
    .map((technician) => ({ technician, miles: milesBetween(technician.point, customer.point) }))
    .sort((a, b) => a.miles - b.miles || a.technician.id - b.technician.id);
  let unsettled = slots.filter((at) => theirs.some(({ technician }) => freePlacesIn(technician, at) > 0));
  const sizes = [...new Set([Math.min(NEAREST_TECHNICIANS, theirs.length), theirs.length])];
  for (const size of sizes) {
    if (unsettled.length === 0) return open;
    const nearest = theirs.slice(0, size);
    // Bookings one of them could serve are within their reach (at most 30 miles) of them; the box
    // is widened for boundingBox's longitude, which it works out at the centre's latitude.
    const reach = nearest[nearest.length - 1]!.miles + NEARBY_RADIUS_MILES;
    const span = spanOf(unsettled);
    const bookings = await openBookingsBetween(db, span.from, span.to, now, exceptQuoteId, paidOnly, boundingBox(customer.point, reach * 1.05 + 1));
    const bySlot = new Map<string, OpenBooking[]>();
    for (const booking of bookings) {
      const key = slotKey(booking);
      const list = bySlot.get(key);
      if (list) list.push(booking);
      else bySlot.set(key, [booking]);
    }
    const nearby = nearest.map(({ technician }) => technician);
    unsettled = unsettled.filter((at) => {
      if (!provedOpen(nearby, bySlot.get(slotKey(at)) ?? [], customer, at)) return true;
      open.add(slotKey(at));
      return false;
    });
  }
  if (unsettled.length === 0) return open;
  const span = spanOf(unsettled);
  const facts = await availabilityFacts(db, customer, span.from, span.to, now, exceptQuoteId, paidOnly);
  for (const at of unsettled) if (slotOpenFor(facts, customer, at)) open.add(slotKey(at));
  return open;
}
