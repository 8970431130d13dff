import { Link } from '../../components/navigation/router';
import type { AppointmentView } from '../../../shared/api/appointments';
import { slotLabels } from '../../../shared/calendar';
import { formatLondonDate, formatLondonDateTime } from '../../../shared/london-time';
import type { QuoteView as Quote } from '../../../shared/api/quotes';
import { buttonClasses } from '../../components/ui/button';
import { appointmentStatusLabel, isRepairSettled, useAppointment, useHeldAppointment } from '../booking';

/** Where a booked quote's repair stands (issue 33): booked, marked as done (to confirm), or done. */
export type BookingStage = 'booked' | 'marked-done' | 'done';

export interface QuoteBooking {
  stage: BookingStage;
  /** The paid booking's id, once the server has named it. */
  appointmentId: number | null;
  appointment: AppointmentView | undefined;
}

/**
 * A booked quote's booking, as its grant holder reads it: the quote's paid booking
 * (GET /api/quotes/{id}/held-appointment names it) and that booking (GET /api/appointments/{id}).
 * Null for a quote not booked, which reads neither.
 */
export function useQuoteBooking(quote: Quote, now: Date = new Date()): QuoteBooking | null {
  const booked = quote.status === 'booked';
  const appointmentId = useHeldAppointment(quote.id, { enabled: booked }).data?.bookedAppointmentId ?? null;
  const appointment = useAppointment(appointmentId, { enabled: booked && appointmentId !== null }).data;
  if (!booked) return null;
  const stage: BookingStage = appointment?.status !== 'completed' ? 'booked' : isRepairSettled(appointment, now) ? 'done' : 'marked-done';
  return { stage, appointmentId, appointment };
}

export const bookingBadges: Record<BookingStage, string> = { booked: 'Booked', 'marked-done': 'Marked as done', done: 'Repair done' };

const headings: Record<BookingStage, string> = {
  booked: 'Your repair is booked',
  'marked-done': 'Your technician has marked the repair as done',
  done: 'Your repair is done',
};

function Warranty({ appointment }: { appointment: AppointmentView | undefined }) {
  const warranty = appointment?.aftercare.warranty;
  if (!warranty) return null;
  return (
    <p className="mt-2 text-slate-800">
      Your {warranty.months}-month warranty on the workmanship runs until <strong>{formatLondonDate(warranty.endsDate)}</strong>.
    </p>
  );
}

/** The booking panel a booked quote's page opens with: what happens next and the way to the appointment. */
export function QuoteBookingStatus({ booking }: { booking: QuoteBooking }) {
  const { stage, appointment, appointmentId } = booking;
  const technician = appointment?.aftercare.technician;
  return (
    <section aria-labelledby="quote-booking" className="rounded-lg border-2 border-teal-brand bg-teal-50 p-5">
      <h2 id="quote-booking" className="text-xl font-bold text-navy-900">
        {headings[stage]}
      </h2>
      {stage === 'booked' ? (
        <>
          <p className="mt-2 text-slate-800">
            You have booked and paid for this repair
            {appointment ? (
              <>
                {' '}
                for <strong>{formatLondonDate(appointment.appointmentDate)}</strong>, {slotLabels[appointment.timeSlot].toLowerCase()}
              </>
            ) : null}
            .{' '}
            {appointment
              ? technician
                ? `${technician} will carry out your repair. We send you a reminder the day before.`
                : 'We are finding your technician, and will e-mail you once one has accepted.'
              : 'Your confirmation e-mail also has the link to your appointment.'}
          </p>
          {appointment ? <p className="mt-2 text-slate-800">Status: {appointmentStatusLabel(appointment)}</p> : null}
        </>
      ) : (
        <>
          <p className="mt-2 text-slate-800">
            {technician ?? 'Your technician'} marked the repair as done
            {appointment?.aftercare.completedAt ? ` on ${formatLondonDateTime(new Date(appointment.aftercare.completedAt))}` : ''}.{' '}
            {stage === 'marked-done'
              ? appointment?.aftercare.problemReportedAt
                ? 'You reported a problem: our team will contact you, and your payment stays on hold meanwhile.'
                : 'Please check it, then confirm it or tell us what is wrong on your appointment page.'
              : 'Thank you for booking with us.'}
          </p>
          {appointment ? <p className="mt-2 text-slate-800">Status: {appointmentStatusLabel(appointment)}</p> : null}
          <Warranty appointment={appointment} />
        </>
      )}
      {appointmentId !== null ? (
        <Link to={`/appointments/${appointmentId}`} className={`${buttonClasses('primary', 'lg')} mt-4 py-2 text-center`}>
          {stage === 'marked-done' && !appointment?.aftercare.problemReportedAt ? 'Confirm the repair' : 'View your appointment'}
        </Link>
      ) : null}
    </section>
  );
}
