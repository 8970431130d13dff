import { lazy, Suspense } from 'react';
import { useWatch } from 'react-hook-form';
import { damageLocationsProblem, isAnyDamageLocation, isAnyDamageType } from '../../../shared/damage';
import type { DetailsForm } from './details-form';

// The range's reading and wording load once a type and place are chosen, off the wizard's first
// load (its script budget, docs/decisions/0022 and 0031).
const PriceGuideRange = lazy(() => import('./price-guide-range'));

const lineClass = 'text-lg font-semibold text-navy-900';

/** The damage as chosen so far, or null until a type and at least one place that goes with it are. */
function chosenDamage(type: unknown, locations: unknown) {
  const places = Array.isArray(locations) ? locations.filter(isAnyDamageLocation) : [];
  if (!isAnyDamageType(type) || places.length === 0 || damageLocationsProblem(type, places) !== null) return null;
  return { damageType: type, damageLocations: places };
}

/**
 * Issue 37 item 1: the guide the pending quote will show (D12), as soon as the damage type and
 * places are chosen and before any contact detail is asked for. A polite live region, so a
 * screen reader hears the range change as places are ticked.
 */
export function PriceGuideNote({ form }: { form: DetailsForm }) {
  const [type, locations] = useWatch({ control: form.control, name: ['damageType', 'damageLocations'] });
  const damage = chosenDamage(type, locations);
  return (
    <div role="status" aria-live="polite" className="rounded-lg border border-navy-100 bg-navy-50 p-4">
      {damage ? (
        <Suspense fallback={<p className={lineClass}>Finding a typical price…</p>}>
          <PriceGuideRange damage={damage} lineClass={lineClass} />
        </Suspense>
      ) : (
        <p className={lineClass}>Choose the type of damage and where it is to see a typical price.</p>
      )}
    </div>
  );
}
