import { useState } from 'react';
import { Link } from '../../components/navigation/router';
import type { AppointmentView } from '../../../shared/api/appointments';
import { FREE_CHANGE_HOURS } from '../../../shared/api/appointments';
import { formatLondonDateTime } from '../../../shared/london-time';
import { company } from '../../lib/company';
import { Button, buttonClasses } from '../../components/ui/button';
import { useToastOnce } from '../../components/ui/use-toast';
import { useAppointment } from './api/appointments';
import { AftercarePanel } from './aftercare-panel';
import { OnTheWayNotice } from './on-the-way-notice';
import { AppointmentDetails } from './appointment-details';
import { bookingToasts } from './booking-messages';
import { BookingSkeleton } from './booking-skeleton';
import { CancelButton } from './cancel-button';
import { NotesPanel } from './notes-panel';
import { TextsPanel } from './texts-panel';
import { RecordNotFound } from './record-not-found';
import { DataErased, YourDataPanel } from '../privacy';
import type { ErasureResult } from '../../../shared/api/privacy';
import { onDemand } from '../../components/on-demand';

// The calendar to move the booking (the slot picker and its availability) is fetched when the
// customer first asks to reschedule: the page shows without it (issue 36).
const ReschedulePanel = onDemand(async () => (await import('./reschedule-panel')).ReschedulePanel);
// Who is coming (issue 37 item 3), once a technician has accepted: fetched only then, as most visits before never need it.
const TechnicianCard = onDemand(async () => (await import('./technician-card')).TechnicianCard);

/** /appointments/{id}: the booking, with cancel and reschedule (D21, D14). */
export function AppointmentForCustomer({ id }: { id: string }) {
  const appointment = useAppointment(id);
  useToastOnce(appointment.isError && !appointment.data, { title: bookingToasts.appointmentNotFound, description: 'We could not find that appointment.', variant: 'destructive' });
  if (appointment.isPending) return <BookingSkeleton label="Loading your appointment…" />;
  if (!appointment.data)
    return <RecordNotFound title={bookingToasts.appointmentNotFound}>We could not find that appointment. Open the link in your confirmation e-mail.</RecordNotFound>;
  return <AppointmentView appointment={appointment.data} />;
}

function AppointmentView({ appointment }: { appointment: AppointmentView }) {
  const [rescheduling, setRescheduling] = useState(false);
  const [erased, setErased] = useState<ErasureResult | null>(null);
  if (erased) return <DataErased result={erased} />;
  const team = appointment.viewer === 'team';
  const customer = appointment.viewer === 'customer';
  const live = appointment.status === 'confirmed' || appointment.status === 'assigned';
  return (
    <div className="mx-auto grid max-w-3xl gap-6">
      <div>
        <h1 className="text-3xl font-bold tracking-tight text-navy-900 sm:text-4xl">{customer ? 'Your appointment' : 'The customer’s appointment'}</h1>
        <p className="mt-2 text-lg text-slate-700">
          Reference <span className="font-mono font-semibold text-slate-900">{appointment.reference}</span>
        </p>
        {team ? (
          // A browser review: the customer's Cancel and Reschedule were offered to the team, and failed.
          <p className="mt-3 rounded-md border border-slate-300 bg-slate-50 p-3 text-slate-900">
            You are seeing this booking as our team: the customer changes it from their own link.{' '}
            {live ? (
              <>
                To cancel and refund it, use its card under Jobs to dispatch or Upcoming jobs on the{' '}
                <Link to="/admin" className="text-navy-900 underline">
                  admin dashboard
                </Link>
                .
              </>
            ) : (
              // Only a paid booking still to be done has a card there (a review: the note sent the team to an action that did not exist).
              'Only a paid booking still to come is cancelled and refunded from the dashboard; a problem with a finished repair is refunded from Problems reported.'
            )}
          </p>
        ) : null}
      </div>
      <OnTheWayNotice onTheWay={appointment.onTheWay} />
      {appointment.technician ? <TechnicianCard technician={appointment.technician} customer={customer} coming={appointment.status === 'assigned'} /> : null}
      <section aria-labelledby="appointment-details" className="rounded-lg border border-slate-200 bg-white p-5">
        <h2 id="appointment-details" tabIndex={-1} className="text-xl font-bold text-navy-900 focus:outline-none">
          Details
        </h2>
        {/* The customer reads and changes their notes in their own panel below. */}
        <AppointmentDetails appointment={appointment} withNotes={!customer} />
      </section>
      {customer ? <NotesPanel appointment={appointment} /> : null}
      {customer ? <TextsPanel appointment={appointment} /> : null}
      {/* The customer's own actions (confirm the repair, report a problem, cancel, move) are theirs alone. */}
      {appointment.viewer === 'customer' ? (
        <>
          <AftercarePanel appointment={appointment} />
          <Changes appointment={appointment} rescheduling={rescheduling} setRescheduling={setRescheduling} />
        </>
      ) : null}
      {/* Read again after a refusal, the booking may no longer be movable (cancelled elsewhere, now inside 24 hours). */}
      {rescheduling && changeable(appointment) ? <ReschedulePanel appointment={appointment} onDone={() => setRescheduling(false)} /> : null}
      {/* The customer's data is theirs and the team's to download or erase (issue 14), not the technician's. */}
      {appointment.viewer === 'technician' ? null : <YourDataPanel assessmentId={appointment.assessmentId} reference={appointment.reference} onErased={setErased} />}
    </div>
  );
}

