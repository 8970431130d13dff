import { usePriceGuide } from './api/get-price-guide';
import { isVatRegistered, noVatSentence } from '../../../shared/vat';
import { company } from '../../lib/company';

// The guide is always whole pounds (a multiple of £5): '105.00' → '£105', '1000.00' → '£1,000'.
// Formatted here rather than with shared/money.ts, which would join a chunk the wizard loads first.
const gbp = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP', minimumFractionDigits: 0, maximumFractionDigits: 2 });
const pounds = (value: string) => {
  const amount = Number(value);
  return value.trim() !== '' && Number.isFinite(amount) ? gbp.format(amount) : null;
};

/** The guide for the chosen damage from GET /api/price-guide, or who prices it when the list cannot. */
export default function PriceGuideRange({ damage, lineClass }: { damage: { damageType: string; damageLocations: readonly string[] }; lineClass: string }) {
  const guide = usePriceGuide(damage);
  const found = guide.data?.guidePrice;
  const [low, high] = found ? [pounds(found.low), pounds(found.high)] : [null, null];

  let text: string;
  if (low && high) text = `Typical price for repairs like this: ${low}–${high}, confirmed by our team`;
  else if (guide.isPending || guide.isPlaceholderData) text = 'Finding a typical price…';
  else if (guide.isError) text = 'We cannot show a typical price just now. Our team will price your repair from your photos.';
  else text = 'Our team will price this repair from your photos.';

  return (
    <>
      <p className={lineClass}>{text}</p>
      {low && high ? <p className="mt-1 text-slate-800">{isVatRegistered(company()) ? 'A guide from our price list, including VAT' : `A guide from our price list (${noVatSentence})`}: your quote comes once our team has seen your photos.</p> : null}
    </>
  );
}
