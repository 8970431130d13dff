// The booking process, declared once (issue 34 item 2; docs/decisions/0023): every step from
// the quote to the repairer's payout, with who may take it, the transitions it makes together,
// the booking's rows it locks (always in the one order quote → appointment → payment), the
// e-mails and jobs it starts and the timers it sets. Sharetribe's process.edn is the model.
// docs/lifecycles.md draws it; a test fails when the server calls transition() for a change no
// step declares (booking-process.test.ts), and the step runner refuses one at run time
// (src/server/modules/booking/process/run-step.ts).
import { AUTO_RELEASE_HOURS } from '../aftercare';
import { HOLD_MINUTES } from '../appointment-rules';
import { OFFER_ANSWER_HOURS } from '../offer-deadline';
import type { lifecycles } from './index';
import type { TransitionOf } from './lifecycle';

/** The lifecycles a booking's steps move: the quote, its assignment, the appointment, the payment, the offers and the payout. */
export const PROCESS_ENTITIES = ['quote', 'quoteAssignment', 'appointment', 'payment', 'jobNotification', 'payout'] as const;
export type ProcessEntity = (typeof PROCESS_ENTITIES)[number];

/** A transition of one of those lifecycles, as "entity.transition": "appointment.confirm". */
export type ProcessTransition = { [E in ProcessEntity]: `${E}.${TransitionOf<(typeof lifecycles)[E]>}` }[ProcessEntity];

export type Actor = 'customer' | 'repairer' | 'admin' | 'system';

/** The booking's rows a step locks, in this order and no other (docs/decisions/0004-lifecycles.md, "One lock order"). */
export const LOCK_ORDER = ['quote', 'appointment', 'payment'] as const;
export type LockedRow = (typeof LOCK_ORDER)[number];

export const TIMERS = {
  hold: { after: `${HOLD_MINUTES} minutes`, what: 'A held slot lapses unpaid and its place goes back (lapse-expired-holds).' },
  offerExpiry: { after: `${OFFER_ANSWER_HOURS} working hours, never past 24 hours before the slot`, what: 'An unanswered job offer expires at its deadline (expire-job-offers; docs/decisions/0027).' },
  noTechnician: { after: '24 hours before the slot', what: 'A paid booking still without a technician: the customer is offered another slot or a full refund (follow-up-unassigned-bookings).' },
  autoRelease: { after: `${AUTO_RELEASE_HOURS} hours`, what: 'A done job with no problem reported releases its payout (release-payouts).' },
  reminder: { after: '24 hours before the slot', what: 'The customer is reminded of the appointment (send-appointment-reminders).' },
  quoteValidity: { after: 'the quote’s valid-until date', what: 'An approved quote may no longer be booked (derived, not a status).' },
  freeChange: { after: '24 hours before the slot', what: 'The customer can no longer cancel or reschedule online (D14).' },
} as const;
export type Timer = keyof typeof TIMERS;

export interface StepSpec {
  /** What happens, in a sentence. */
  readonly summary: string;
  readonly actors: readonly Actor[];
  /** The transitions the step makes together, in one transaction (some only on some paths). */
  readonly transitions: readonly ProcessTransition[];
  /** The booking's rows it locks first, in LOCK_ORDER. */
  readonly locks: readonly LockedRow[];
  /** Rows it locks after the booking's, in this order. */
  readonly thenLocks?: readonly string[];
  /** The outbox e-mails it writes in its transaction (by kind). */
  readonly emails?: readonly string[];
  /** The jobs it starts once it has committed. */
  readonly jobs?: readonly string[];
  /** The timers it sets (or that start it). */
  readonly timers?: readonly Timer[];
}

function defineProcess<const N extends string>(steps: Record<N, StepSpec>): Record<N, StepSpec> {
  const problems: string[] = [];
  for (const [name, step] of Object.entries<StepSpec>(steps)) {
    if (step.actors.length === 0) problems.push(`${name} has no actor`);
    const positions = step.locks.map((row) => LOCK_ORDER.indexOf(row));
    if (positions.some((p, i) => i > 0 && p <= positions[i - 1]!)) problems.push(`${name} locks ${step.locks.join(', ')}: not in the order ${LOCK_ORDER.join(' → ')}`);
    if (new Set(step.transitions).size !== step.transitions.length) problems.push(`${name} lists a transition twice`);
  }
  if (problems.length > 0) throw new Error(`The booking process is not well formed: ${problems.join('; ')}`);
  return steps;
}

