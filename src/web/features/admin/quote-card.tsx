import { Link } from 'react-router';
import { enquiryPath } from './enquiry/enquiry-path';
import type { AdminQuoteCard as Card } from '../../../shared/api/admin';
import { PhoneLink } from '../../components/phone-link';
import { AdjustmentForm, cardHeadingId } from './adjustment-form';
import { damageLocationLabel, damageTypeLabel, formatWhen, quoteStatusLabel } from '../../lib/format';
import { DeleteQuoteDialog } from './delete-quote-dialog';
import { PhotoGallery } from '../../components/photo-gallery';
import { NearbyRepairers } from './dispatch/nearby-repairers';
import { formatLondonDateTime } from '../../../shared/london-time';
import { modificationReplyBy } from '../../../shared/modification-reply';

/** A pending (or queried) quote: who, what, the photos, open modification requests and the adjustment form. */
export function AdminQuoteCard({ card }: { card: Card }) {
  const { quote, assessment, modificationRequests } = card;
  const open = modificationRequests.filter((request) => request.answeredAt === null);
  const headingId = cardHeadingId(quote.id);
  return (
    <article aria-labelledby={headingId} className="rounded-lg border border-slate-300 bg-white p-4 shadow-sm sm:p-5">
      <header className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h3 id={headingId} tabIndex={-1} className="text-lg font-bold text-navy-900 focus:outline-none">
            {assessment.name} ·{' '}
            <Link to={enquiryPath(assessment.id)} className="underline">
              {quote.reference}
            </Link>
          </h3>
          <p className="text-sm text-slate-700">
            {quoteStatusLabel[quote.status]} · received {formatWhen(assessment.createdAt)}
          </p>
        </div>
        <DeleteQuoteDialog quoteId={quote.id} reference={quote.reference} name={assessment.name} />
      </header>

      {open.map((request) => (
        <div key={request.id} className="mt-3 rounded-md border border-amber-400 bg-amber-50 p-3 text-amber-950">
          <p className="font-semibold">Modification request, {formatWhen(request.createdAt)}</p>
          <p className="mt-1">The customer asked: “{request.message}”</p>
          <p className="mt-1 text-sm">
            Reply due by {formatLondonDateTime(new Date(modificationReplyBy(request.createdAt)))} (the customer is shown this time). Save your changes as a
            draft below, then send the revised quote to answer.
          </p>
        </div>
      ))}

      <div className="mt-4 grid gap-4 md:grid-cols-2">
        <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
          <dt className="font-semibold">E-mail</dt>
          <dd className="break-all">{assessment.email}</dd>
          <dt className="font-semibold">Phone</dt>
          <dd>
            <PhoneLink phone={assessment.phone} />
          </dd>
          <dt className="font-semibold">Address</dt>
          <dd>{[assessment.address, assessment.city, assessment.county].filter(Boolean).join(', ')}</dd>
          <dt className="font-semibold">Postcode</dt>
          <dd>{assessment.postcode}</dd>
          <dt className="font-semibold">Vehicle</dt>
          <dd>{`${assessment.vehicleYear} ${assessment.vehicleMake} ${assessment.vehicleModel}`}</dd>
          <dt className="font-semibold">Damage</dt>
          <dd>{damageTypeLabel(assessment.damageType)}</dd>
          <dt className="font-semibold">Where</dt>
          <dd>{assessment.damageLocations.map(damageLocationLabel).join(', ')}</dd>
        </dl>
        <div>
          <p className="text-sm font-semibold">Description</p>
          <p className="mt-1 text-sm whitespace-pre-line text-slate-800">{assessment.damageDescription}</p>
          <div className="mt-3">
            <PhotoGallery images={assessment.images} reference={quote.reference} />
          </div>
          {/* Who could take the job (D16); it is sent to them from Jobs to dispatch once the customer has paid. */}
          <NearbyRepairers
            quoteId={quote.id}
            reference={quote.reference}
            address={{ address: assessment.address, city: assessment.city ?? '', postcode: assessment.postcode }}
            canSend={false}
          />
        </div>
      </div>

      {/* Keyed on the stored figures, so a save elsewhere (another admin, a reset) restarts the form. */}
      <AdjustmentForm key={`${quote.totalCost}-${quote.repairerPayment}-${quote.estimatedDays}-${quote.workDescription.length}`} card={card} />
    </article>
  );
}
