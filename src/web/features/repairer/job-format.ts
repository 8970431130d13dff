import { dayAndSlotLabel } from '../../../shared/calendar';
import { formatLondonDateTime } from '../../../shared/london-time';
import { cancelledAfterAccepting } from '../../../shared/lifecycles/job-notification';
import { formatDecimalPounds } from '../../lib/format';
import type { RepairerJob } from '../../../shared/api/repairer-jobs';

/** 'Expired', or the time left to answer: '3h 12m left' (SPEC's time-remaining badge). */
export function timeRemaining(expiresAt: string, now: Date): string {
  const ms = new Date(expiresAt).getTime() - now.getTime();
  if (!(ms > 0)) return 'Expired';
  const minutes = Math.max(1, Math.floor(ms / 60_000));
  return `${Math.floor(minutes / 60)}h ${minutes % 60}m left`;
}

export const vehicleOf = (job: Pick<RepairerJob, 'vehicleYear' | 'vehicleMake' | 'vehicleModel'>) => `${job.vehicleYear} ${job.vehicleMake} ${job.vehicleModel}`;

export const areaOf = (job: Pick<RepairerJob, 'customer'>) => [job.customer.city, job.customer.district].filter(Boolean).join(', ');

export function whenOf(job: Pick<RepairerJob, 'appointment'>): string {
  if (!job.appointment) return 'Date to be confirmed';
  return dayAndSlotLabel(job.appointment.appointmentDate, job.appointment.timeSlot);
}

/** Open: an offer the repairer can still accept or decline. */
export const isOpenOffer = (job: RepairerJob) => (job.status === 'sent' || job.status === 'viewed') && !job.isExpired;
/** Theirs and still to do: accepted, still assigned to them, not yet marked done. */
export const isUpcoming = (job: RepairerJob) => job.status === 'accepted' && job.customer.name !== null && job.appointment?.status === 'assigned';

/** Where a finished job's pay stands (D14): a word for its card and a sentence for its panel. */
export interface PayStanding {
  badge: 'Done' | 'Paid' | 'On hold' | 'Cancelled' | 'Refunded';
  tone: 'done' | 'paid' | 'held' | 'void';
  sentence: string;
}

/** Null until the repairer has marked the job done. */
export function payStanding(appointment: RepairerJob['appointment']): PayStanding | null {
  if (!appointment || appointment.status !== 'completed') return null;
  const on = (instant: string | null) => (instant ? formatLondonDateTime(new Date(instant)) : '');
  const marked = `Marked as done${appointment.completedAt ? ` on ${on(appointment.completedAt)}` : ''}.`;
  const confirmed = appointment.confirmedAt ? `The customer confirmed the repair on ${on(appointment.confirmedAt)}.` : '';
  const payout = appointment.payout;
  if (!payout) return { badge: 'Done', tone: 'done', sentence: `${marked} You are paid once the customer confirms, or 72 hours later if they report no problem.` };
  const share = formatDecimalPounds(payout.amount);
  switch (payout.status) {
    case 'released':
      return { badge: 'Paid', tone: 'paid', sentence: `${confirmed || marked} Your ${share} was paid on ${on(payout.releasedAt)}.` };
    case 'sending':
      return { badge: 'Done', tone: 'done', sentence: `${confirmed || marked} Your ${share} is on its way.` };
    case 'held':
      return {
        badge: 'On hold',
        tone: 'held',
        sentence: appointment.problemReportedAt
          ? `The customer reported a problem on ${on(appointment.problemReportedAt)}. Your ${share} is on hold while our team looks into it; we will be in touch.`
          : `Your ${share} is on hold while our team looks into a payment query; we will be in touch.`,
      };
    case 'void':
      // Voided after the job was done: the customer reported a problem and the team refunded them.
      return appointment.problemReportedAt
        ? { badge: 'Refunded', tone: 'void', sentence: `The customer reported a problem on ${on(appointment.problemReportedAt)} and our team refunded them, so there is no payment for this job.` }
        : { badge: 'Cancelled', tone: 'void', sentence: 'This booking was cancelled, so there is nothing to pay for it.' };
    case 'owed':
      return confirmed
        ? { badge: 'Done', tone: 'done', sentence: `${confirmed} Your ${share} will be paid shortly.` }
        : {
            badge: 'Done',
            tone: 'done',
            sentence: `${marked} You are paid ${share} once the customer confirms${payout.releaseAfterAt ? `, or on ${on(payout.releaseAfterAt)} if they report no problem` : ', or 72 hours later if they report no problem'}.`,
          };
  }
}

/**
 * What the job earns the repairer, for its card and its panel: the quote's share, or nothing once
 * the share was voided (the customer refunded after a reported problem, or the booking cancelled),
 * with the share it would have been named beside it.
 */
export function earningsOf(job: Pick<RepairerJob, 'quote' | 'appointment' | 'status' | 'respondedAt' | 'declineReason'>): { amount: string; note: string | null } {
  const share = formatDecimalPounds(job.quote.repairerPayment);
  const nothing = (why: string) => ({ amount: formatDecimalPounds('0.00'), note: `not ${share}: ${why}` });
  // Accepted, then lost: no share comes to them (a browser review: the card still said £76.00).
  const ended = offerEnded(job);
  if (ended && job.respondedAt !== null) return nothing(ended.why);
  if (job.appointment?.payout?.status !== 'void') return { amount: share, note: null };
  return nothing(job.appointment.problemReportedAt ? 'the customer was refunded' : 'the booking was cancelled');
}

/**
 * Why an offer ended other than by running out or going to another technician, or null: its
 * customer cancelled (before or after the repairer accepted), or, after they accepted, our team
 * took it back to find another technician.
 */
export function offerEnded(job: Pick<RepairerJob, 'status' | 'respondedAt' | 'declineReason' | 'appointment'>): { badge: 'Cancelled' | 'Taken back'; why: string; sentence: string } | null {
  if (job.status !== 'expired' || job.declineReason !== null) return null;
  const accepted = cancelledAfterAccepting(job);
  if (job.appointment?.status === 'cancelled') {
    return {
      badge: 'Cancelled',
      why: 'the booking was cancelled',
      sentence: accepted
        ? 'This booking was cancelled after you accepted it. You do not need to attend, and that time is free again.'
        : 'This booking was cancelled, so the offer was withdrawn.',
    };
  }
  return accepted ? { badge: 'Taken back', why: 'the job was taken back', sentence: 'Our team took this job back after you accepted it (we e-mailed you why). You do not need to attend, and that time is free again.' } : null;
}
