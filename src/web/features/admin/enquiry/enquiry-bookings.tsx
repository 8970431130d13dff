import { useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { bookingStageLabels } from '../../../../shared/api/admin';
import type { AdminEnquiry, EnquiryBooking } from '../../../../shared/api/admin-enquiry';
import { dayAndSlotLabel } from '../../../../shared/calendar';
import { formatLondonDate } from '../../../../shared/london-time';
import { PhotoGallery } from '../../../components/photo-gallery';
import { Button } from '../../../components/ui/button';
import { formatDecimalPounds, formatWhen } from '../../../lib/format';
import { invalidateAdminDesk } from '../api/admin-query-keys';
import { CancelBookingDialog } from '../dispatch/cancel-booking-dialog';
import { useSendToAllNearby } from '../dispatch/dispatch-api';
import { TakeBackDialog } from '../dispatch/upcoming-jobs';
import { appointmentLabels, paymentLabels, payoutLabels } from './labels';
import { Section } from './section';

const FOCUS_AFTER = 'enquiry-bookings';

function SendToAllNearby({ quoteId }: { quoteId: number }) {
  const queryClient = useQueryClient();
  const send = useSendToAllNearby(quoteId);
  return (
    <Button
      className="mt-3"
      size="sm"
      pending={send.isPending}
      onClick={() =>
        send.mutate(undefined, { onSettled: () => void invalidateAdminDesk(queryClient) })
      }
    >
      {send.isPending ? 'Sending…' : 'Send to all nearby'}
    </Button>
  );
}

/** The team's actions on this booking as it stands: the same endpoints as the dashboard's lists, never a new money path. */
function BookingActions({ booking, reference }: { booking: EnquiryBooking; reference: string }) {
  const { appointment, payment, payout } = booking;
  const paid = payment?.status === 'succeeded';
  const target = { appointmentId: appointment.id, reference, appointmentDate: appointment.appointmentDate, timeSlot: appointment.timeSlot };
  const technician = appointment.aftercare.technician;
  if (appointment.status === 'confirmed' && paid) {
    return (
      <div className="flex flex-wrap gap-3">
        <SendToAllNearby quoteId={appointment.quoteId} />
        <CancelBookingDialog booking={target} focusAfter={FOCUS_AFTER} />
      </div>
    );
  }
  if (appointment.status === 'assigned' && paid) {
    const withTechnician = { ...target, technician: { businessName: technician ?? 'the technician' } };
    return (
      <div className="flex flex-wrap gap-3">
        <TakeBackDialog job={withTechnician} focusAfter={FOCUS_AFTER} />
        <CancelBookingDialog booking={withTechnician} focusAfter={FOCUS_AFTER} />
      </div>
    );
  }
  if (payout?.status === 'held') {
    return (
      <p className="mt-3 text-sm">
        The technician’s payment is on hold.{' '}
        <Link to="/admin" className="font-semibold text-navy-900 underline">
          Release it or refund the customer on the dashboard
        </Link>{' '}
        ({appointment.aftercare.problemReportedAt ? 'Problems reported' : 'Payouts in question'}).
      </p>
    );
  }
  return null;
}

function Booking({ booking, reference }: { booking: EnquiryBooking; reference: string }) {
  const { appointment, payment, payout } = booking;
  const { aftercare } = appointment;
  const facts: [string, string][] = [
    ['Status', appointmentLabels[appointment.status]],
    ['Booked', formatWhen(appointment.createdAt)],
    ...(appointment.holdExpiresAt ? [['Hold ends', formatWhen(appointment.holdExpiresAt)] as [string, string]] : []),
    ['Payment', payment ? `${paymentLabels[payment.status]} · ${formatDecimalPounds(payment.amount)} (${payment.provider === 'test' ? 'test mode' : 'Stripe'})` : 'Not started'],
    ...(payment?.paidAt ? [['Paid', formatWhen(payment.paidAt)] as [string, string]] : []),
    ...(payment && payment.refunded !== '0.00' ? [['Refunded', formatDecimalPounds(payment.refunded)] as [string, string]] : []),
    ...(payment?.failureMessage && payment.status === 'failed' ? [['Card refused', payment.failureMessage] as [string, string]] : []),
    ['Technician', aftercare.technician ?? 'None yet'],
    ...(payout ? [['Technician’s payment', `${payoutLabels[payout.status]} · ${formatDecimalPounds(payout.amount)}${payout.releasedAt ? `, ${formatWhen(payout.releasedAt)}` : ''}`] as [string, string]] : []),
    ...(payout?.releaseAfterAt && payout.status === 'owed' ? [['Released from', formatWhen(payout.releaseAfterAt)] as [string, string]] : []),
    ...(aftercare.completedAt ? [['Marked done', formatWhen(aftercare.completedAt)] as [string, string]] : []),
    ...(aftercare.confirmedAt ? [['Confirmed by the customer', formatWhen(aftercare.confirmedAt)] as [string, string]] : []),
    ...(aftercare.problemReportedAt ? [['Problem reported', formatWhen(aftercare.problemReportedAt)] as [string, string]] : []),
    ...(aftercare.warranty ? [['Warranty', `${formatLondonDate(aftercare.warranty.startsDate)} to ${formatLondonDate(aftercare.warranty.endsDate)}`] as [string, string]] : []),
    ...(aftercare.review ? [['Review', `${aftercare.review.rating} of 5${aftercare.review.comment ? `: “${aftercare.review.comment}”` : ''}`] as [string, string]] : []),
    ...(booking.cancelledAt ? [['Cancelled', formatWhen(booking.cancelledAt)] as [string, string]] : []),
    ...(booking.reminderSentAt ? [['Reminder sent', formatWhen(booking.reminderSentAt)] as [string, string]] : []),
  ];
  return (
    <li className="rounded-md border border-slate-200 p-3">
      <h3 className="font-bold text-navy-900">
        {dayAndSlotLabel(appointment.appointmentDate, appointment.timeSlot)}
        {booking.stage ? <span className="ml-2 rounded-full bg-slate-100 px-2 py-0.5 text-sm font-semibold text-slate-900">{bookingStageLabels[booking.stage]}</span> : null}
      </h3>
      <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        {facts.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="font-semibold">{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      {appointment.notes ? <p className="mt-2 text-sm whitespace-pre-line">Customer’s notes for the technician: “{appointment.notes}”</p> : null}
      {booking.problemReport ? <p className="mt-2 rounded-md border border-amber-400 bg-amber-50 p-2 text-sm whitespace-pre-line text-amber-950">The customer reported: “{booking.problemReport}”</p> : null}
      {aftercare.afterPhotoIds.length > 0 ? (
        <div className="mt-3">
          <PhotoGallery images={aftercare.afterPhotoIds} reference={reference} noun="After photo" />
        </div>
      ) : null}
      <BookingActions booking={booking} reference={reference} />
    </li>
  );
}

/** Every booking of the quote, newest first, with its payment and the technician's payment. */
export function EnquiryBookings({ enquiry }: { enquiry: AdminEnquiry }) {
  return (
    <Section id={FOCUS_AFTER} title="Booking">
      {enquiry.bookings.length === 0 ? (
        <p className="text-slate-800">Not booked yet.</p>
      ) : (
        <ul className="grid gap-3">
          {enquiry.bookings.map((booking) => (
            <Booking key={booking.appointment.id} booking={booking} reference={enquiry.assessment.reference} />
          ))}
        </ul>
      )}
    </Section>
  );
}
