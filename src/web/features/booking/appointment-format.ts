import { AUTO_RELEASE_HOURS } from '../../../shared/aftercare';
import type { AppointmentView } from '../../../shared/api/appointments';
import { slotWindows } from '../../../shared/calendar';
import { BOOKED_APPOINTMENT_STATUSES } from '../../../shared/lifecycles/appointment';

type Status = AppointmentView['status'];
type PaymentStatus = NonNullable<AppointmentView['paymentStatus']>;

export const appointmentStatusLabels: Record<Status, string> = {
  held: 'Held, awaiting payment',
  confirmed: 'Confirmed',
  assigned: 'Confirmed, technician assigned',
  completed: 'Completed',
  lapsed: 'Hold expired',
  cancelled: 'Cancelled',
};

/** The customer has confirmed the repair, or let the 72 hours after it was marked done pass (D14). */
export function isRepairSettled(appointment: Pick<AppointmentView, 'status' | 'aftercare'>, now: Date = new Date()): boolean {
  if (appointment.status !== 'completed') return false;
  const { confirmedAt, problemReportedAt, completedAt } = appointment.aftercare;
  if (confirmedAt) return true;
  if (problemReportedAt || !completedAt) return false;
  return now.getTime() >= new Date(completedAt).getTime() + AUTO_RELEASE_HOURS * 60 * 60 * 1000;
}

/**
 * The booking's status in words. A repair the technician has marked done is not "Completed" until
 * the customer confirms it (or 72 hours pass without a problem reported): before, it asks them to.
 */
export function appointmentStatusLabel(appointment: Pick<AppointmentView, 'status' | 'aftercare' | 'viewer'>, now: Date = new Date()): string {
  if (appointment.status !== 'completed' || isRepairSettled(appointment, now)) return appointmentStatusLabels[appointment.status];
  if (appointment.aftercare.problemReportedAt) return appointment.viewer === 'customer' ? 'Marked as done by your technician — you reported a problem' : 'Marked as done by the technician — the customer reported a problem';
  return appointment.viewer === 'customer' ? 'Marked as done by your technician — please confirm' : 'Marked as done by the technician — waiting for the customer to confirm';
}

export const paymentStatusLabels: Record<PaymentStatus, string> = {
  requires_payment: 'Not paid yet',
  succeeded: 'Paid',
  failed: 'Not paid: the last payment attempt failed',
  cancelled: 'Not paid',
  refunded: 'Refunded in full',
};

export const paymentLabel = (status: AppointmentView['paymentStatus']) => (status ? paymentStatusLabels[status] : 'Not paid yet');

/** A booking that stands: paid and not cancelled (D14). */
export const isBooked = (appointment: AppointmentView) => (BOOKED_APPOINTMENT_STATUSES as readonly string[]).includes(appointment.status);

/** '8:00 and 12:00' style window for sentences, in the labels' format (slotLabels, for tables). */
export const arrivalWindow = (appointment: Pick<AppointmentView, 'timeSlot'>) => slotWindows[appointment.timeSlot];

/** 15 minutes before the window opens, e.g. '7:45'. */
export function readyBy(start: string): string {
  const [hours, minutes] = start.split(':').map(Number) as [number, number];
  const total = hours * 60 + minutes - 15;
  return `${Math.floor(total / 60)}:${String(total % 60).padStart(2, '0')}`;
}
