import type { ReactNode } from 'react';
import { allDamageLocationLabels, allDamageTypeLabels, isAnyDamageLocation, isAnyDamageType } from '../../../shared/damage';
import { Button } from '../../components/ui/button';
import { useDetailsCheck } from './details-check';
import { fieldLabels } from './details-fields';
import { useObjectUrl } from './photo-preview';
import { isHeicFile } from './prepare-photo';
import type { DetailsFormValues } from './saved-details';
import type { SelectedPhoto } from './use-photo-selection';

/** The groups of the review, and the field each Edit link puts the focus on. */
export type ReviewGroup = 'photos' | 'about' | 'address' | 'vehicle' | 'damage';
export const reviewGroups: Record<ReviewGroup, { title: string; focus: keyof DetailsFormValues | null }> = {
  photos: { title: 'Photos', focus: null },
  about: { title: 'About you', focus: 'name' },
  address: { title: 'Where the car is', focus: 'address' },
  vehicle: { title: 'Your vehicle', focus: 'vehicleMake' },
  damage: { title: 'The damage', focus: 'damageType' },
};

function Group({ group, onEdit, children }: { group: ReviewGroup; onEdit: (group: ReviewGroup) => void; children: ReactNode }) {
  const { title } = reviewGroups[group];
  const headingId = `review-${group}`;
  return (
    <section aria-labelledby={headingId} className="rounded-lg border border-slate-200 p-4 sm:p-6">
      <div className="flex items-center justify-between gap-3">
        <h3 id={headingId} className="text-lg font-semibold text-navy-900">
          {title}
        </h3>
        <Button variant="ghost" size="sm" className="underline underline-offset-2" aria-label={`Edit ${title}`} onClick={() => onEdit(group)}>
          Edit
        </Button>
      </div>
      <div className="mt-2">{children}</div>
    </section>
  );
}

function Details({ rows }: { rows: Array<[string, ReactNode]> }) {
  return (
    <dl className="grid gap-x-6 gap-y-2 sm:grid-cols-[max-content_1fr]">
      {rows.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="font-semibold text-slate-900">{label}</dt>
          <dd className="break-words text-slate-800">{value === '' ? <span className="text-slate-600">Not given</span> : value}</dd>
        </div>
      ))}
    </dl>
  );
}

function Thumbnail({ photo, position }: { photo: SelectedPhoto; position: number }) {
  const heic = isHeicFile(photo.file);
  const url = useObjectUrl(photo.file, !heic);
  return (
    <li className="overflow-hidden rounded-md border border-slate-200 bg-slate-100">
      {url ? (
        <img src={url} alt={`Photo ${position}: ${photo.file.name}`} className="aspect-[4/3] w-full object-cover" />
      ) : (
        <div className="flex aspect-[4/3] items-center justify-center p-2 text-center text-xs font-semibold text-slate-700">
          {heic ? 'HEIC photo' : 'Photo'} {position}
          <span className="sr-only">: {photo.file.name}</span>
        </div>
      )}
    </li>
  );
}

/** Step 3: everything that will be sent, each group with an Edit link back to where it is changed. */
export function ReviewSummary({ values, photos, onEdit }: { values: DetailsFormValues; photos: readonly SelectedPhoto[]; onEdit: (group: ReviewGroup) => void }) {
  // Shown as it will be sent (postcode tidied; the phone as a UK reader writes it, as every other
  // page shows it), which step 2 has already checked.
  const sent = useDetailsCheck()?.detailsAsSent(values) ?? null;
  const v = sent ?? values;
  const type = isAnyDamageType(v.damageType) ? allDamageTypeLabels[v.damageType] : String(v.damageType ?? '');
  const locations = (v.damageLocations ?? []).map((location) => (isAnyDamageLocation(location) ? allDamageLocationLabels[location] : location));
  return (
    <div className="grid gap-4">
      <Group group="photos" onEdit={onEdit}>
        <ul aria-label="Photos to send" className="grid grid-cols-3 gap-3 sm:grid-cols-5">
          {photos.map((photo, index) => (
            <Thumbnail key={photo.id} photo={photo} position={index + 1} />
          ))}
        </ul>
      </Group>
      <Group group="about" onEdit={onEdit}>
        <Details rows={[[fieldLabels.name, v.name], [fieldLabels.email, v.email], [fieldLabels.phone, sent ? sent.phoneShown : v.phone]]} />
      </Group>
      <Group group="address" onEdit={onEdit}>
        <Details rows={[[fieldLabels.address, v.address], [fieldLabels.city, v.city], [fieldLabels.county, v.county], [fieldLabels.postcode, v.postcode]]} />
      </Group>
      <Group group="vehicle" onEdit={onEdit}>
        <Details rows={[[fieldLabels.vehicleMake, v.vehicleMake], [fieldLabels.vehicleModel, v.vehicleModel], [fieldLabels.vehicleYear, v.vehicleYear]]} />
      </Group>
      <Group group="damage" onEdit={onEdit}>
        <Details
          rows={[
            [fieldLabels.damageType, type],
            [fieldLabels.damageLocations, locations.join(', ')],
            [fieldLabels.damageDescription, <span className="whitespace-pre-line">{v.damageDescription}</span>],
          ]}
        />
      </Group>
    </div>
  );
}
