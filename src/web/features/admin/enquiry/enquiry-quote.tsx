import type { AdminEnquiry } from '../../../../shared/api/admin-enquiry';
import { chargesVat, noVatSentence } from '../../../../shared/vat';
import { decimalStringToPence } from '../../../../shared/money';
import { company } from '../../../lib/company';
import { auditActionLabels } from '../../../../shared/audit';
import { formatLondonDate } from '../../../../shared/london-time';
import { formatDecimalPounds, formatItemPounds, formatWhen, quoteStatusLabel } from '../../../lib/format';
import { AdjustmentForm, cardHeadingId } from '../adjustment-form';
import { Section } from './section';

type Quote = NonNullable<AdminEnquiry['assessment']['quote']>;

/** What happened to the quote, oldest first, as the data holds it: made, asked to change, changed, approved, e-mailed. */
function historyOf(enquiry: AdminEnquiry, quote: Quote): { at: string; text: string }[] {
  const events = [{ at: quote.createdAt, text: 'Draft quote made from the price list' }];
  for (const line of enquiry.audit) {
    if (line.entity !== 'quote' || (line.action !== 'quote_approved' && line.action !== 'quote_changed')) continue;
    const total = typeof line.detail.totalPence === 'number' ? `: total ${formatDecimalPounds((line.detail.totalPence / 100).toFixed(2))}` : '';
    events.push({ at: line.at, text: `${auditActionLabels[line.action]}${total} (${line.actorEmail ?? 'the team'})` });
  }
  for (const request of enquiry.modificationRequests) {
    events.push({ at: request.createdAt, text: 'The customer asked for a change' });
    if (request.answeredAt) events.push({ at: request.answeredAt, text: 'Change request answered (quote revised and approved again)' });
  }
  for (const email of enquiry.emails) {
    if (email.kind !== 'quote-ready' && email.kind !== 'quote-revised') continue;
    const what = email.kind === 'quote-ready' ? 'Quote e-mailed to the customer' : 'Revised quote e-mailed to the customer';
    events.push({ at: email.sentAt ?? email.createdAt, text: email.sentAt ? what : `${what} (not sent yet)` });
  }
  return events.sort((a, b) => a.at.localeCompare(b.at));
}

function Breakdown({ quote }: { quote: Quote }) {
  const rows: [string, string][] = [
    ['Status', quote.expired && quote.status === 'approved' ? 'Expired' : quoteStatusLabel[quote.status]],
    ['Total price', formatDecimalPounds(quote.totalCost)],
    ['Labour', formatDecimalPounds(quote.laborCost)],
    ['Parts', formatDecimalPounds(quote.partsCost)],
    ['Materials', formatDecimalPounds(quote.materialsCost)],
    ['AutoRevive fee', formatDecimalPounds(quote.autoReviveFee)],
    ['VAT', chargesVat(decimalStringToPence(quote.vatAmount) ?? 0, company()) ? formatDecimalPounds(quote.vatAmount) : noVatSentence],
    ['Technician’s share', formatDecimalPounds(quote.repairerPayment)],
    ['Estimated time', `${quote.estimatedDays} day${quote.estimatedDays === 1 ? '' : 's'}${quote.estimatedHours ? ` (${quote.estimatedHours} hours)` : ''}`],
    ['Valid until', formatLondonDate(quote.validUntil)],
    ['Warranty', `${quote.warrantyMonths} months`],
    ['Approved', quote.approvedAt ? formatWhen(quote.approvedAt) : 'Not yet'],
  ];
  return (
    <div>
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="font-semibold">{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      {quote.workDescription.length > 0 ? (
        <>
          <h3 className="mt-4 font-semibold text-navy-900">Work</h3>
          <ul className="mt-1 list-disc pl-5 text-sm">
            {quote.workDescription.map((item, index) => (
              <li key={index}>
                {item.item}: {formatItemPounds(item.cost)}
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </div>
  );
}

/** The quote, its history and modification requests; while it can still change, the quote desk's own review form. */
export function EnquiryQuote({ enquiry }: { enquiry: AdminEnquiry }) {
  const { assessment, modificationRequests, erasedAt } = enquiry;
  const quote = assessment.quote;
  if (!quote) {
    return (
      <Section id="enquiry-quote" title="Quote">
        <p className="text-slate-800">No quote has been drafted for this enquiry.</p>
      </Section>
    );
  }
  const reviewable = (quote.status === 'pending' || quote.status === 'approved') && !erasedAt;
  const open = modificationRequests.filter((request) => request.answeredAt === null);
  return (
    <Section id="enquiry-quote" title="Quote">
      <div className="grid gap-6 md:grid-cols-2">
        <Breakdown quote={quote} />
        <div>
          <h3 className="font-semibold text-navy-900">History</h3>
          <ol className="mt-1 grid gap-1 text-sm">
            {historyOf(enquiry, quote).map((event, index) => (
              <li key={index}>
                <span className="font-medium">{formatWhen(event.at)}</span> · {event.text}
              </li>
            ))}
          </ol>
          <h3 className="mt-4 font-semibold text-navy-900">Modification requests</h3>
          {modificationRequests.length === 0 ? (
            <p className="text-sm text-slate-800">None.</p>
          ) : (
            <ul className="mt-1 grid gap-2 text-sm">
              {modificationRequests.map((request) => (
                <li key={request.id} className={request.answeredAt ? 'rounded-md border border-slate-200 p-2' : 'rounded-md border border-amber-400 bg-amber-50 p-2 text-amber-950'}>
                  <p>
                    <span className="font-semibold">{formatWhen(request.createdAt)}</span> · {request.answeredAt ? `answered ${formatWhen(request.answeredAt)}` : 'open'}
                  </p>
                  <p className="mt-1 whitespace-pre-line">“{request.message}”</p>
                </li>
              ))}
            </ul>
          )}
        </div>
      </div>
      {reviewable ? (
        <div className="mt-6 border-t border-slate-200 pt-4">
          <h3 id={cardHeadingId(quote.id)} tabIndex={-1} className="text-lg font-bold text-navy-900 focus:outline-none">
            {quote.status === 'pending' ? 'Review and approve' : open.length > 0 ? 'Revise and send to answer the customer' : 'Revise the quote'}
          </h3>
          <p className="text-sm text-slate-700">The quote desk’s own form, the same as on the dashboard: approving e-mails the customer; an approved quote’s changes are saved as a draft the customer does not see until you send the revised quote.</p>
          <AdjustmentForm
            key={`${quote.totalCost}-${quote.repairerPayment}-${quote.estimatedDays}-${quote.workDescription.length}`}
            card={{ quote, assessment, modificationRequests: open, revisionDraft: enquiry.revisionDraft }}
          />
        </div>
      ) : null}
    </Section>
  );
}
