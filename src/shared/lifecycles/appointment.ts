// An appointment (D13–D15): a slot held for 30 minutes, confirmed when its payment succeeds,
// assigned when a repairer accepts the job (D16), completed when the repairer marks it done.
// Whether it is paid is owned by its payment, not repeated here.
import { defineLifecycle } from './lifecycle';

export const appointmentLifecycle = defineLifecycle({
  entity: 'appointment',
  noun: 'booking',
  table: 'appointments',
  statuses: ['held', 'confirmed', 'assigned', 'completed', 'lapsed', 'cancelled'],
  initial: 'held',
  describe: {
    held: 'is still waiting for payment',
    confirmed: 'has already been confirmed',
    assigned: 'already has a technician assigned',
    completed: 'has already been completed',
    lapsed: 'was not paid in time and its slot has been released',
    cancelled: 'has been cancelled',
  },
  transitions: {
    // Its payment succeeded (the provider's webhook, or the test-mode provider).
    confirm: { from: ['held'], to: 'confirmed', done: 'confirmed' },
    // The 30-minute hold ran out unpaid, or the customer booked another slot instead.
    lapse: { from: ['held'], to: 'lapsed', done: 'released' },
    // Its payment succeeded after the hold lapsed, and the slot still had a place (docs/decisions/0009-payments.md).
    reinstate: { from: ['lapsed'], to: 'confirmed', done: 'reinstated' },
    // A repairer accepted the job (first to accept wins, D16).
    assign: { from: ['confirmed'], to: 'assigned', done: 'assigned' },
    // The team took the job back from its technician (they cannot come): it waits to be dispatched again.
    unassign: { from: ['assigned'], to: 'confirmed', done: 'taken back from its technician' },
    // Another free slot, atomically, up to 24 hours before (D14); the status is kept.
    reschedule: { from: ['confirmed', 'assigned'], done: 'rescheduled' },
    // The customer changes their notes for the technician, until the day before the appointment (issue 33); the status is kept.
    editNotes: { from: ['held', 'confirmed', 'assigned'], done: 'given new notes' },
    // By the customer up to 24 hours before, refunded in full (D14); an unpaid hold too.
    cancel: { from: ['held', 'confirmed', 'assigned'], to: 'cancelled', done: 'cancelled' },
    // The assigned repairer marks the job done.
    complete: { from: ['assigned'], to: 'completed', done: 'marked as done' },
  },
});

export type AppointmentStatus = (typeof appointmentLifecycle.statuses)[number];

/** The statuses that occupy a place in a slot: leaving one of them releases the place (docs/decisions/0008-booking-capacity.md). */
export const LIVE_APPOINTMENT_STATUSES = ['held', 'confirmed', 'assigned'] as const satisfies readonly AppointmentStatus[];

/** The statuses of a booking that stands: paid and not cancelled (D14). */
export const BOOKED_APPOINTMENT_STATUSES = ['confirmed', 'assigned', 'completed'] as const satisfies readonly AppointmentStatus[];

export function isLiveAppointment(status: string): boolean {
  return (LIVE_APPOINTMENT_STATUSES as readonly string[]).includes(status);
}
