import { useParams } from '../../components/navigation/router';
import { BookingForQuote, bookingToasts, RecordNotFound } from '../../features/booking';

const frame = 'mx-auto w-full max-w-6xl px-4 py-10 sm:px-6 sm:py-14';

/** /booking/{quoteId} (SPEC section 2, D13). */
export default function BookingPage() {
  const { quoteId = '' } = useParams();
  const valid = /^\d{1,10}$/.test(quoteId);
  return (
    <div className={frame}>
      {valid ? <BookingForQuote quoteId={quoteId} /> : <RecordNotFound title={bookingToasts.quoteNotFound}>{bookingToasts.quoteNotFoundText}</RecordNotFound>}
    </div>
  );
}
