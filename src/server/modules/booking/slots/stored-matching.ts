// The stored matching (issue 35 item 7, docs/decisions/0028 "The stored matching"): the same
// rule as customer-availability.ts (a slot is open to a customer only while every open booking
// in it and this one can each have a different eligible technician with a free place), answered
// from the technician each open booking is kept matched to (slot_reservations) instead of a
// matching worked out again from the whole connected network on every request.
//
// Why it is exact: the rows of a slot are kept a maximum matching of its open bookings (each
// reserved technician eligible for their booking and none over their places; a booking with a
// null technician is one no augmenting path reaches). Then the maximum grows by one with the
// newcomer exactly when an augmenting path from them reaches a technician with a free place
// (Berge): directly (one of their technicians has a place left), or by moving bookings along a
// chain of technicians (augmentingPath, breadth first, touching only the technicians near the
// chain). An unplaced booking is re-tried (placeUnplaced: one augmenting search each) after every
// change that frees a place; nothing else can open a path to it (Kuhn's one pass).
//
// The rows are kept true by every change, each under the slot's lock (lockSlotMatching): a
// claim writes the newcomer's technician and the path's moves; a release frees its place (its
// row stops counting) and re-places the slot's unplaced; an accept drops the booking's row and
// re-routes whoever was over the accepting technician's places (pinAccepted); a take-back makes
// the booking unplaced and re-places it; a change of a technician's availability, verification
// or profile re-checks their reservations and re-places those that lost them
// (refreshReservationsOf).
import { londonDateOf } from '../../../../shared/london-time';
import type { Db } from '../../../db/database';
import { assignTechnicians, type SlotDemand } from './assignment';
import { customerOfQuote, type OpenBooking } from './customer-availability.repo';
import { covers, freePlacesIn, slotKey, technicianFacts, techniciansReaching, techniciansWorking, type Customer, type SlotOf, type TechnicianFacts } from './eligibility.repo';
import { slotBit } from '../../repairer-availability';
import {
  allSlotsWithUnplaced,
  coveringFacts,
  dropReservation,
  firstFreeTechnician,
  lockSlotMatching,
  markUnreserved,
  reservationOf,
  reservedBookings,
  reservedLoads,
  slotsReservedOn,
  writeReservations,
  type ReservedBooking,
  type SlotFirstFree,
} from './stored-matching.repo';

/** The newcomer's place in a path's moves, until it has a quote. */
const NEWCOMER = -1;

const loadKey = (repairerId: number, at: SlotOf) => `${repairerId}|${slotKey(at)}`;

/**
 * An augmenting path for `start` in the slot over the stored matching, breadth first: the moves
 * it makes (quote → technician; the newcomer as NEWCOMER), or null when none exists. Each round
 * reads the reserved load of the technicians just reached, the bookings reserved on the full
 * ones, and the technicians reaching those bookings. `first`/`firstLoads`: the start's
 * technicians and their loads, when the caller has read them already.
 */
export async function augmentingPath(
  db: Db,
  at: SlotOf,
  start: Customer,
  now: Date,
  exceptQuoteId?: number,
  first?: readonly TechnicianFacts[],
  firstLoads?: ReadonlyMap<string, number>,
): Promise<Map<number, number> | null> {
  const room = (technician: TechnicianFacts) => freePlacesIn(technician, at);
  const reachedBy = new Map<number, { quoteId: number; leaves: number | null }>();
  const expanded = new Set<number>();
  let layer = (first ?? (await techniciansReaching(db, [start.point], at.date, at.date, start.specialisation))).filter((technician) => room(technician) > 0 && covers(technician, start));
  for (const technician of layer) reachedBy.set(technician.id, { quoteId: NEWCOMER, leaves: null });
  let loads = firstLoads;
  while (layer.length > 0) {
    const ids = layer.map((technician) => technician.id);
    const known = loads ?? (await reservedLoads(db, ids, at.date, at.date, now, exceptQuoteId));
    loads = undefined;
    const free = layer.find((technician) => (known.get(loadKey(technician.id, at)) ?? 0) < room(technician));
    if (free) {
      const moves = new Map<number, number>();
      for (let technician: number | null = free.id; technician !== null; ) {
        const step: { quoteId: number; leaves: number | null } = reachedBy.get(technician)!;
        moves.set(step.quoteId, technician);
        technician = step.leaves;
      }
      return moves;
    }
    const held = (await reservedBookings(db, at, now, { repairerIds: ids }, exceptQuoteId)).filter((booking) => !expanded.has(booking.quoteId));
    for (const booking of held) expanded.add(booking.quoteId);
    if (held.length === 0) return null;
    const reaching = await techniciansReaching(
      db,
      held.map((booking) => booking.customer.point),
      at.date,
      at.date,
    );
    const next: TechnicianFacts[] = [];
    for (const booking of held) {
      for (const technician of reaching) {
        if (reachedBy.has(technician.id) || room(technician) <= 0 || !covers(technician, booking.customer)) continue;
        reachedBy.set(technician.id, { quoteId: booking.quoteId, leaves: booking.repairerId });
        next.push(technician);
      }
    }
    layer = next;
  }
  return null;
}

