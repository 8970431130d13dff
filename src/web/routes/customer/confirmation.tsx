import { useParams } from '../../components/navigation/router';
import { bookingToasts, ConfirmationForAppointment, RecordNotFound } from '../../features/booking';

const frame = 'mx-auto w-full max-w-6xl px-4 py-10 sm:px-6 sm:py-14';

/** /confirmation/{appointmentId}: where checkout and Stripe's redirect land (D13). */
export default function ConfirmationPage() {
  const { appointmentId = '' } = useParams();
  const valid = /^\d{1,10}$/.test(appointmentId);
  return (
    <div className={frame}>
      {valid ? (
        <ConfirmationForAppointment id={appointmentId} />
      ) : (
        <RecordNotFound title={bookingToasts.appointmentNotFound}>We could not find that appointment.</RecordNotFound>
      )}
    </div>
  );
}
