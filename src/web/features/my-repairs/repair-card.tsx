import { Link } from '../../components/navigation/router';
import type { MyRepair } from '../../../shared/api/my-repairs';
import { formatLondonDate } from '../../../shared/london-time';
import { decimalStringToPence, formatPence } from '../../../shared/money';

const quoteStatus: Record<NonNullable<MyRepair['quote']>['status'], string> = {
  waiting: 'Being prepared',
  ready: 'Ready',
  expired: 'Expired',
  booked: 'Booked',
};

const bookingStatus: Record<NonNullable<MyRepair['booking']>['status'], string> = {
  confirmed: 'Booked, finding your technician',
  assigned: 'Booked, technician assigned',
  completed: 'Repair done',
  cancelled: 'Cancelled',
};

const pounds = (value: string | null) => {
  const pence = value === null ? null : decimalStringToPence(value);
  return pence === null ? '—' : formatPence(pence);
};

const link = 'font-medium text-teal-brand-dark underline underline-offset-2 hover:text-navy-900';

/** One enquiry made with the customer's e-mail: its quote, booking, invoice, warranty and review. */
export function RepairCard({ repair }: { repair: MyRepair }) {
  const headingId = `repair-${repair.assessmentId}`;
  const { quote, booking } = repair;
  return (
    <li>
      <article aria-labelledby={headingId} className="rounded-lg border border-slate-300 bg-white p-5">
        <h2 id={headingId} className="text-xl font-bold text-navy-900">
          {repair.vehicle}: {repair.damageType}
        </h2>
        <p className="mt-1 text-sm text-slate-700">
          Reference <span className="font-mono font-semibold">{repair.reference}</span>, sent {formatLondonDate(new Date(repair.submittedAt))}
        </p>
        <dl className="mt-4 grid gap-x-6 gap-y-2 sm:grid-cols-[auto_1fr]">
          <dt className="font-semibold text-slate-800">Quote</dt>
          <dd className="text-slate-800">
            {quote && quote.status !== 'waiting' ? (
              <>
                {quoteStatus[quote.status]}, {pounds(quote.totalCost)}
                {quote.status === 'ready' && quote.validUntil ? `, valid until ${formatLondonDate(quote.validUntil)}` : ''}
              </>
            ) : (
              'Being prepared: it comes by e-mail'
            )}{' '}
            <Link to={`/quote/${repair.assessmentId}`} className={link}>
              View quote <span className="sr-only">{repair.reference}</span>
            </Link>
          </dd>
          {booking ? (
            <>
              <dt className="font-semibold text-slate-800">Booking</dt>
              <dd className="text-slate-800">
                {bookingStatus[booking.status]}: {formatLondonDate(booking.appointmentDate)}, {booking.timeSlot}{' '}
                <Link to={`/appointments/${booking.appointmentId}`} className={link}>
                  View booking <span className="sr-only">{repair.reference}</span>
                </Link>
              </dd>
            </>
          ) : null}
          {booking?.invoiceUrl ? (
            <>
              <dt className="font-semibold text-slate-800">{booking.receipt ? 'Receipt' : 'Invoice'}</dt>
              <dd>
                <a href={booking.invoiceUrl} className={link} download>
                  {booking.receipt ? 'Download the receipt' : 'Download the VAT invoice'} <span className="sr-only">for {repair.reference} </span>(PDF)
                </a>
              </dd>
            </>
          ) : null}
          {repair.warranty ? (
            <>
              <dt className="font-semibold text-slate-800">Warranty</dt>
              <dd className="text-slate-800">Until {formatLondonDate(repair.warranty.endsDate)}</dd>
            </>
          ) : null}
          {booking?.status === 'completed' ? (
            <>
              <dt className="font-semibold text-slate-800">Review</dt>
              <dd className="text-slate-800">
                {repair.review ? (
                  `You rated it ${repair.review.rating} out of 5. Thank you.`
                ) : (
                  <Link to={`/appointments/${booking.appointmentId}`} className={link}>
                    Leave a review <span className="sr-only">for {repair.reference}</span>
                  </Link>
                )}
              </dd>
            </>
          ) : null}
        </dl>
      </article>
    </li>
  );
}