/** A path's moves with the newcomer named. */
function movesFor(quoteId: number, moves: ReadonlyMap<number, number>): Map<number, number> {
  return new Map([...moves].map(([quote, technician]) => [quote === NEWCOMER ? quoteId : quote, technician]));
}

/**
 * Gives each unplaced open booking of the slot a technician where an augmenting path finds one
 * (each tried once: a booking no path reaches now is not reached after another booking's path,
 * so the matching is maximum after one pass). Call under lockSlotMatching.
 */
export async function placeUnplaced(db: Db, at: SlotOf, now: Date, exceptQuoteId?: number, only?: readonly number[]): Promise<void> {
  if (only?.length === 0) return;
  for (const booking of await reservedBookings(db, at, now, 'unplaced', exceptQuoteId)) {
    if (only && !only.includes(booking.quoteId)) continue;
    const path = await augmentingPath(db, at, booking.customer, now, exceptQuoteId);
    if (path) await writeReservations(db, at, movesFor(booking.quoteId, path));
  }
}

/**
 * Claims a technician for the quote's customer in the slot, beside every open booking already
 * there, and stores it (with the moves its path makes). Inside the claiming transaction, after
 * takePlace. False, nothing written, when the rule says the slot is full for them.
 */
export async function claimStored(tx: Db, quoteId: number, at: SlotOf, now: Date, known?: Customer | null): Promise<boolean> {
  await lockSlotMatching(tx, at);
  // A booking written around the matching (by hand, or before it existed) is counted, unplaced,
  // and tried. The slot's other unplaced bookings are not tried again: no path reached them after
  // the last change that freed a place (each such change tried them), and a claim frees none, so
  // none reaches them now (Kuhn's one pass); the matching is maximum as it stands.
  const marked = await markUnreserved(tx, at, now);
  await placeUnplaced(tx, at, now, quoteId, marked);
  // The caller's (holdSlot read the enquiry already, under the quote's lock), else read here.
  const customer = known === undefined ? await customerOfQuote(tx, quoteId) : known;
  if (!customer) return false;
  // The matching is maximum, so the rule is one more augmenting path: the newcomer fits exactly
  // when one reaches a free place. Usually one step: one of their technicians has a place left
  // (one statement, read under the lock); else the breadth-first search, its first layer the
  // customer's technicians with their facts and loads (coveringFacts).
  const first = (await firstFreeTechnician(tx, customer, [at], now, { exceptQuoteId: quoteId, order: 'nearest' })).get(slotKey(at));
  if (first?.freeId != null) {
    await writeReservations(tx, at, new Map([[quoteId, first.freeId]]));
    return true;
  }
  if (!first?.working) return false;
  const { technicians, loads } = await coveringFacts(tx, customer, at.date, at.date, now, quoteId);
  const path = await augmentingPath(tx, at, customer, now, quoteId, technicians, loads);
  if (!path) return false;
  await writeReservations(tx, at, movesFor(quoteId, path));
  return true;
}

/**
 * Which of `slots` are open to the customer (slotKey of each): openSlotsFor's answers, from the
 * stored matching. One statement answers each slot (firstFreeTechnician): one of the customer's
 * technicians working it has a place left, open; none works it, closed. Only the others (every
 * one working it full) read the technicians' facts and reserved loads (coveringFacts) and get an
 * augmenting search.
 */
export async function openSlotsStored(db: Db, customer: Customer, slots: readonly SlotOf[], now: Date, exceptQuoteId?: number): Promise<Set<string>> {
  if (slots.length === 0) return new Set();
  // One statement settles most slots: one of the customer's technicians working it has a place
  // left (open), or none works it (closed). Only the rest (all of them full) need their facts and
  // an augmenting search.
  const first = await firstFreeTechnician(db, customer, slots, now, { exceptQuoteId, order: 'spread' });
  return openSlotsFrom(db, customer, slots, first, now, exceptQuoteId);
}

