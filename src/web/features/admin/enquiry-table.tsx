import { Link } from 'react-router';
import { bookingStageLabels, type EnquiryRow } from '../../../shared/api/admin';
import { formatLondonDate } from '../../../shared/london-time';
import { enquiryPath } from './enquiry/enquiry-path';
import { damageTypeLabel, formatDecimalPounds, formatWhen, quoteStatusLabel } from '../../lib/format';

/** Enquiries as rows; scrolls sideways on a phone rather than squeezing. */
export function EnquiryTable({ rows, caption }: { rows: EnquiryRow[]; caption: string }) {
  return (
    <div className="overflow-x-auto rounded-lg border border-slate-200" tabIndex={0} role="region" aria-label={`${caption} (table)`}>
      <table className="w-full min-w-[56rem] text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-slate-100 text-slate-900">
          <tr>
            <th scope="col" className="px-3 py-2">Reference</th>
            <th scope="col" className="px-3 py-2">Customer</th>
            <th scope="col" className="px-3 py-2">Postcode</th>
            <th scope="col" className="px-3 py-2">Vehicle</th>
            <th scope="col" className="px-3 py-2">Damage</th>
            <th scope="col" className="px-3 py-2">Received</th>
            <th scope="col" className="px-3 py-2">Quote</th>
            <th scope="col" className="px-3 py-2">Booking</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200 bg-white">
          {rows.map((row) => (
            <tr key={row.assessmentId}>
              <td className="px-3 py-2 font-mono whitespace-nowrap">
                {/* The team's own page of the enquiry (issue 33), whatever its state: the customer's quote page is theirs. */}
                <Link to={enquiryPath(row.assessmentId)} className="text-navy-900 underline" aria-label={`Open the enquiry ${row.reference}`}>
                  {row.reference}
                </Link>
              </td>
              <td className="px-3 py-2">
                {row.name}
                <span className="block break-all text-slate-700">{row.email}</span>
              </td>
              <td className="px-3 py-2 whitespace-nowrap">{row.postcode}</td>
              <td className="px-3 py-2">{row.vehicle}</td>
              <td className="px-3 py-2">{damageTypeLabel(row.damageType)}</td>
              <td className="px-3 py-2 whitespace-nowrap">{formatWhen(row.createdAt)}</td>
              <td className="px-3 py-2 whitespace-nowrap">
                {row.quoteStatus ? `${row.quoteExpired ? 'Expired' : quoteStatusLabel[row.quoteStatus]} · ${formatDecimalPounds(row.totalCost)}` : 'No quote'}
              </td>
              <td className="px-3 py-2">
                {row.booking ? (
                  <Link to={enquiryPath(row.assessmentId, 'booking')} className="text-navy-900 underline" aria-label={`Open the booking of ${row.reference}: ${bookingStageLabels[row.booking.stage]}, ${formatLondonDate(row.booking.date)}`}>
                    {bookingStageLabels[row.booking.stage]}
                    <span className="block text-slate-700">{formatLondonDate(row.booking.date)}</span>
                  </Link>
                ) : (
                  'None'
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
