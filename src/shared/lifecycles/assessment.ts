// An assessment is the customer's enquiry. Its progress (quoted, booked, repaired) is not
// stored here: it is read from its quote and appointment, which own those facts.
import { defineLifecycle } from './lifecycle';

export const assessmentLifecycle = defineLifecycle({
  entity: 'assessment',
  noun: 'enquiry',
  table: 'assessments',
  statuses: ['submitted', 'withdrawn'],
  initial: 'submitted',
  describe: {
    submitted: 'is open',
    withdrawn: 'has already been withdrawn',
  },
  transitions: {
    // The customer or an admin closes an enquiry that will not go ahead, keeping its record.
    withdraw: { from: ['submitted'], to: 'withdrawn', done: 'withdrawn' },
  },
});

export type AssessmentStatus = (typeof assessmentLifecycle.statuses)[number];
