import { slotLabels, isTimeSlot } from '../../../shared/calendar';
import { formatLondonDate } from '../../../shared/london-time';
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
  const slot = isTimeSlot(job.appointment.timeSlot) ? slotLabels[job.appointment.timeSlot] : job.appointment.timeSlot;
  return `${formatLondonDate(job.appointment.appointmentDate)}, ${slot}`;
}

/** Open: an offer the repairer can still accept or decline. */
export const isOpenOffer = (job: RepairerJob) => (job.status === 'sent' || job.status === 'viewed') && !job.isExpired;
/** Theirs and still to do: accepted, still assigned to them, not yet marked done. */
export const isUpcoming = (job: RepairerJob) => job.status === 'accepted' && job.customer.name !== null && job.appointment?.status === 'assigned';