/** openSlotsStored once firstFreeTechnician's answers are read (firstFreeForQuote reads them with the quote). */
export async function openSlotsFrom(db: Db, customer: Customer, slots: readonly SlotOf[], first: ReadonlyMap<string, SlotFirstFree>, now: Date, exceptQuoteId?: number): Promise<Set<string>> {
  const open = new Set<string>();
  const searched: SlotOf[] = [];
  for (const at of slots) {
    const answer = first.get(slotKey(at));
    if (answer?.freeId != null) open.add(slotKey(at));
    else if (answer?.working) searched.push(at);
  }
  if (searched.length === 0) return open;
  const dates = searched.map((at) => at.date).sort();
  const [from, to] = [dates[0]!, dates[dates.length - 1]!];
  const { technicians, loads } = await coveringFacts(db, customer, from, to, now, exceptQuoteId);
  // covers() again in memory: the statement's distance is the same formula, this keeps them one rule.
  const theirs = technicians.filter((technician) => covers(technician, customer));
  if (theirs.length === 0) return open;
  for (const at of searched) {
    const key = slotKey(at);
    const bit = slotBit(at.date, at.slot);
    const working = theirs.filter((technician) => (technician.weeklyHalves & bit) !== 0 && freePlacesIn(technician, at) > 0);
    if (working.length === 0) continue;
    if (working.some((technician) => (loads.get(`${technician.id}|${key}`) ?? 0) < freePlacesIn(technician, at))) open.add(key);
    else if (await augmentingPath(db, at, customer, now, exceptQuoteId, working, loads)) open.add(key);
  }
  return open;
}

/**
 * Whether the quote's held booking can still be paid for by its reservation alone (claim.ts,
 * technicianStillFree): its reserved technician still eligible for it and within their places
 * (then the matching's pairs of the paid bookings and this one are a matching of them). False
 * proves nothing: the whole rule over the paid bookings answers then.
 */
export async function stillPlaced(db: Db, quoteId: number, at: SlotOf, now: Date): Promise<boolean> {
  const reservation = await reservationOf(db, quoteId, now);
  if (!reservation || reservation.date !== at.date || reservation.slot !== at.slot || reservation.repairerId === null) return false;
  // Still theirs to keep: eligible for this customer then, and not over their places.
  const [facts] = await technicianFacts(db, [reservation.repairerId], at.date, at.date);
  const customer = await customerOfQuote(db, quoteId);
  if (!facts || !customer || !covers(facts, customer)) return false;
  const load = (await reservedLoads(db, [facts.id], at.date, at.date, now)).get(loadKey(facts.id, at)) ?? 0;
  return load <= freePlacesIn(facts, at);
}

/** After a release (lapse, cancel) in the slot: its place is free, so the slot's unplaced bookings may fit now. */
export async function afterRelease(db: Db, at: SlotOf, now: Date): Promise<void> {
  await lockSlotMatching(db, at);
  await placeUnplaced(db, at, now);
}

/**
 * After `repairerId` accepted the quote's booking in the slot (in the accepting transaction): the
 * booking is their job now, so its row goes; if that leaves them with more reservations than
 * places, the latest reserved move along augmenting paths or stay unplaced (the team's to see).
 */
export async function pinAccepted(tx: Db, quoteId: number, repairerId: number, at: SlotOf, now: Date): Promise<void> {
  await lockSlotMatching(tx, at);
  await dropReservation(tx, quoteId);
  await recheckReservationsOf(tx, repairerId, at, now);
  await placeUnplaced(tx, at, now);
}

/** After the quote's booking was taken back from its technician (assigned → confirmed): it needs a reservation again. */
export async function afterTakeBack(tx: Db, quoteId: number, at: SlotOf, now: Date): Promise<void> {
  await lockSlotMatching(tx, at);
  await writeReservations(tx, at, new Map([[quoteId, null]]));
  await placeUnplaced(tx, at, now);
}

/**
 * After a hold already past its 30 minutes was paid for and confirmed (payments.service.ts): while
 * it was past them its reservation did not count, so its technician's place may have gone to
 * someone else. Re-checked, and re-placed if it lost it.
 */
export async function afterLateConfirm(tx: Db, quoteId: number, at: SlotOf, now: Date): Promise<void> {
  await lockSlotMatching(tx, at);
  const reservation = await reservationOf(tx, quoteId, now);
  if (reservation?.repairerId != null && reservation.date === at.date && reservation.slot === at.slot) await recheckReservationsOf(tx, reservation.repairerId, at, now);
  else await writeReservations(tx, at, new Map([[quoteId, null]]));
  await placeUnplaced(tx, at, now);
}

