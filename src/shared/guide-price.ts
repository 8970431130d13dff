import { formatPence } from './money';

/** A guide price range, in pence (shared/price-list.ts's guidePrice makes it). */
export interface GuidePrice {
  lowPence: number;
  highPence: number;
}

/** '£110–£165': whole pounds, because the guide is always a multiple of £5. */
export function formatGuidePrice({ lowPence, highPence }: GuidePrice): string {
  const pounds = (value: number) => formatPence(value).replace(/\.00$/, '');
  return `${pounds(lowPence)}–${pounds(highPence)}`;
}

export const guidePriceLabel = (guide: GuidePrice): string => `Typical price for repairs like this: ${formatGuidePrice(guide)}`;
