import { useState } from 'react';
import type { AppointmentView } from '../../../shared/api/appointments';
import { needsEarlyStartRequest, RESCHEDULE_START_WITHIN } from '../../../shared/api/payments';
import { slotInSentence, slotStartsAt } from '../../../shared/calendar';
import { formatLondonDate } from '../../../shared/london-time';
import { Button } from '../../components/ui/button';
import { toast } from '../../components/ui/use-toast';
import { isApiError, userMessageOf } from '../../lib/api';
import { focusById, focusOnMount } from '../../lib/focus';
import { RefusalAlert } from '../../components/ui/refusal-alert';
import { useRescheduleAppointment } from './api/appointments';
import { asksForStartRequest, CancellationConsent, useConsentBox } from './cancellation-consent';
import { SlotPicker } from './slot-picker';
import { useSlotPicker } from './slot-picker-state';

/**
 * D14 on rescheduling: a paid booking moved to a slot starting within 14 days of the payment (when
 * the contract was made) needs the customer's request to start inside the cancellation period,
 * unless they gave it already. With a day but no slot yet, its morning decides (the earlier one).
 */
function needsRequestFor(appointment: AppointmentView, date: string | null, slot: AppointmentView['timeSlot'] | null): boolean {
  const period = appointment.cancellationPeriod;
  if (date === null || period === null || period.startRequested) return false;
  return needsEarlyStartRequest(slotStartsAt(date, slot ?? 'morning'), new Date(period.paidAt));
}

/** Another free slot, with the booking calendar; the server moves it atomically (D14's 24-hour rule). */
export function ReschedulePanel({ appointment, onDone }: { appointment: AppointmentView; onDone: () => void }) {
  const [now] = useState(() => new Date());
  // The calendar leaves out the slots the booking's technician already has another job in.
  const picker = useSlotPicker(now, appointment.id);
  const reschedule = useRescheduleAppointment(appointment.id);
  const { date, slot } = picker.state;
  const same = date === appointment.appointmentDate && slot === appointment.timeSlot;
  // The server's own sentence, so the customer reads the same words whichever of them refuses.
  const consent = useConsentBox(RESCHEDULE_START_WITHIN.refusal);
  // The server asked for the request for this slot (its clock or record may differ from the page's).
  const [askedFor, setAskedFor] = useState<string>();
  // A refusal stays written in the panel (the toast goes after 5 seconds), and takes the keyboard there.
  const [refusal, setRefusal] = useState<string | null>(null);
  const required = needsRequestFor(appointment, date, slot) || (askedFor !== undefined && askedFor === `${date} ${slot}`);

  const move = () => {
    if (date === null || slot === null) return;
    setRefusal(null);
    if (required && !consent.checked) {
      consent.refuse();
      return;
    }
    consent.clearError();
    reschedule.mutate(
      { appointmentDate: date, timeSlot: slot, ...(required ? { startWithinCancellationPeriod: true } : {}) },
      {
        onSuccess: (after) => {
          toast({
            title: 'Booking Moved',
            description: `Your appointment is now on ${formatLondonDate(after.appointmentDate)}, ${slotInSentence(after.timeSlot)}.`,
            variant: 'success',
          });
          onDone();
          // The panel closes: the keyboard goes to the details, which show the new time.
          focusById('appointment-details');
        },
        onError: (error) => {
          if (asksForStartRequest(error)) {
            setAskedFor(`${date} ${slot}`);
            consent.refuse();
            return;
          }
          if (isApiError(error) && error.status === 409) picker.dispatch({ type: 'clear-slot' });
          const message = userMessageOf(error, 'We could not move your booking. Please try again.');
          setRefusal(message);
          toast({ title: 'Reschedule Failed', description: message, variant: 'destructive' });
        },
      },
    );
  };
  return (
    <section aria-labelledby="reschedule-heading" className="grid gap-4 rounded-lg border border-slate-200 bg-slate-50 p-4 sm:p-5">
      <h2 id="reschedule-heading" ref={focusOnMount} tabIndex={-1} className="text-xl font-bold text-navy-900 focus:outline-none">
        Choose a new date and time
      </h2>
      <SlotPicker picker={picker} now={now} idPrefix="reschedule" />
      {required ? (
        <CancellationConsent
          required
          checked={consent.checked}
          onChange={(next) => {
            consent.setChecked(next);
            if (next) consent.clearError();
          }}
          error={consent.error}
          boxRef={consent.boxRef}
          idPrefix="reschedule"
          hint={RESCHEDULE_START_WITHIN.hint}
        />
      ) : null}
      <RefusalAlert message={refusal} />
      <div className="flex flex-wrap gap-3">
        <Button disabled={date === null || slot === null || same} pending={reschedule.isPending} onClick={move}>
          {reschedule.isPending ? 'Moving…' : 'Move my booking'}
        </Button>
        <Button variant="outline" onClick={onDone}>
          Keep the current slot
        </Button>
      </div>
    </section>
  );
}