/** Confirmed or assigned, and more than 24 hours ahead (D14), or offered the choice when nobody took it: it can be cancelled or moved online. */
function changeable(appointment: AppointmentView): boolean {
  return appointment.canChange && (appointment.status === 'confirmed' || appointment.status === 'assigned');
}

function Changes({
  appointment,
  rescheduling,
  setRescheduling,
}: {
  appointment: AppointmentView;
  rescheduling: boolean;
  setRescheduling: (value: boolean) => void;
}) {
  const box = 'rounded-lg border border-slate-200 bg-slate-50 p-5';
  if (appointment.status === 'held')
    return (
      <section aria-labelledby="appointment-changes" className={box}>
        <h2 id="appointment-changes" className="text-xl font-bold text-navy-900">
          Payment needed
        </h2>
        <p className="mt-2 text-slate-800">
          {appointment.holdExpiresAt
            ? `This slot is held for you until ${formatLondonDateTime(new Date(appointment.holdExpiresAt))}. Pay to confirm it.`
            : 'Pay to confirm this slot.'}
        </p>
        <Link to={`/checkout?quote_id=${appointment.quoteId}`} className={`${buttonClasses('primary')} mt-3`}>
          Continue to payment
        </Link>
      </section>
    );
  if (appointment.status === 'cancelled' || appointment.status === 'lapsed')
    return (
      <section aria-labelledby="appointment-changes" className={box}>
        <h2 id="appointment-changes" className="text-xl font-bold text-navy-900">
          {appointment.status === 'cancelled' ? 'This booking was cancelled' : 'This hold expired'}
        </h2>
        <p className="mt-2 text-slate-800">
          {appointment.paymentStatus === 'refunded'
            ? 'Your payment has been refunded in full. Refunds usually reach your card within 5 to 10 working days.'
            : 'Nothing was charged for it.'}
        </p>
        <Link to="/assessment" className={`${buttonClasses('outline')} mt-3`}>
          Schedule Another Repair
        </Link>
      </section>
    );
  if (appointment.status === 'completed') return null;
  // Issue 35: no technician has taken it 24 hours before: the customer chooses, never waits in silence.
  if (appointment.noTechnicianChoice)
    return (
      <section aria-labelledby="appointment-changes" className="rounded-lg border border-amber-300 bg-amber-50 p-5">
        <h2 id="appointment-changes" className="text-xl font-bold text-navy-900">
          We have not found a technician yet
        </h2>
        <p className="mt-2 text-slate-800">
          We are sorry: no technician has yet taken your repair, so nobody will come unless one does and we tell you. Please choose another slot,
          or cancel for a full refund of £{appointment.totalCost}.
        </p>
        <div className="mt-3 flex flex-wrap gap-3">
          {rescheduling ? null : (
            <Button variant="outline" onClick={() => setRescheduling(true)}>
              Choose another slot
            </Button>
          )}
          <CancelButton appointment={appointment} />
        </div>
      </section>
    );
  if (!appointment.canChange)
    return (
      <section aria-labelledby="appointment-changes" className={box}>
        <h2 id="appointment-changes" className="text-xl font-bold text-navy-900">
          Need to change it?
        </h2>
        <p className="mt-2 text-slate-800">
          Your appointment is less than {FREE_CHANGE_HOURS} hours away, so it can no longer be cancelled or moved online. Please call us on{' '}
          <a href={`tel:${company().supportPhoneE164}`} className="font-semibold text-navy-900 underline">
            {company().supportPhone}
          </a>{' '}
          ({company().supportHoursSentence}).
        </p>
      </section>
    );
  return (
    <section aria-labelledby="appointment-changes" className={box}>
      <h2 id="appointment-changes" className="text-xl font-bold text-navy-900">
        Need to change it?
      </h2>
      <p className="mt-2 text-slate-800">
        You can cancel free of charge, with a full refund, or move to another free slot up to {FREE_CHANGE_HOURS} hours before your appointment
        starts.
      </p>
      <div className="mt-3 flex flex-wrap gap-3">
        {rescheduling ? null : (
          <Button variant="outline" onClick={() => setRescheduling(true)}>
            Reschedule
          </Button>
        )}
        <CancelButton appointment={appointment} />
      </div>
    </section>
  );
}
