// SPEC's assignmentStatus on a quote: whether its paid booking's job is with a technician. Which
// repairer has the job is owned by the job notifications (an accepted one, D16); this column
// follows them, in the same transactions, so the API and the dispatch list can show it.
import { defineLifecycle } from './lifecycle';

export const quoteAssignmentLifecycle = defineLifecycle({
  entity: 'quoteAssignment',
  noun: 'job',
  table: 'quotes',
  column: 'assignment_status',
  statuses: ['unassigned', 'sent', 'assigned'],
  initial: 'unassigned',
  describe: {
    unassigned: 'has not been offered to a technician yet',
    sent: 'has been offered to technicians',
    assigned: 'has already been taken',
  },
  transitions: {
    // Dispatch (automatic after payment, or an admin's) offered it to at least one repairer.
    offer: { from: ['unassigned', 'sent'], to: 'sent', done: 'offered' },
    // The first repairer to accept gets it (the job notification's `accept`, same transaction).
    assign: { from: ['unassigned', 'sent'], to: 'assigned', done: 'assigned' },
    // The customer cancelled the booking: nobody has the job, and a new booking of the quote can
    // be dispatched again.
    release: { from: ['unassigned', 'sent', 'assigned'], to: 'unassigned', done: 'released' },
  },
});

/** SPEC's assignmentStatus values, in the API and the database's CHECK. */
export const QUOTE_ASSIGNMENT_STATUSES = quoteAssignmentLifecycle.statuses;
export type QuoteAssignmentStatus = (typeof quoteAssignmentLifecycle.statuses)[number];
