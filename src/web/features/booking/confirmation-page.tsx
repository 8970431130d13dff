import { useEffect, useState } from 'react';
import { Link } from '../../components/navigation/router';
import type { AppointmentView } from '../../../shared/api/appointments';
import { formatLondonDate } from '../../../shared/london-time';
import { buttonClasses } from '../../components/ui/button';
import { useToastOnce } from '../../components/ui/use-toast';
import { useAppointment } from './api/appointments';
import { AppointmentDetails } from './appointment-details';
import { appointmentStatusLabels, arrivalWindow, isBooked, readyBy } from './appointment-format';
import { bookingToasts } from './booking-messages';
import { BookingSkeleton } from './booking-skeleton';
import { RecordNotFound } from './record-not-found';

/** After Stripe's redirect the webhook may not have landed yet: read again this often, for this long. */
export const CONFIRMATION_POLL_MS = 2000;
export const CONFIRMATION_POLL_FOR_MS = 30_000;

/** /confirmation/{appointmentId}: 'Booking Confirmed' (SPEC: Confirmation; D13). */
export function ConfirmationForAppointment({ id }: { id: string }) {
  const [startedAt] = useState(() => Date.now());
  const appointment = useAppointment(id, {
    refetchInterval: (data) => (data?.status === 'held' && Date.now() - startedAt < CONFIRMATION_POLL_FOR_MS ? CONFIRMATION_POLL_MS : false),
  });
  const [timedOut, setTimedOut] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setTimedOut(true), CONFIRMATION_POLL_FOR_MS);
    return () => clearTimeout(timer);
  }, []);
  useToastOnce(appointment.isError && !appointment.data, { title: bookingToasts.appointmentNotFound, description: 'We could not find that appointment.', variant: 'destructive' });

  if (appointment.isPending) return <BookingSkeleton label="Loading your booking…" />;
  if (!appointment.data)
    return <RecordNotFound title={bookingToasts.appointmentNotFound}>We could not find that appointment. Open the link in your confirmation e-mail.</RecordNotFound>;
  const data = appointment.data;
  if (data.status === 'held') return <Processing appointment={data} stillPolling={!timedOut} />;
  if (!isBooked(data)) return <NotActive appointment={data} />;
  return <Confirmed appointment={data} />;
}

function Confirmed({ appointment }: { appointment: AppointmentView }) {
  const window = arrivalWindow(appointment);
  return (
    <div className="mx-auto grid max-w-3xl gap-6">
      <div className="text-center">
        <p aria-hidden="true" className="mx-auto flex size-14 items-center justify-center rounded-full bg-teal-brand text-3xl text-white">
          ✓
        </p>
        <h1 className="mt-3 text-3xl font-bold text-navy-900 sm:text-4xl">Booking Confirmed</h1>
        <p className="mt-2 text-lg text-slate-700">
          {formatLondonDate(appointment.appointmentDate)}, between {window.start} and {window.end}.
        </p>
      </div>
      <section aria-labelledby="confirmation-details" className="rounded-lg border border-slate-200 bg-white p-5">
        <h2 id="confirmation-details" className="text-xl font-bold text-navy-900">
          Your appointment
        </h2>
        <AppointmentDetails appointment={appointment} withPayment={false} />
      </section>
      <section aria-labelledby="confirmation-next" className="rounded-lg border border-slate-200 bg-slate-50 p-5">
        <h2 id="confirmation-next" className="text-xl font-bold text-navy-900">
          What happens next
        </h2>
        <ol className="mt-3 grid list-decimal gap-2 pl-6 text-slate-800">
          <li>A confirmation e-mail is on its way to you with these details and a link back to this booking.</li>
          <li>The day before, we remind you by e-mail (and by text, if you asked).</li>
          <li>
            Your technician comes to you and arrives between {window.start} and {window.end}. Please have the car where it can be reached
            and be ready from {readyBy(window.start)}, 15 minutes before the window opens.
          </li>
        </ol>
        <p className="mt-3 text-sm text-slate-700">Your payment is held until the repair is completed to your satisfaction.</p>
      </section>
      <div className="flex flex-wrap justify-center gap-3">
        <Link to={`/appointments/${appointment.id}`} className={buttonClasses('primary', 'lg')}>
          View Appointment Details
        </Link>
        <Link to="/assessment" className={buttonClasses('outline', 'lg')}>
          Schedule Another Repair
        </Link>
      </div>
    </div>
  );
}

function Processing({ appointment, stillPolling }: { appointment: AppointmentView; stillPolling: boolean }) {
  return (
    <div className="mx-auto grid max-w-2xl gap-4 py-8 text-center">
      <h1 className="text-3xl font-bold text-navy-900">{stillPolling ? 'Confirming your payment…' : 'Your payment is still being processed'}</h1>
      <p role="status" className="text-lg text-slate-800">
        {stillPolling
          ? 'This usually takes a few seconds. Please keep this page open.'
          : 'We have not heard back from the card provider yet. You will get a confirmation e-mail as soon as it completes; you do not need to pay again.'}
      </p>
      <p className="text-slate-700">
        {formatLondonDate(appointment.appointmentDate)}, {appointmentStatusLabels[appointment.status].toLowerCase()}.
      </p>
      <div>
        <Link to={`/appointments/${appointment.id}`} className={buttonClasses('outline')}>
          View Appointment Details
        </Link>
      </div>
    </div>
  );
}

function NotActive({ appointment }: { appointment: AppointmentView }) {
  return (
    <div className="mx-auto grid max-w-2xl gap-4 py-8 text-center">
      <h1 className="text-3xl font-bold text-navy-900">This booking is not active</h1>
      <p className="text-lg text-slate-800">
        Appointment {appointment.id} on {formatLondonDate(appointment.appointmentDate)}: {appointmentStatusLabels[appointment.status].toLowerCase()}.
      </p>
      <div className="flex flex-wrap justify-center gap-3">
        <Link to={`/appointments/${appointment.id}`} className={buttonClasses('primary')}>
          View Appointment Details
        </Link>
        <Link to="/assessment" className={buttonClasses('outline')}>
          Schedule Another Repair
        </Link>
      </div>
    </div>
  );
}
