import type { ReactNode } from 'react';
import type { AdminEnquiry } from '../../../../shared/api/admin-enquiry';
import { auditActionLabels } from '../../../../shared/audit';
import { cancelledAfterAccepting } from '../../../../shared/lifecycles/job-notification';
import { formatWhen } from '../../../lib/format';
import { responseStatus } from '../dispatch/offer-summary';
import { emailStatusLabels, offerLabels } from './labels';
import { Section } from './section';

const entityLabels: Record<string, string> = { quote: 'Quote', payment: 'Payment', payout: 'Technician’s payment', assessment: 'Enquiry', appointment: 'Booking' };
const actorLabels: Record<AdminEnquiry['audit'][number]['actorRole'], string> = { admin: 'Admin', repairer: 'Repairer', customer: 'The customer', system: 'Automatic job' };

/** A table that scrolls sideways on a phone rather than squeezing (as the enquiry tables do). */
function Table({ caption, head, children }: { caption: string; head: string[]; children: ReactNode }) {
  return (
    <div className="overflow-x-auto rounded-lg border border-slate-200" tabIndex={0} role="region" aria-label={`${caption} (table)`}>
      <table className="w-full min-w-[36rem] text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-slate-100 text-slate-900">
          <tr>
            {head.map((cell) => (
              <th key={cell} scope="col" className="px-3 py-2">
                {cell}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200 bg-white">{children}</tbody>
      </table>
    </div>
  );
}

/** Who the job was offered to (D16), across its bookings, and what they answered. */
export function EnquiryOffers({ enquiry }: { enquiry: AdminEnquiry }) {
  const now = new Date();
  return (
    <Section id="enquiry-offers" title="Job offers">
      {enquiry.offers.length === 0 ? (
        <p className="text-slate-800">Not offered to any repairer.</p>
      ) : (
        <Table caption="Job offers, newest first" head={['Repairer', 'Answer', 'Sent', 'Answered']}>
          {enquiry.offers.map((offer) => (
            <tr key={offer.id}>
              <td className="px-3 py-2">{offer.repairerName}</td>
              <td className="px-3 py-2">
                {cancelledAfterAccepting(offer) ? 'Accepted, then taken away' : offerLabels[responseStatus(offer, now)]}
                {offer.declineReason ? <span className="block text-slate-700">Reason: “{offer.declineReason}”</span> : null}
              </td>
              <td className="px-3 py-2 whitespace-nowrap">{formatWhen(offer.sentAt)}</td>
              <td className="px-3 py-2 whitespace-nowrap">{offer.respondedAt ? formatWhen(offer.respondedAt) : '—'}</td>
            </tr>
          ))}
        </Table>
      )}
    </Section>
  );
}

/** The e-mails to the customer about this enquiry; their text is on the E-mails page. */
export function EnquiryEmails({ enquiry }: { enquiry: AdminEnquiry }) {
  return (
    <Section id="enquiry-emails" title="E-mails to the customer">
      {enquiry.emails.length === 0 ? (
        <p className="text-slate-800">None.</p>
      ) : (
        <Table caption="E-mails to the customer, newest first" head={['Subject', 'Status', 'Queued', 'Sent']}>
          {enquiry.emails.map((email) => (
            <tr key={email.id}>
              <td className="px-3 py-2">{email.subject}</td>
              <td className="px-3 py-2">{emailStatusLabels[email.status]}</td>
              <td className="px-3 py-2 whitespace-nowrap">{formatWhen(email.createdAt)}</td>
              <td className="px-3 py-2 whitespace-nowrap">{email.sentAt ? formatWhen(email.sentAt) : '—'}</td>
            </tr>
          ))}
        </Table>
      )}
    </Section>
  );
}

/** The audit lines of the enquiry, its quote, bookings and payments (issue 14), newest first. */
export function EnquiryAudit({ enquiry }: { enquiry: AdminEnquiry }) {
  return (
    <Section id="enquiry-audit" title="Audit log">
      {enquiry.audit.length === 0 ? (
        <p className="text-slate-800">Nothing recorded for this enquiry yet.</p>
      ) : (
        <Table caption="Audit lines for this enquiry, newest first" head={['When', 'Who', 'What', 'Record']}>
          {enquiry.audit.map((line) => (
            <tr key={line.id} className="align-top">
              <td className="px-3 py-2 whitespace-nowrap">{formatWhen(line.at)}</td>
              <td className="px-3 py-2 break-all">{line.actorEmail ?? actorLabels[line.actorRole]}</td>
              <td className="px-3 py-2">
                {auditActionLabels[line.action]}
                {typeof line.detail.reason === 'string' && line.detail.reason.includes(' ') ? <span className="mt-1 block whitespace-pre-line text-slate-700">Reason: {line.detail.reason}</span> : null}
              </td>
              <td className="px-3 py-2">
                {entityLabels[line.entity] ?? line.entity} #{line.entityId}
              </td>
            </tr>
          ))}
        </Table>
      )}
    </Section>
  );
}
