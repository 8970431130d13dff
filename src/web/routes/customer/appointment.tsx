import { useParams } from '../../components/navigation/router';
import { AppointmentForCustomer, bookingToasts, RecordNotFound } from '../../features/booking';

const frame = 'mx-auto w-full max-w-6xl px-4 py-10 sm:px-6 sm:py-14';

/** /appointments/{id}: 'View Appointment Details' (D21), with cancel and reschedule. */
export default function AppointmentPage() {
  const { id = '' } = useParams();
  const valid = /^\d{1,10}$/.test(id);
  return (
    <div className={frame}>
      {valid ? <AppointmentForCustomer id={id} /> : <RecordNotFound title={bookingToasts.appointmentNotFound}>We could not find that appointment.</RecordNotFound>}
    </div>
  );
}
