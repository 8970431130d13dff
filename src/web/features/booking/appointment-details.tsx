import type { AppointmentView } from '../../../shared/api/appointments';
import { slotLabels } from '../../../shared/calendar';
import { formatLondonDate } from '../../../shared/london-time';
import { buttonClasses } from '../../components/ui/button';
import { formatDecimalPounds } from '../../lib/format';
import { appointmentStatusLabel, paymentLabel } from './appointment-format';

const row = 'grid gap-1 py-2 sm:grid-cols-[12rem_1fr]';

/** A paid booking still to come, as the confirmation e-mail's calendar file (GET /api/appointments/{id}/calendar.ics). */
function AddToCalendar({ appointment }: { appointment: AppointmentView }) {
  if (appointment.status !== 'confirmed' && appointment.status !== 'assigned') return null;
  return (
    <a href={`/api/appointments/${appointment.id}/calendar.ics`} download className={`${buttonClasses('outline', 'sm')} mt-3`}>
      Add to your calendar (.ics file)
    </a>
  );
}

/** Issue 37: the VAT invoice issued at payment (and a refund's credit note), as PDFs, for the customer and the team. */
function InvoiceLinks({ appointment }: { appointment: AppointmentView }) {
  if (appointment.invoices.length === 0) return null;
  return (
    <ul className="mt-3 space-y-1">
      {appointment.invoices.map((invoice) => (
        <li key={invoice.number}>
          <a href={invoice.url} download className="font-semibold text-navy-900 underline">
            Download your {invoice.kind === 'credit-note' ? 'credit note' : invoice.receipt ? 'receipt' : 'VAT invoice'} {invoice.number} (PDF)
          </a>
        </li>
      ))}
    </ul>
  );
}

/** The appointment's facts: date and window en-GB (D5), numbers, status and payment; then a paid booking's calendar file and its VAT invoice. */
export function AppointmentDetails({ appointment, withPayment = true, withNotes = true }: { appointment: AppointmentView; withPayment?: boolean; withNotes?: boolean }) {
  return (
    <>
      <dl className="divide-y divide-slate-200">
        <div className={row}>
          <dt className="font-semibold text-slate-800">Date</dt>
          <dd className="text-slate-900">{formatLondonDate(appointment.appointmentDate)}</dd>
        </div>
        <div className={row}>
          <dt className="font-semibold text-slate-800">Arrival window</dt>
          <dd className="text-slate-900">{slotLabels[appointment.timeSlot]}</dd>
        </div>
        <div className={row}>
          <dt className="font-semibold text-slate-800">Appointment number</dt>
          <dd className="font-mono text-slate-900">{appointment.id}</dd>
        </div>
        <div className={row}>
          <dt className="font-semibold text-slate-800">Reference</dt>
          <dd className="font-mono text-slate-900">{appointment.reference}</dd>
        </div>
        <div className={row}>
          <dt className="font-semibold text-slate-800">Status</dt>
          <dd className="text-slate-900">{appointmentStatusLabel(appointment)}</dd>
        </div>
        {withPayment ? (
          <>
            <div className={row}>
              <dt className="font-semibold text-slate-800">Payment</dt>
              <dd className="text-slate-900">{paymentLabel(appointment.paymentStatus)}</dd>
            </div>
            <div className={row}>
              <dt className="font-semibold text-slate-800">Total</dt>
              <dd className="text-slate-900">{formatDecimalPounds(appointment.totalCost)}</dd>
            </div>
            {withNotes ? (
              <div className={row}>
                <dt className="font-semibold text-slate-800">Notes for the technician</dt>
                <dd className="break-words whitespace-pre-line text-slate-900">{appointment.notes || 'None'}</dd>
              </div>
            ) : null}
          </>
        ) : null}
      </dl>
      <AddToCalendar appointment={appointment} />
      <InvoiceLinks appointment={appointment} />
    </>
  );
}
