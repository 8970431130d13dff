import { describe, expect, it } from 'vitest';
import { DEFAULT_AVAILABILITY } from '../../../shared/api/repairer-availability';
import { availabilityChanges } from './availability-change';

describe('availabilityChanges', () => {
  it('says nothing when nothing changed', () => {
    expect(availabilityChanges(DEFAULT_AVAILABILITY, structuredClone(DEFAULT_AVAILABILITY))).toEqual([]);
  });

  it('names each day, the jobs per slot and the periods added and removed', () => {
    const before = { ...DEFAULT_AVAILABILITY, timeOff: [{ from: '2027-03-01', to: '2027-03-01' }] };
    const after = {
      weekly: { ...DEFAULT_AVAILABILITY.weekly, tuesday: { morning: false, afternoon: false }, saturday: { morning: true, afternoon: false } },
      jobsPerSlot: 2,
      timeOff: [{ from: '2027-03-09', to: '2027-03-12' }],
    };
    expect(availabilityChanges(before, after)).toEqual([
      'Tuesday: not working (was mornings and afternoons)',
      'Saturday: mornings only (was not working)',
      '2 jobs a slot (was 1)',
      'time off added: Tuesday 9 March 2027 to Friday 12 March 2027',
      'time off removed: Monday 1 March 2027',
    ]);
  });
});
