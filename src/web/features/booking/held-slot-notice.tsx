import { Link } from '../../components/navigation/router';
import type { AppointmentView } from '../../../shared/api/appointments';
import { slotLabels } from '../../../shared/calendar';
import { formatLondonDate } from '../../../shared/london-time';
import { buttonClasses } from '../../components/ui/button';
import { formatRemaining } from './hold-countdown';

/** Where checkout goes for this hold: with its id, so checkout shows its day before the intent exists. */
export function checkoutLinkOf(held: Pick<AppointmentView, 'id' | 'quoteId'>) {
  return { to: `/checkout?quote_id=${held.quoteId}`, state: { appointmentId: held.id } };
}

export const heldSlotLabel = (held: Pick<AppointmentView, 'appointmentDate' | 'timeSlot'>) =>
  `${formatLondonDate(held.appointmentDate)}, ${slotLabels[held.timeSlot]}`;

/**
 * The slot the server holds for this quote (Back from checkout, or the page opened again within the
 * 30 minutes): its day, the time left and the way on to pay. Choosing another slot below replaces it
 * by the API's own rule (POST /api/appointments lapses the old hold in the same transaction).
 */
export function HeldSlotNotice({ held, remaining }: { held: AppointmentView; remaining: number }) {
  if (remaining <= 0)
    return (
      <p role="alert" className="rounded-md border border-red-700 bg-red-50 p-3 text-red-900">
        Your hold on {heldSlotLabel(held)} has run out. Please choose a date and time again.
      </p>
    );
  const checkout = checkoutLinkOf(held);
  return (
    <section aria-labelledby="held-slot-title" className="grid gap-3 rounded-lg border-2 border-amber-700 bg-amber-50 p-4 text-slate-900">
      <h2 id="held-slot-title" className="text-xl font-bold text-navy-900">
        Your slot is held
      </h2>
      <p>
        <span className="font-semibold">{heldSlotLabel(held)}</span> is held for you for another{' '}
        <span className="font-mono font-semibold">{formatRemaining(remaining)}</span> (minutes and seconds) while you pay.
      </p>
      <div>
        <Link to={checkout.to} state={checkout.state} className={buttonClasses('primary', 'lg')}>
          Continue to payment
        </Link>
      </div>
      <p className="text-sm text-slate-800">
        Or choose another date and time below: confirming it holds that slot instead, and this one is released.
      </p>
    </section>
  );
}