/** Unplaces the technician's reservations of the slot they can no longer keep (not eligible, or beyond their places). Under the slot's lock. */
async function recheckReservationsOf(tx: Db, repairerId: number, at: SlotOf, now: Date): Promise<void> {
  const [facts] = await technicianFacts(tx, [repairerId], at.date, at.date);
  const reserved = await reservedBookings(tx, at, now, { repairerIds: [repairerId] });
  let places = facts ? freePlacesIn(facts, at) : 0;
  const lost = new Map<number, null>();
  for (const booking of reserved) {
    if (facts && places > 0 && covers(facts, booking.customer)) places -= 1;
    else lost.set(booking.quoteId, null);
  }
  await writeReservations(tx, at, lost);
}

/**
 * After a change to a technician (availability saved, verified or not, profile edited): each of
 * their reservations from today on is re-checked and those they lost re-placed along augmenting
 * paths; then every slot's unplaced bookings are tried again (the change may have opened places).
 * One transaction per slot, each under the slot's lock. Call after the change has committed.
 */
export async function refreshReservationsOf(db: Db, repairerId: number, now: Date): Promise<void> {
  const today = londonDateOf(now);
  for (const at of await slotsReservedOn(db, repairerId, today, now)) {
    await db.transaction(async (tx) => {
      await lockSlotMatching(tx, at);
      await recheckReservationsOf(tx, repairerId, at, now);
    });
  }
  for (const at of await allSlotsWithUnplaced(db, today, now)) {
    await db.transaction(async (tx) => {
      await lockSlotMatching(tx, at);
      await placeUnplaced(tx, at, now);
    });
  }
}

/** The slot's open bookings in one list, reserved or not (fillReservations). */
async function slotBookings(db: Db, at: SlotOf, now: Date): Promise<ReservedBooking[]> {
  return reservedBookings(db, at, now, 'all');
}

/**
 * Start-up (and after a bulk load): every open booking from today on without a row gets one,
 * and each slot with unplaced bookings is matched again as a whole, in memory: every technician
 * working it, every open booking of it (a maximum matching, assignTechnicians), so a network
 * loaded at once is placed in one read per slot rather than one search per booking.
 */
export async function fillReservations(db: Db, now: Date): Promise<{ slots: number; unplaced: number }> {
  const today = londonDateOf(now);
  await markUnreserved(db, today, now);
  let unplaced = 0;
  const slots = await allSlotsWithUnplaced(db, today, now);
  for (const at of slots) {
    await db.transaction(async (tx) => {
      await lockSlotMatching(tx, at);
      const technicians = (await techniciansWorking(tx, at)).filter((technician) => freePlacesIn(technician, at) > 0);
      const bookings = await slotBookings(tx, at, now);
      const grid = new TechnicianGrid(technicians);
      // Bookings already placed first, in the order of their rows: a full refill keeps most of them where they are.
      const ordered = [...bookings].sort((a, b) => Number(a.repairerId === null) - Number(b.repairerId === null) || a.quoteId - b.quoteId);
      const demands: SlotDemand[] = ordered.map((booking) => ({ id: booking.quoteId, eligible: grid.covering(booking) }));
      const assignment = assignTechnicians(demands, new Map(technicians.map((technician) => [technician.id, freePlacesIn(technician, at)])));
      unplaced += assignment.unassigned.length;
      await writeReservations(tx, at, new Map(ordered.map((booking) => [booking.quoteId, assignment.technicianOf.get(booking.quoteId) ?? null])));
    });
  }
  return { slots: slots.length, unplaced };
}

/** Technicians by cell (half a degree of latitude, one of longitude), so each booking's technicians are found among the few cells around it. */
class TechnicianGrid {
  private readonly cells = new Map<string, TechnicianFacts[]>();
  private static readonly LAT = 0.5;
  private static readonly LNG = 1;

  constructor(technicians: readonly TechnicianFacts[]) {
    for (const technician of technicians) {
      const key = this.cellOf(technician.point.latitude, technician.point.longitude).join(',');
      const list = this.cells.get(key);
      if (list) list.push(technician);
      else this.cells.set(key, [technician]);
    }
  }

  private cellOf(latitude: number, longitude: number): [number, number] {
    return [Math.floor(latitude / TechnicianGrid.LAT), Math.floor(longitude / TechnicianGrid.LNG)];
  }

  /** Ids of the technicians covering the booking's customer (30 miles is under one cell each way at UK latitudes). */
  covering(booking: OpenBooking): number[] {
    const [row, column] = this.cellOf(booking.customer.point.latitude, booking.customer.point.longitude);
    const ids: number[] = [];
    for (let dr = -1; dr <= 1; dr++) {
      for (let dc = -1; dc <= 1; dc++) {
        for (const technician of this.cells.get(`${row + dr},${column + dc}`) ?? []) if (covers(technician, booking.customer)) ids.push(technician.id);
      }
    }
    return ids.sort((a, b) => a - b);
  }
}
