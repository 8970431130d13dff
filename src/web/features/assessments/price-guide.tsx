import { useWatch } from 'react-hook-form';
import { damageLocationsProblem, isAnyDamageLocation, isAnyDamageType } from '../../../shared/damage';
import { decimalStringToPence, formatPence } from '../../../shared/money';
import { usePriceGuide } from './api/get-price-guide';
import type { DetailsForm } from './details-form';

const pounds = (value: string) => {
  const pence = decimalStringToPence(value);
  return pence === null ? null : formatPence(pence).replace(/\.00$/, '');
};

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
  const guide = usePriceGuide(damage);
  const range = damage && guide.data?.guidePrice ? [pounds(guide.data.guidePrice.low), pounds(guide.data.guidePrice.high)] : null;

  let text: string;
  if (!damage) text = 'Choose the type of damage and where it is to see a typical price.';
  else if (range?.[0] && range[1]) text = `Typical price for repairs like this: ${range[0]}–${range[1]}, confirmed by our team`;
  else if (guide.isPending || guide.isPlaceholderData) text = 'Finding a typical price…';
  else if (guide.isError) text = 'We cannot show a typical price just now. Our team will price your repair from your photos.';
  else text = 'Our team will price this repair from your photos.';

  return (
    <div role="status" aria-live="polite" className="rounded-lg border border-navy-100 bg-navy-50 p-4">
      <p className="text-lg font-semibold text-navy-900">{text}</p>
      {range ? <p className="mt-1 text-slate-800">A guide from our price list, including VAT: your quote comes once our team has seen your photos.</p> : null}
    </div>
  );
}
