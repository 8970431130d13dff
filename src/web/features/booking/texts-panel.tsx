import type { AppointmentView } from '../../../shared/api/appointments';
import { isLiveAppointment } from '../../../shared/lifecycles/appointment';
import { Button } from '../../components/ui/button';
import { RefusalAlert } from '../../components/ui/refusal-alert';
import { userMessageOf } from '../../lib/api';
import { useUpdateTextConsent } from './api/appointments';

/**
 * Issue 38: whether we text the customer about this booking, and changing their mind here, as
 * easily as they ticked (or left) the box at booking. Only the customer reads it (texts is null
 * for anyone else); once the booking is over there is nothing to agree to.
 */
export function TextsPanel({ appointment }: { appointment: AppointmentView }) {
  const update = useUpdateTextConsent(appointment.id);
  const consented = appointment.texts?.consented ?? false;
  if (!appointment.texts || (!consented && !isLiveAppointment(appointment.status))) return null;
  return (
    <section aria-labelledby="appointment-texts" className="rounded-lg border border-slate-200 bg-white p-5">
      <h2 id="appointment-texts" className="text-xl font-bold text-navy-900">
        Texts about this booking
      </h2>
      <p className="mt-2 text-slate-900">
        {consented
          ? 'We text your mobile when the booking is confirmed, the day before, when your technician is on the way and when the repair is done.'
          : 'We are not texting you about this booking. We can text your mobile the day before, when your technician is on the way and when the repair is done.'}
      </p>
      {/* The refusal (not a UK mobile) takes the keyboard, as every refusal of an action does. */}
      {update.error ? (
        <div className="mt-3">
          <RefusalAlert message={userMessageOf(update.error)} />
        </div>
      ) : null}
      <Button variant="outline" className="mt-3" pending={update.isPending} onClick={() => update.mutate(!consented)}>
        {consented ? 'Stop texts' : 'Text me updates'}
      </Button>
    </section>
  );
}
