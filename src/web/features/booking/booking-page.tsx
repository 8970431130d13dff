import { useState } from 'react';
import { Link, useNavigate } from '../../components/navigation/router';
import type { AppointmentView } from '../../../shared/api/appointments';
import type { QuoteView as Quote } from '../../../shared/api/quotes';
import { formatLondonDate } from '../../../shared/london-time';
import { toast, useToastOnce } from '../../components/ui/use-toast';
import { isApiError, userMessageOf } from '../../lib/api';
import { useCreateAppointment } from './api/appointments';
import { useHeldAppointment } from './api/get-held-appointment';
import { useQuote } from './api/get-quote';
import { Skeleton } from '../../components/ui/skeleton';
import { BookingSkeleton } from './booking-skeleton';
import { bookingToasts } from './booking-messages';
import { BookingSummary } from './booking-summary';
import { useRemaining } from './hold-countdown';
import { checkoutLinkOf, HeldSlotNotice } from './held-slot-notice';
import { QuoteNotice } from './quote-notice';
import { RecordNotFound } from './record-not-found';
import { SlotPicker } from './slot-picker';
import { useSlotPicker } from './slot-picker-state';
import { useAssessment } from '../assessments';
import { UncoveredNotice } from '../coverage';

/** Why an approved quote cannot be booked now, or null when it can (D13: approved and unexpired). */
export function unbookableReason(quote: Quote): string | null {
  if (quote.status === 'booked') return 'This quote has already been booked and paid for. Your appointment is in your confirmation e-mail, and below.';
  if (quote.status !== 'approved') return 'This quote has not been approved yet. We will e-mail you as soon as it is ready to book.';
  if (quote.expired)
    return `This quote expired on ${formatLondonDate(quote.validUntil)}, so it can no longer be booked. Open your quote to ask for a fresh one.`;
  return null;
}

/** /booking/{quoteId}: 'Schedule Your Repair' (SPEC: Booking; D13, D15). */
export function BookingForQuote({ quoteId }: { quoteId: string }) {
  const quote = useQuote(quoteId);
  // Read beside the quote: Back from checkout must show the hold the server keeps, not an empty
  // choice; once the quote is booked, it names the paid booking this page then links to.
  const held = useHeldAppointment(quoteId);
  useToastOnce(quote.isError, { title: bookingToasts.quoteNotFound, description: bookingToasts.quoteNotFoundText, variant: 'destructive' });

  // A hold that cannot be read (an error) leaves the calendar as it was: the slot can be chosen again.
  if (quote.isPending || (held.isPending && held.fetchStatus !== 'idle')) return <BookingSkeleton label="Loading your quote…" />;
  if (!quote.data)
    return (
      <RecordNotFound title={bookingToasts.quoteNotFound}>
        {bookingToasts.quoteNotFoundText} Open the link in the e-mail we sent with your quote, or start again with a free quote.
      </RecordNotFound>
    );
  const reason = unbookableReason(quote.data);
  const booked = held.data?.bookedAppointmentId;
  if (reason)
    return (
      <QuoteNotice
        title="Schedule Your Repair"
        tone="warning"
        assessmentId={quote.data.assessmentId}
        next={quote.data.status === 'booked' && booked ? { to: `/appointments/${booked}`, label: 'View your appointment' } : undefined}
      >
        {reason}
      </QuoteNotice>
    );
  return <CoveredBookingForm quote={quote.data} held={held.data?.appointment ?? null} />;
}

/** Issue 35: where no technician covers the customer, the page says so instead of an empty calendar. */
function CoveredBookingForm({ quote, held }: { quote: Quote; held: AppointmentView | null }) {
  const assessment = useAssessment(String(quote.assessmentId));
  // Issue 36: a hold proves the enquiry was covered when it was made (POST /api/appointments refuses
  // an uncovered one), so with one the page draws its heading and the held slot's notice as soon as
  // the preloaded quote and hold are here, not a round trip later; the calendar and the summary (the
  // way to book) still wait for coverage, and a hold whose coverage has since gone gives way below.
  if (assessment.isPending && !held) return <BookingSkeleton label="Loading your quote…" />;
  if (assessment.data && !assessment.data.coverage.covered)
    return (
      <div className="mx-auto grid max-w-2xl gap-4 py-8">
        <h1 className="text-center text-3xl font-bold text-navy-900">Schedule Your Repair</h1>
        <UncoveredNotice assessment={assessment.data} />
        <p className="text-center">
          <Link to={`/quote/${quote.assessmentId}`} className="font-medium text-teal-brand-dark underline underline-offset-2">
            Back to your quote
          </Link>
        </p>
      </div>
    );
  return <BookingForm quote={quote} held={held} coverageKnown={!assessment.isPending} />;
}

function BookingForm({ quote, held, coverageKnown }: { quote: Quote; held: AppointmentView | null; coverageKnown: boolean }) {
  const [now] = useState(() => new Date());
  const picker = useSlotPicker(now, undefined, quote.id);
  const [notes, setNotes] = useState(held?.notes ?? '');
  const [textConsent, setTextConsent] = useState(false);
  const create = useCreateAppointment();
  const navigate = useNavigate();
  const { date, slot } = picker.state;
  const remaining = useRemaining(held?.holdExpiresAt ?? null);
  const liveHold = held && remaining !== null && remaining > 0 ? held : null;

  const confirm = () => {
    if (date === null || slot === null) return;
    create.mutate(
      { quoteId: quote.id, appointmentDate: date, timeSlot: slot, notes: notes.trim(), textConsent },
      {
        onSuccess: (hold) => {
          const checkout = checkoutLinkOf(hold);
          void navigate(checkout.to, { state: checkout.state });
        },
        onError: (error) => {
          if (isApiError(error) && error.status === 404) {
            toast({ title: bookingToasts.quoteNotFound, description: bookingToasts.quoteNotFoundText, variant: 'destructive' });
            return;
          }
          // A slot taken meanwhile (409): the panels are read again and the choice is cleared.
          if (isApiError(error) && error.status === 409) picker.dispatch({ type: 'clear-slot' });
          toast({ title: bookingToasts.failed, description: userMessageOf(error, 'We could not hold that slot. Please try again.'), variant: 'destructive' });
        },
      },
    );
  };

  return (
    <div className="grid gap-6">
      <div>
        <h1 className="text-3xl font-bold tracking-tight text-navy-900 sm:text-4xl">Schedule Your Repair</h1>
        <p className="mt-3 text-lg text-slate-700">
          Choose a day and a morning or afternoon window: your technician comes to you. Quote{' '}
          <span className="font-mono font-semibold text-slate-900">{quote.reference}</span>.
        </p>
      </div>
      {held && remaining !== null ? <HeldSlotNotice held={held} remaining={remaining} /> : null}
      {coverageKnown ? (
        <div className="grid gap-6 lg:grid-cols-[3fr_2fr]">
          <SlotPicker picker={picker} now={now} idPrefix="booking" />
          <BookingSummary
            quote={quote}
            picked={picker.state}
            held={liveHold}
            notes={notes}
            textConsent={textConsent}
            onTextConsentChange={setTextConsent}
            onNotesChange={setNotes}
            onConfirm={confirm}
            pending={create.isPending}
          />
        </div>
      ) : (
        <div role="status" className="grid gap-6 lg:grid-cols-[3fr_2fr]">
          <span className="sr-only">Loading the calendar…</span>
          <Skeleton className="h-80" />
          <Skeleton className="h-80" />
        </div>
      )}
    </div>
  );
}
