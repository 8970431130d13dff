// A job offered to one repairer (D16): it expires after 4 of their working hours, never past 24
// hours before the slot (shared/offer-deadline.ts); the first repairer to
// accept gets the job, and every other open notification for it becomes expired.
import { defineLifecycle } from './lifecycle';

export const jobNotificationLifecycle = defineLifecycle({
  entity: 'jobNotification',
  noun: 'job',
  table: 'job_notifications',
  statuses: ['sent', 'viewed', 'accepted', 'declined', 'expired'],
  initial: 'sent',
  describe: {
    sent: 'has not been opened yet',
    viewed: 'is open',
    accepted: 'has already been accepted',
    declined: 'has already been declined',
    expired: 'is no longer available: it has expired or has already been taken',
  },
  transitions: {
    view: { from: ['sent'], to: 'viewed', done: 'opened' },
    accept: { from: ['sent', 'viewed'], to: 'accepted', done: 'accepted' },
    decline: { from: ['sent', 'viewed'], to: 'declined', done: 'declined' },
    // At its deadline (4 working hours, shared/offer-deadline.ts), or when another repairer accepted the job.
    expire: { from: ['sent', 'viewed'], to: 'expired', done: 'withdrawn' },
    // The customer cancelled the booking after this repairer had accepted it, or the team took the job back.
    cancel: { from: ['accepted'], to: 'expired', done: 'cancelled' },
  },
});

export type JobNotificationStatus = (typeof jobNotificationLifecycle.statuses)[number];

/** Ended by `cancel`, as its row shows it: answered, not declined, and expired (the repairer's dashboard and the admin's responses). */
export function cancelledAfterAccepting(offer: { status: string; respondedAt: unknown; declineReason: string | null }): boolean {
  return offer.status === 'expired' && offer.respondedAt !== null && offer.declineReason === null;
}
