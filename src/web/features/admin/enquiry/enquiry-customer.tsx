import type { AdminEnquiry } from '../../../../shared/api/admin-enquiry';
import { PhoneLink } from '../../../components/phone-link';
import { PhotoGallery } from '../../../components/photo-gallery';
import { damageLocationLabel, damageTypeLabel, formatWhen } from '../../../lib/format';
import { Section } from './section';

/** Who the customer is, their vehicle, the damage and its photos. */
export function EnquiryCustomer({ enquiry }: { enquiry: AdminEnquiry }) {
  const { assessment, erasedAt, vehicleRegistration } = enquiry;
  return (
    <Section id="enquiry-customer" title="Customer, vehicle and damage">
      {erasedAt ? (
        <p className="mb-3 rounded-md border border-slate-400 bg-slate-100 p-3 text-slate-900">
          The customer’s personal details and photos were erased on {formatWhen(erasedAt)}. The amounts are kept for the financial records.
        </p>
      ) : null}
      <div className="grid gap-6 md:grid-cols-2">
        <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
          <dt className="font-semibold">Name</dt>
          <dd>{assessment.name || '—'}</dd>
          <dt className="font-semibold">E-mail</dt>
          <dd className="break-all">{assessment.email ? <a className="underline" href={`mailto:${assessment.email}`}>{assessment.email}</a> : '—'}</dd>
          <dt className="font-semibold">Phone</dt>
          <dd>{assessment.phone ? <PhoneLink phone={assessment.phone} /> : '—'}</dd>
          <dt className="font-semibold">Address</dt>
          <dd>{[assessment.address, assessment.city, assessment.county].filter(Boolean).join(', ') || '—'}</dd>
          <dt className="font-semibold">Postcode</dt>
          <dd>{assessment.postcode || '—'}</dd>
          <dt className="font-semibold">Vehicle</dt>
          <dd>
            {`${assessment.vehicleYear} ${assessment.vehicleMake} ${assessment.vehicleModel}`}
            {vehicleRegistration ? ` · ${vehicleRegistration}` : ''}
          </dd>
          <dt className="font-semibold">Damage</dt>
          <dd>{damageTypeLabel(assessment.damageType)}</dd>
          <dt className="font-semibold">Where</dt>
          <dd>{assessment.damageLocations.map(damageLocationLabel).join(', ')}</dd>
          <dt className="font-semibold">Received</dt>
          <dd>{formatWhen(assessment.createdAt)}</dd>
        </dl>
        <div>
          <p className="text-sm font-semibold">Description</p>
          <p className="mt-1 text-sm whitespace-pre-line text-slate-800">{assessment.damageDescription || '—'}</p>
          <div className="mt-3">
            <PhotoGallery images={assessment.images} reference={assessment.reference} />
          </div>
        </div>
      </div>
    </Section>
  );
}
