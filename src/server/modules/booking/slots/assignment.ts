// Issue 35 item 2, D15: a slot is bookable for a customer only while every booking in it and
// this one can each be given a different eligible technician with a free place. That is a
// bipartite matching with capacities (bookings on one side, technicians with their free places
// on the other), found here by augmenting paths: a booking takes a technician with a free place,
// or one whose booking can move to another technician of its own, and so on down the chain. A
// technician who covers two towns is therefore never "used up" by the first customer when
// another technician could have served that customer instead.
//
// Pure and synchronous: the caller reads who is eligible for what (eligibility.repo.ts) and asks.
// Cost: one augmenting search per booking, each at most every edge once, so O(bookings × edges);
// a slot's few hundred bookings and their technicians take well under a millisecond per search.

/** A booking in the slot and the technicians who could serve it (verified, in range, covering the damage, working, not off). */
export interface SlotDemand {
  id: number;
  eligible: readonly number[];
}

/** Free places in the slot by technician: their jobs per slot less the jobs they already hold then. */
export type FreePlaces = ReadonlyMap<number, number>;

export interface Assignment {
  /** Technician of each booking that has one. */
  technicianOf: Map<number, number>;
  /** Bookings no technician can be found for (say, after a time off): the team's to see. */
  unassigned: number[];
}

class SlotMatching {
  private readonly technicianOf = new Map<number, number>();
  private readonly bookingsOf = new Map<number, number[]>();
  private readonly eligibleOf = new Map<number, readonly number[]>();

  constructor(private readonly places: FreePlaces) {}

  private hasRoom(technician: number): boolean {
    return (this.bookingsOf.get(technician)?.length ?? 0) < (this.places.get(technician) ?? 0);
  }

  /**
   * Gives the booking a technician if any augmenting path reaches one with a free place (moving
   * other bookings along it), breadth first. Bookings already given one keep having one.
   */
  add(booking: SlotDemand): boolean {
    this.eligibleOf.set(booking.id, booking.eligible);
    // For each technician reached: the booking that would move to it, and the technician that booking leaves.
    const reachedBy = new Map<number, { booking: number; leaves: number | undefined }>();
    const queue: number[] = [];
    const reach = (technician: number, by: number, leaves: number | undefined) => {
      if (reachedBy.has(technician) || (this.places.get(technician) ?? 0) <= 0) return;
      reachedBy.set(technician, { booking: by, leaves });
      queue.push(technician);
    };
    for (const technician of booking.eligible) reach(technician, booking.id, undefined);
    for (let head = 0; head < queue.length; head++) {
      const technician = queue[head]!;
      if (this.hasRoom(technician)) {
        this.augment(technician, reachedBy);
        return true;
      }
      for (const held of this.bookingsOf.get(technician) ?? []) {
        for (const other of this.eligibleOf.get(held) ?? []) reach(other, held, technician);
      }
    }
    return false;
  }

  private augment(end: number, reachedBy: Map<number, { booking: number; leaves: number | undefined }>): void {
    let technician: number | undefined = end;
    while (technician !== undefined) {
      const { booking, leaves }: { booking: number; leaves: number | undefined } = reachedBy.get(technician)!;
      if (leaves !== undefined) {
        const list = this.bookingsOf.get(leaves)!;
        list.splice(list.indexOf(booking), 1);
      }
      this.technicianOf.set(booking, technician);
      const list = this.bookingsOf.get(technician);
      if (list) list.push(booking);
      else this.bookingsOf.set(technician, [booking]);
      technician = leaves;
    }
  }

  assignment(unassigned: number[]): Assignment {
    return { technicianOf: new Map(this.technicianOf), unassigned };
  }
}

/**
 * The most bookings of the slot that can each have a different eligible technician with a free
 * place (a maximum matching), and the technician of each. Bookings are tried in the order given;
 * which bookings are left without one may depend on it, how many never does.
 */
export function assignTechnicians(bookings: readonly SlotDemand[], places: FreePlaces): Assignment {
  const matching = new SlotMatching(places);
  const unassigned = bookings.filter((booking) => !matching.add(booking)).map((booking) => booking.id);
  return matching.assignment(unassigned);
}

/**
 * Whether `newcomer` can be booked into the slot: true exactly when it can have an eligible
 * technician with a free place while every booking already in the slot that can have one still
 * does (the maximum matching grows by one). A booking already without a technician (its
 * technician took time off) does not close the slot to everyone else; it is in `unassigned`, for
 * the team. With the answer, an assignment that proves it.
 */
export function canTakeAnother(bookings: readonly SlotDemand[], newcomer: SlotDemand, places: FreePlaces): { possible: boolean; assignment: Assignment } {
  const matching = new SlotMatching(places);
  const unassigned = bookings.filter((booking) => !matching.add(booking)).map((booking) => booking.id);
  const possible = matching.add(newcomer);
  return { possible, assignment: matching.assignment(possible ? unassigned : [...unassigned, newcomer.id]) };
}
