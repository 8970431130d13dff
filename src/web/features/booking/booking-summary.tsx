import { Link } from '../../components/navigation/router';
import { NOTES_MAX, type AppointmentView } from '../../../shared/api/appointments';
import type { QuoteView as Quote } from '../../../shared/api/quotes';
import { slotLabels } from '../../../shared/calendar';
import { formatLondonDate } from '../../../shared/london-time';
import { TextAreaField } from '../../components/form';
import { Button, buttonClasses } from '../../components/ui/button';
import { formatDecimalPounds } from '../../lib/format';
import { checkoutLinkOf, heldSlotLabel } from './held-slot-notice';
import type { SlotPickerState } from './slot-picker-state';

type Props = {
  quote: Quote;
  picked: SlotPickerState;
  /** The slot the server holds for this quote, while its 30 minutes run. */
  held: AppointmentView | null;
  notes: string;
  onNotesChange: (notes: string) => void;
  /** Issue 38: texts about this booking to the mobile they gave, only if ticked (unticked by default). */
  textConsent: boolean;
  onTextConsentChange: (consent: boolean) => void;
  onConfirm: () => void;
  pending: boolean;
};

/** SPEC's booking summary: the quote's total, the chosen day and window, and Confirm Booking (needs both). */
export function BookingSummary({ quote, picked, held, notes, onNotesChange, textConsent, onTextConsentChange, onConfirm, pending }: Props) {
  const ready = picked.date !== null && picked.slot !== null;
  // Nothing new chosen: the summary is the held slot's, and its way on is to pay for it.
  const showingHold = held !== null && picked.date === null;
  const date = showingHold ? held.appointmentDate : picked.date;
  const slot = showingHold ? held.timeSlot : picked.slot;
  return (
    <section aria-labelledby="booking-summary" className="grid content-start gap-4 rounded-lg border border-slate-200 bg-slate-50 p-5">
      <h2 id="booking-summary" className="text-xl font-bold text-navy-900">
        Booking summary
      </h2>
      <dl className="grid gap-2">
        <div className="flex justify-between gap-4">
          <dt className="text-slate-800">Quote</dt>
          <dd className="font-mono font-semibold text-slate-900">{quote.reference}</dd>
        </div>
        <div className="flex justify-between gap-4">
          <dt className="text-slate-800">Date</dt>
          <dd className="text-right font-semibold text-slate-900">{date ? formatLondonDate(date) : 'Not chosen yet'}</dd>
        </div>
        <div className="flex justify-between gap-4">
          <dt className="text-slate-800">Time</dt>
          <dd className="text-right font-semibold text-slate-900">{slot ? slotLabels[slot] : 'Not chosen yet'}</dd>
        </div>
        <div className="mt-2 flex items-baseline justify-between gap-4 border-t-2 border-navy-900 pt-3">
          <dt className="text-lg font-bold text-navy-900">Total</dt>
          <dd className="text-2xl font-bold text-navy-900">{formatDecimalPounds(quote.totalCost)}</dd>
        </div>
      </dl>
      <TextAreaField
        id="booking-notes"
        label="Notes for the technician (optional)"
        hint="For example where the car will be parked, or a gate code."
        value={notes}
        maxLength={NOTES_MAX}
        onChange={(event) => onNotesChange(event.target.value)}
        className="[&_textarea]:min-h-20"
      />
      {showingHold ? (
        <>
          <Link to={checkoutLinkOf(held).to} state={checkoutLinkOf(held).state} className={buttonClasses('primary', 'lg')}>
            Continue to payment
          </Link>
          <p className="text-sm text-slate-700">This slot is held for you while you pay. To change it, choose another date and time.</p>
        </>
      ) : (
        <>
          <label className="flex items-start gap-2 text-slate-900">
            <input type="checkbox" checked={textConsent} onChange={(event) => onTextConsentChange(event.target.checked)} className="mt-1 size-4 accent-teal-brand-dark" />
            <span>Text me about this booking on the mobile number I gave (UK mobiles only).</span>
          </label>
          <Button size="lg" disabled={!ready} pending={pending} aria-describedby={ready ? undefined : 'booking-confirm-hint'} onClick={onConfirm}>
            {pending ? 'Holding your slot…' : 'Confirm Booking'}
          </Button>
          {ready ? (
            <p className="text-sm text-slate-700">
              We hold the slot for 30 minutes while you pay.
              {held ? ` Your held slot (${heldSlotLabel(held)}) is released when you confirm this one.` : ''}
            </p>
          ) : (
            <p id="booking-confirm-hint" className="text-sm text-slate-700">
              Choose a date and a time slot to continue.
            </p>
          )}
        </>
      )}
    </section>
  );
}
