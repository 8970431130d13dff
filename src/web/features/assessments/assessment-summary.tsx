import { allDamageLocationLabels, allDamageTypeLabels, isAnyDamageLocation, isAnyDamageType } from '../../../shared/damage';
import type { AssessmentView as Assessment } from '../../../shared/api/assessments';
import { DamagePhotos } from './damage-photos';

/** What the customer sent: reference, vehicle, damage and photos. */
export function AssessmentSummary({ assessment, headingLevel = 2 }: { assessment: Assessment; headingLevel?: 2 | 3 }) {
  const Heading = `h${headingLevel}` as const;
  const damageType = isAnyDamageType(assessment.damageType) ? allDamageTypeLabels[assessment.damageType] : assessment.damageType;
  const locations = assessment.damageLocations.map((location) => (isAnyDamageLocation(location) ? allDamageLocationLabels[location] : location));
  return (
    <section aria-labelledby="assessment-summary" className="rounded-lg border border-slate-200 bg-white p-5">
      <Heading id="assessment-summary" className="text-xl font-bold text-navy-900">
        What you sent us
      </Heading>
      <dl className="mt-3 grid gap-x-6 gap-y-2 sm:grid-cols-[max-content_1fr]">
        <dt className="font-semibold text-slate-900">Reference</dt>
        <dd className="font-mono text-slate-800">{assessment.reference}</dd>
        <dt className="font-semibold text-slate-900">Vehicle</dt>
        <dd className="text-slate-800">
          {assessment.vehicleYear} {assessment.vehicleMake} {assessment.vehicleModel}
        </dd>
        <dt className="font-semibold text-slate-900">Damage</dt>
        <dd className="text-slate-800">
          {damageType}
          {locations.length ? `: ${locations.join(', ')}` : null}
        </dd>
      </dl>
      <div className="mt-4">
        <DamagePhotos imageIds={assessment.images} />
      </div>
    </section>
  );
}
