import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { assignTechnicians, canTakeAnother, type Assignment, type FreePlaces, type SlotDemand } from './assignment';

const A = 1;
const B = 2;

describe('the issue: technician A covers two towns, B covers one', () => {
  // A covers Reading and Slough; B covers only Slough. A Slough customer books first.
  const places: FreePlaces = new Map([
    [A, 1],
    [B, 1],
  ]);
  const slough = { id: 10, eligible: [A, B] };
  const reading = { id: 11, eligible: [A] };

  it('books the Reading customer after the Slough one took A: Slough moves to B', () => {
    const { possible, assignment } = canTakeAnother([slough], reading, places);
    expect(possible).toBe(true);
    expect(assignment.technicianOf).toEqual(new Map([[10, B], [11, A]]));
  });

  it('books them in the other order too', () => {
    const { possible, assignment } = canTakeAnother([reading], slough, places);
    expect(possible).toBe(true);
    expect(assignment.technicianOf).toEqual(new Map([[11, A], [10, B]]));
  });

  it('refuses a third customer in either town', () => {
    expect(canTakeAnother([slough, reading], { id: 12, eligible: [A, B] }, places).possible).toBe(false);
    expect(canTakeAnother([slough, reading], { id: 12, eligible: [A] }, places).possible).toBe(false);
  });

  it('follows a longer chain: each booking moves one technician along', () => {
    // C covers only what A covers; the newcomer can only have D, held by one who could have C.
    const chain: FreePlaces = new Map([[1, 1], [2, 1], [3, 1], [4, 1]]);
    const bookings = [
      { id: 1, eligible: [1] },
      { id: 2, eligible: [2, 1] },
      { id: 3, eligible: [3, 2] },
      { id: 4, eligible: [4, 3] },
    ];
    expect(assignTechnicians(bookings.slice(1), chain).technicianOf).toEqual(new Map([[2, 2], [3, 3], [4, 4]]));
    const { possible, assignment } = canTakeAnother(bookings.slice(1), { id: 5, eligible: [4] }, chain);
    expect(possible).toBe(true);
    expect(assignment.technicianOf).toEqual(new Map([[2, 1], [3, 2], [4, 3], [5, 4]]));
  });
});

describe('places', () => {
  it('gives a technician as many bookings as their free places, and no more', () => {
    const places: FreePlaces = new Map([[A, 2]]);
    const two = [1, 2].map((id) => ({ id, eligible: [A] }));
    expect(canTakeAnother(two.slice(0, 1), two[1]!, places).possible).toBe(true);
    expect(canTakeAnother(two, { id: 3, eligible: [A] }, places).possible).toBe(false);
  });

  it('never uses a technician without a free place (no places, or one missing from the map)', () => {
    expect(canTakeAnother([], { id: 1, eligible: [A] }, new Map([[A, 0]])).possible).toBe(false);
    expect(canTakeAnother([], { id: 1, eligible: [B] }, new Map([[A, 1]])).possible).toBe(false);
    expect(canTakeAnother([], { id: 1, eligible: [] }, new Map([[A, 1]])).possible).toBe(false);
  });

  it('does not let a booking nobody can serve close the slot to everyone else', () => {
    // Booking 1's only technician took time off: it is the team's to see, and B is still free.
    const { possible, assignment } = canTakeAnother([{ id: 1, eligible: [] }], { id: 2, eligible: [B] }, new Map([[B, 1]]));
    expect(possible).toBe(true);
    expect(assignment.unassigned).toEqual([1]);
  });
});

// --- Against brute force on small slots ----------------------------------------------------------

interface Case {
  places: FreePlaces;
  bookings: SlotDemand[];
  newcomer: SlotDemand;
}

const technicianIds = [1, 2, 3, 4];
const cases: fc.Arbitrary<Case> = fc
  .record({
    capacities: fc.array(fc.integer({ min: 0, max: 2 }), { minLength: 4, maxLength: 4 }),
    eligibility: fc.array(fc.subarray(technicianIds), { minLength: 1, maxLength: 7 }),
  })
  .map(({ capacities, eligibility }) => {
    const demands = eligibility.map((eligible, i) => ({ id: 100 + i, eligible }));
    return {
      places: new Map(technicianIds.map((id, i) => [id, capacities[i]!])),
      bookings: demands.slice(0, -1),
      newcomer: demands.at(-1)!,
    };
  });

/** The largest number of these bookings that can each have a different technician with a place, by trying every choice. */
function bruteMaximum(bookings: readonly SlotDemand[], places: FreePlaces): number {
  const load = new Map<number, number>();
  const best = (i: number): number => {
    if (i === bookings.length) return 0;
    let most = best(i + 1); // this booking left without one
    for (const technician of bookings[i]!.eligible) {
      const used = load.get(technician) ?? 0;
      if (used >= (places.get(technician) ?? 0)) continue;
      load.set(technician, used + 1);
      most = Math.max(most, 1 + best(i + 1));
      load.set(technician, used);
    }
    return most;
  };
  return best(0);
}

function expectValid(assignment: Assignment, bookings: readonly SlotDemand[], places: FreePlaces): void {
  const load = new Map<number, number>();
  for (const [booking, technician] of assignment.technicianOf) {
    expect(bookings.find((b) => b.id === booking)!.eligible).toContain(technician);
    load.set(technician, (load.get(technician) ?? 0) + 1);
  }
  for (const [technician, used] of load) expect(used).toBeLessThanOrEqual(places.get(technician) ?? 0);
  // Every booking is either given a technician or listed as without one, never both.
  const ids = bookings.map((b) => b.id).sort();
  expect([...assignment.technicianOf.keys(), ...assignment.unassigned].sort()).toEqual(ids);
}

describe('against brute force (up to 7 bookings, 4 technicians of 0–2 places)', () => {
  it('finds a maximum assignment, and a valid one', () => {
    fc.assert(
      fc.property(cases, ({ places, bookings, newcomer }) => {
        const all = [...bookings, newcomer];
        const assignment = assignTechnicians(all, places);
        expectValid(assignment, all, places);
        expect(assignment.technicianOf.size).toBe(bruteMaximum(all, places));
      }),
      { numRuns: 2000 },
    );
  });

  it('takes another booking exactly when one more can have a technician, keeping everyone who had one', () => {
    fc.assert(
      fc.property(cases, ({ places, bookings, newcomer }) => {
        const before = bruteMaximum(bookings, places);
        const { possible, assignment } = canTakeAnother(bookings, newcomer, places);
        expect(possible).toBe(bruteMaximum([...bookings, newcomer], places) === before + 1);
        expectValid(assignment, [...bookings, newcomer], places);
        expect(assignment.technicianOf.size).toBe(before + (possible ? 1 : 0));
        expect(assignment.technicianOf.has(newcomer.id)).toBe(possible);
      }),
      { numRuns: 2000 },
    );
  });

  it('answers the same whatever order the bookings already in the slot are read in', () => {
    fc.assert(
      fc.property(cases, fc.integer(), ({ places, bookings, newcomer }, seed) => {
        const shuffled = [...bookings].sort((a, b) => ((a.id * 7919 + seed) % 13) - ((b.id * 7919 + seed) % 13));
        expect(canTakeAnother(shuffled, newcomer, places).possible).toBe(canTakeAnother(bookings, newcomer, places).possible);
      }),
      { numRuns: 1000 },
    );
  });
});
