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
