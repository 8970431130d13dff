import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { milesBetween } from '../../repairers';
import { provedOpen, slotOpenFor } from './customer-availability';
import type { OpenBooking } from './customer-availability.repo';
import { covers, type Customer, type SlotOf, type TechnicianFacts } from './eligibility.repo';

// A Monday well away from bank holidays and clock changes; the technicians work every half.
const at: SlotOf = { date: '2027-03-08', slot: 'morning' };
const ALL_HALVES = 0b11_1111_1111_1111;

// Along a line of latitude near Reading: a degree of longitude is ~43 miles there.
const place = (longitude: number) => ({ latitude: 51.45, longitude });

const technicianArb = fc.record({
  longitude: fc.double({ min: -1.5, max: 0.5, noNaN: true }),
  radius: fc.integer({ min: 5, max: 30 }),
  jobsPerSlot: fc.integer({ min: 1, max: 2 }),
  assignedJobs: fc.integer({ min: 0, max: 1 }),
});

describe('provedOpen: a slot proved open from the nearest technicians is open by the whole rule', () => {
  it('never says open where slotOpenFor (the whole slot) says closed, whichever nearest few it is given', () => {
    let proved = 0;
    fc.assert(
      fc.property(
        fc.array(technicianArb, { minLength: 1, maxLength: 8 }),
        fc.array(fc.double({ min: -1.5, max: 0.5, noNaN: true }), { maxLength: 10 }),
        fc.double({ min: -1.5, max: 0.5, noNaN: true }),
        fc.integer({ min: 1, max: 8 }),
        (technicianRows, bookingLongitudes, customerLongitude, nearest) => {
          const technicians: TechnicianFacts[] = technicianRows.map((row, i) => ({
            id: i + 1,
            point: place(row.longitude),
            serviceRadiusMiles: row.radius,
            specialisations: ['scratch'],
            weeklyHalves: ALL_HALVES,
            jobsPerSlot: row.jobsPerSlot,
            timeOff: [],
            jobsHeld: new Map(row.assignedJobs > 0 ? [[`${at.date}/${at.slot}`, row.assignedJobs]] : []),
          }));
          const bookings: OpenBooking[] = bookingLongitudes.map((longitude, i) => ({
            appointmentId: 100 + i,
            quoteId: 100 + i,
            date: at.date,
            slot: at.slot,
            customer: { point: place(longitude), specialisation: 'scratch' },
          }));
          const customer: Customer = { point: place(customerLongitude), specialisation: 'scratch' };
          const theirs = technicians
            .filter((technician) => covers(technician, customer))
            .sort((a, b) => milesBetween(a.point, customer.point) - milesBetween(b.point, customer.point))
            .slice(0, nearest);
          if (provedOpen(theirs, bookings, customer, at)) {
            proved++;
            expect(slotOpenFor({ technicians, bookings }, customer, at)).toBe(true);
          }
        },
      ),
      { numRuns: 2000 },
    );
    // The property is not empty: many instances were proved open.
    expect(proved).toBeGreaterThan(100);
  });
});