/** What a cancellation does, whoever makes it: refund in full, void the share, reopen the quote, release the job and tell its technician. */
const cancelAndRefund = {
  transitions: ['appointment.cancel', 'payout.void', 'quote.reopen', 'quoteAssignment.release', 'jobNotification.cancel', 'jobNotification.expire', 'payment.refund'],
  locks: ['quote', 'appointment', 'payment'],
  emails: ['booking-cancelled', 'booking-refunded', 'job-cancelled'],
} as const satisfies Pick<StepSpec, 'transitions' | 'locks' | 'emails'>;

export const bookingProcess = defineProcess({
  // The quote, on the admin's desk.
  'approve-quote': { summary: 'An admin approves a pending quote; the customer is e-mailed it.', actors: ['admin'], transitions: ['quote.approve'], locks: ['quote'], emails: ['quote-ready'], timers: ['quoteValidity'] },
  'revise-quote': { summary: 'An admin changes a quote’s figures before it is booked.', actors: ['admin'], transitions: ['quote.revise'], locks: ['quote'], emails: ['quote-revised'] },
  'erase-enquiry': { summary: 'The enquiry is erased (docs/decisions/0019): a quote not booked is withdrawn.', actors: ['customer', 'admin'], transitions: ['quote.withdraw'], locks: ['quote'] },

  // The slot.
  'hold-slot': {
    summary: 'The customer holds a slot for 30 minutes; a hold they had on another slot lapses.',
    actors: ['customer'],
    transitions: ['appointment.lapse'],
    locks: ['quote'],
    timers: ['hold'],
  },
  'lapse-hold': {
    summary: 'A hold ran out unpaid: the appointment lapses and its place goes back.',
    actors: ['system', 'customer'],
    transitions: ['appointment.lapse'],
    locks: ['appointment'],
    jobs: ['lapse-expired-holds'],
    timers: ['hold'],
  },
  reschedule: {
    summary: 'The customer moves a paid booking to another free slot, up to 24 hours before (or until the slot, once told nobody has taken it).',
    actors: ['customer'],
    transitions: ['appointment.reschedule'],
    locks: ['quote', 'appointment', 'payment'],
    thenLocks: ['repairer'],
    emails: ['booking-rescheduled', 'job-moved'],
    timers: ['freeChange', 'reminder', 'noTechnician'],
  },
  'change-text-consent': {
    summary: 'The customer agrees to texts about a booking still to come, or withdraws their agreement at any time.',
    actors: ['customer'],
    transitions: [],
    locks: ['appointment'],
  },
  'edit-notes': {
    summary: 'The customer changes their notes for the technician, until the day before.',
    actors: ['customer'],
    transitions: ['appointment.editNotes'],
    locks: ['quote', 'appointment'],
    emails: ['job-notes-changed'],
  },

  // Paying.
  'start-checkout': { summary: 'Checkout opens a payment intent for a live hold (an expired hold lapses instead).', actors: ['customer'], transitions: ['appointment.lapse'], locks: [] },
  'pay-by-test-card': {
    summary: 'The test-mode card form: a lapsed hold or a changed price is refused, a refused card fails, a good one settles.',
    actors: ['customer'],
    transitions: ['appointment.lapse', 'payment.fail', 'payment.succeed', 'appointment.confirm', 'appointment.reinstate', 'appointment.cancel', 'payment.refund', 'quote.book'],
    locks: ['quote', 'appointment', 'payment'],
    emails: ['booking-confirmed', 'text-booking-confirmed', 'booking-refunded'],
    jobs: ['dispatch-booking'],
  },
  'settle-payment': {
    summary: 'Stripe reports a payment succeeded: it is taken, the hold confirmed (or a lapsed one reinstated) and the quote booked, the share owed; or the money goes straight back.',
    actors: ['system'],
    transitions: ['payment.succeed', 'appointment.confirm', 'appointment.reinstate', 'appointment.lapse', 'appointment.cancel', 'payment.refund', 'quote.book'],
    locks: ['quote', 'appointment', 'payment'],
    emails: ['booking-confirmed', 'text-booking-confirmed', 'booking-refunded'],
    jobs: ['dispatch-booking'],
  },
  'payment-failed': { summary: 'Stripe reports a refused card: the payment is marked failed; the customer may retry.', actors: ['system'], transitions: ['payment.fail'], locks: ['payment'] },
  'record-stripe-event': { summary: 'A signed Stripe event this site does not act on is recorded, once.', actors: ['system'], transitions: [], locks: [] },
  'transfer-reversed': {
    summary: 'Stripe reports a transfer reversed: a released payout Stripe now holds less of goes back on hold.',
    actors: ['system'],
    transitions: ['payout.reverse'],
    locks: [],
    thenLocks: ['payout'],
  },

  // The job, offered to technicians.
  'offer-job': {
    summary: 'The job is offered to nearby repairers (automatically after payment, or by an admin); each offer expires.',
    actors: ['system', 'admin'],
    transitions: ['quoteAssignment.offer'],
    locks: ['quote'],
    emails: ['job-offer'],
    timers: ['offerExpiry'],
  },
  'view-offer': { summary: 'The repairer opens an offer.', actors: ['repairer'], transitions: ['jobNotification.view'], locks: [] },
  'accept-job': {
    summary: 'The first repairer to accept gets the job: assigned, the share theirs, every other open offer withdrawn.',
    actors: ['repairer'],
    transitions: ['quoteAssignment.assign', 'jobNotification.accept', 'appointment.assign', 'jobNotification.expire'],
    locks: ['quote'],
    thenLocks: ['offer', 'repairer'],
    emails: ['technician-assigned', 'job-accepted'],
  },
  'decline-job': { summary: 'The repairer declines an offer with a reason.', actors: ['repairer'], transitions: ['jobNotification.decline'], locks: ['quote'], thenLocks: ['offer'] },
  'expire-offers': { summary: 'Offers unanswered by their deadline (4 working hours, never past 24 hours before the slot) expire.', actors: ['system'], transitions: ['jobNotification.expire'], locks: [], jobs: ['expire-job-offers'], timers: ['offerExpiry'] },
  'tell-team-unassigned': {
    summary: 'A paid booking falls back to nobody (every offer ended, or none could be made): the team is e-mailed once each time and lists it with who could still take it.',
    actors: ['system'],
    transitions: [],
    locks: [],
    emails: ['booking-unassigned-team'],
    jobs: ['follow-up-unassigned-bookings'],
    timers: ['offerExpiry'],
  },
  'tell-customer-unassigned': {
    summary: 'Still without a technician 24 hours before the slot: the customer is e-mailed once and offered another slot or a full refund online.',
    actors: ['system'],
    transitions: [],
    locks: [],
    emails: ['booking-unassigned-customer'],
    jobs: ['follow-up-unassigned-bookings'],
    timers: ['noTechnician'],
  },
  'withdraw-repairer-offers': { summary: 'A repairer leaves the network: their open offers are withdrawn.', actors: ['admin'], transitions: ['jobNotification.expire'], locks: [] },
  'withdraw-offers-outside-availability': {
    summary: 'A technician’s saved availability (their own save or the team’s) closes a slot: their open offers of bookings then are withdrawn at once (docs/decisions/0029).',
    actors: ['repairer', 'admin'],
    transitions: ['jobNotification.expire'],
    locks: [],
  },
  'take-back-job': {
    summary: 'The team takes a job back from its technician: it waits to be dispatched again.',
    actors: ['admin'],
    transitions: ['appointment.unassign', 'jobNotification.cancel', 'quoteAssignment.release'],
    locks: ['quote', 'appointment', 'payment'],
    emails: ['technician-changing', 'job-taken-back'],
  },
  'take-back-outside-availability': {
    summary: 'A technician’s saved availability (their own save or the team’s) leaves a job they hold outside it: it is taken back, the customer told, and it is offered again or goes to the team as without a technician (docs/decisions/0029).',
    actors: ['repairer', 'admin'],
    transitions: ['appointment.unassign', 'jobNotification.cancel', 'quoteAssignment.release'],
    locks: ['quote', 'appointment', 'payment'],
    emails: ['technician-changing', 'job-taken-back'],
    jobs: ['dispatch-booking', 'follow-up-unassigned-bookings'],
  },

  // Cancelling.
  'cancel-booking': {
    summary: 'The customer cancels up to 24 hours before (or until the slot, once told nobody has taken it): refunded in full, the share void, the quote reopened, the technician told.',
    actors: ['customer'],
    ...cancelAndRefund,
    timers: ['freeChange', 'noTechnician'],
  },
  'team-cancel-booking': {
    summary: 'The team cancels a paid booking nobody will do, whenever it is, and refunds it in full.',
    actors: ['admin'],
    ...cancelAndRefund,
  },

  // Done, and paid out.
  'mark-job-done': {
    summary: 'The assigned repairer marks the job done, with after photos; the payout releases after 72 hours unless a problem is reported.',
    actors: ['repairer'],
    transitions: ['appointment.complete'],
    locks: ['appointment'],
    emails: ['repair-done', 'text-repair-done'],
    timers: ['autoRelease'],
  },
  'on-my-way': {
    summary: 'On the job’s day the assigned repairer says they are on the way, arriving around a time inside the slot (once, and one update); the customer’s page shows it and they are texted.',
    actors: ['repairer'],
    transitions: [],
    locks: ['appointment'],
    emails: ['text-on-my-way'],
  },
  'confirm-completion': { summary: 'The customer confirms the repair: the payout may be released now.', actors: ['customer'], transitions: [], locks: ['appointment'], jobs: ['release-payouts'] },
  'report-problem': {
    summary: 'The customer reports a problem within 72 hours: the share is held for the team.',
    actors: ['customer'],
    transitions: ['payout.hold'],
    locks: ['appointment'],
    thenLocks: ['payout'],
    emails: ['repair-problem-team'],
  },
  'refund-after-problem': {
    summary: 'The team refunds the customer in full after a problem it could not put right; the held share is void.',
    actors: ['admin'],
    transitions: ['payout.void', 'payment.refund'],
    locks: ['quote', 'appointment', 'payment'],
    thenLocks: ['payout'],
    emails: ['booking-refunded', 'repairer-share-cancelled'],
  },
  'claim-payout': { summary: 'A release claims a share before asking Stripe (or takes over one whose sender died).', actors: ['system', 'admin'], transitions: ['payout.send', 'payout.resume'], locks: [], thenLocks: ['payout'] },
  'release-payout': {
    summary: 'The share is released to the technician (with Stripe, after the transfer); a share held meanwhile, or refused, goes back.',
    actors: ['system', 'admin'],
    transitions: ['payout.release', 'payout.unsend', 'payout.hold'],
    locks: [],
    thenLocks: ['payout'],
    emails: ['repairer-paid'],
    jobs: ['release-payouts'],
    timers: ['autoRelease'],
  },
  'withhold-payout': { summary: 'A share whose earlier transfer was reversed at Stripe is held back for an admin, not paid again.', actors: ['system'], transitions: ['payout.withhold'], locks: [], thenLocks: ['payout'] },
  'send-reminders': { summary: 'The customer is reminded a day before.', actors: ['system'], transitions: [], locks: [], emails: ['booking-reminder', 'text-booking-reminder'], jobs: ['send-appointment-reminders'], timers: ['reminder'] },
});

export type StepName = keyof typeof bookingProcess;

/** Whether `step` makes `entity`'s `transition`. */
export function stepMakes(step: StepName, entity: string, transition: string): boolean {
  return (bookingProcess[step].transitions as readonly string[]).includes(`${entity}.${transition}`);
}

/** The steps that make `entity`'s `transition` (none: no step of the process may make it). */
export function stepsMaking(entity: string, transition: string): StepName[] {
  return (Object.keys(bookingProcess) as StepName[]).filter((step) => stepMakes(step, entity, transition));
}

export function isProcessEntity(entity: string): entity is ProcessEntity {
  return (PROCESS_ENTITIES as readonly string[]).includes(entity);
}
