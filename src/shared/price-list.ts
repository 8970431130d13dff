import { z } from 'zod';
import {
  allDamageLocationLabels,
  allDamageTypes,
  damageLocationsProblem,
  type AnyDamageLocation,
  type AnyDamageType,
} from './damage';
import type { GuidePrice } from './guide-price';
import { estimatedDaysFromHours, priceQuote, type PriceBreakdown } from './pricing';

// D12: every submitted assessment gets a draft quote at once from an admin-editable price list.
// An entry prices ONE damaged location (a panel, or a wheel for Alloy Wheel Repair) at the rate
// of its band: the band is how many locations the job has (1, 2, or 3 or more), and the rate per
// location falls as the band rises because one visit shares the travel and set-up. A job's
// labour, parts, materials and hours are the entry's figures times the number of locations.

export const locationBands = [1, 2, 3] as const;
export type LocationBand = (typeof locationBands)[number];

/** The band for a job with `count` damaged locations: 1, 2, or 3 for three or more. */
export function locationBandFor(count: number): LocationBand {
  if (!Number.isSafeInteger(count) || count < 1) throw new RangeError(`Expected at least one damaged location, got ${count}`);
  return count >= 3 ? 3 : (count as LocationBand);
}

/** £10,000 per location: far above any cosmetic repair, so a typo of an extra digit or two is caught. */
export const MAX_PRICE_LIST_PENCE = 1_000_000;
export const MAX_PRICE_LIST_HOURS = 40;

const pence = (label: string) =>
  z
    .number({ error: `${label} must be an amount in pence` })
    .int(`${label} must be a whole number of pence`)
    .min(0, `${label} cannot be negative`)
    .max(MAX_PRICE_LIST_PENCE, `${label} must be £10,000.00 or less`);

const wording = (label: string) =>
  z.string({ error: `${label} is required` }).trim().min(3, `${label} is required`).max(120, `${label} must be 120 characters or fewer`);

export const PriceListEntrySchema = z.object({
  damageType: z.enum(allDamageTypes, { error: 'Please choose a damage type' }),
  locationBand: z.union([z.literal(1), z.literal(2), z.literal(3)], { error: 'The band must be 1, 2, or 3 (for three or more)' }),
  /** Per location, at this band's rate. */
  laborPence: pence('Labour'),
  partsPence: pence('Parts'),
  materialsPence: pence('Materials'),
  hours: z
    .number({ error: 'Hours must be a number' })
    .positive('Hours must be more than zero')
    .max(MAX_PRICE_LIST_HOURS, `Hours must be ${MAX_PRICE_LIST_HOURS} or fewer`)
    .refine((hours) => Number.isInteger(hours * 4), 'Hours must be in quarter hours'),
  /** Line-item wording; the locations are added to the labour line. */
  labourWording: wording('Labour wording'),
  partsWording: wording('Parts wording'),
  materialsWording: wording('Materials wording'),
});
export type PriceListEntry = z.infer<typeof PriceListEntrySchema>;

export const PriceListSchema = z.array(PriceListEntrySchema).superRefine((entries, ctx) => {
  const seen = new Set<string>();
  entries.forEach((entry, index) => {
    const key = `${entry.damageType}/${entry.locationBand}`;
    if (seen.has(key)) ctx.addIssue({ code: 'custom', message: `${key} is priced twice`, path: [index, 'locationBand'], input: entry });
    seen.add(key);
  });
});
export type PriceList = z.infer<typeof PriceListSchema>;

/** The damage types and bands a list leaves unpriced, as 'scratch/2'; a complete list gives []. */
export function missingPriceListEntries(list: readonly PriceListEntry[]): string[] {
  const priced = new Set(list.map((entry) => `${entry.damageType}/${entry.locationBand}`));
  return allDamageTypes.flatMap((type) => locationBands.map((band) => `${type}/${band}`)).filter((key) => !priced.has(key));
}

function entry(
  damageType: AnyDamageType,
  wordingFor: Pick<PriceListEntry, 'labourWording' | 'partsWording' | 'materialsWording'>,
  bands: Record<LocationBand, [labor: number, parts: number, materials: number, hours: number]>,
): PriceListEntry[] {
  return locationBands.map((locationBand) => {
    const [laborPence, partsPence, materialsPence, hours] = bands[locationBand];
    return { damageType, locationBand, laborPence, partsPence, materialsPence, hours, ...wordingFor };
  });
}

/*
 * The seeded list: 2026 prices for mobile smart repair in the UK. What the customer pays is
 * (labour + parts + materials) × 1.2 (our fee) × 1.2 (VAT; × 1 when the company is not VAT
 * registered), so the one-location totals with VAT are:
 * - scratch on one panel £136.80: independent smart repairers quote about £120–£180 a panel
 *   for flatting, filling, colour-matched paint and lacquer blended in, about 2½ hours' work;
 * - scuff on a bumper £123.84: plastic bumper corners are the cheapest paint repair, £100–£160;
 * - paintless dent removal £115.20 a dent: door dings run £80–£150 depending on size and access;
 * - paint touch-up £86.40: stone chips and small areas, £60–£120;
 * - alloy wheel £82.08 a wheel: kerb damage on a painted alloy, £70–£100 a wheel at the roadside
 *   (diamond-cut faces need a lathe, so the admin prices those by hand).
 * Two locations are about 12% cheaper each and three or more about 22%, because one visit shares
 * the travel and set-up. Parts are rare in smart repair, so parts are zero until an admin adds
 * some; materials cover paint, lacquer, filler and consumables.
 */
export const defaultPriceList: readonly PriceListEntry[] = Object.freeze([
  ...entry(
    'scratch',
    {
      labourWording: 'Scratch repair: flat, fill, colour-match and blend',
      partsWording: 'Parts',
      materialsWording: 'Paint, lacquer and consumables',
    },
    { 1: [7500, 0, 2000, 2.5], 2: [6600, 0, 1800, 2.25], 3: [5800, 0, 1600, 2] },
  ),
  ...entry(
    'scuff',
    {
      labourWording: 'Scuff repair: key, fill, refinish and blend',
      partsWording: 'Parts',
      materialsWording: 'Filler, paint, lacquer and consumables',
    },
    { 1: [6800, 0, 1800, 2], 2: [6000, 0, 1600, 1.75], 3: [5300, 0, 1400, 1.5] },
  ),
  ...entry(
    'dent',
    {
      labourWording: 'Paintless dent removal',
      partsWording: 'Parts',
      materialsWording: 'Glue tabs and consumables',
    },
    { 1: [7500, 0, 500, 1.5], 2: [6600, 0, 500, 1.25], 3: [5800, 0, 400, 1.25] },
  ),
  ...entry(
    'paint_damage',
    {
      labourWording: 'Paint touch-up: clean, fill chips and level',
      partsWording: 'Parts',
      materialsWording: 'Colour-matched paint, lacquer and consumables',
    },
    { 1: [4500, 0, 1500, 1], 2: [4000, 0, 1300, 1], 3: [3500, 0, 1200, 0.75] },
  ),
  ...entry(
    'alloy_wheel',
    {
      labourWording: 'Alloy wheel repair: strip, fill, prime, paint and lacquer',
      partsWording: 'Parts',
      materialsWording: 'Filler, wheel paint, lacquer and consumables',
    },
    { 1: [4500, 0, 1200, 1.5], 2: [4000, 0, 1000, 1.5], 3: [3500, 0, 900, 1.25] },
  ),
]);

export interface QuoteLineItem {
  description: string;
  costPence: number;
}

export interface QuoteDraft {
  lineItems: QuoteLineItem[];
  laborPence: number;
  partsPence: number;
  materialsPence: number;
  hours: number;
  estimatedDays: number;
  price: PriceBreakdown;
}

export interface DamageToPrice {
  damageType: AnyDamageType;
  damageLocations: readonly AnyDamageLocation[];
}

/** The price list has no entry for this damage; the admin prices the quote by hand. */
export class PriceListGapError extends Error {
  constructor(readonly damageType: AnyDamageType, readonly locationBand: LocationBand) {
    super(`The price list has no entry for ${damageType} at ${locationBand} location(s)`);
    this.name = 'PriceListGapError';
  }
}

export function findPriceListEntry(list: readonly PriceListEntry[], damageType: AnyDamageType, locationCount: number): PriceListEntry {
  const locationBand = locationBandFor(locationCount);
  const found = list.find((candidate) => candidate.damageType === damageType && candidate.locationBand === locationBand);
  if (!found) throw new PriceListGapError(damageType, locationBand);
  return found;
}

function distinctLocations(damage: DamageToPrice): AnyDamageLocation[] {
  const locations = [...new Set(damage.damageLocations)];
  const problem = locations.length === 0 ? 'Expected at least one damaged location' : damageLocationsProblem(damage.damageType, locations);
  if (problem) throw new RangeError(problem);
  return locations;
}

/** D12's draft: line items, amounts, hours and days for the damage, priced by SPEC section 9's rules. */
/** `vatRatePercent`: the rate charged (20, or 0 when the company is not VAT registered: vatRatePercentFor). */
export function draftQuote(list: readonly PriceListEntry[], damage: DamageToPrice, vatRatePercent: number): QuoteDraft {
  const locations = distinctLocations(damage);
  const count = locations.length;
  const rates = findPriceListEntry(list, damage.damageType, count);
  const laborPence = rates.laborPence * count;
  const listPartsPence = rates.partsPence * count;
  const listMaterialsPence = rates.materialsPence * count;
  const hours = rates.hours * count;

  const where = locations.map((location) => allDamageLocationLabels[location]).join(', ');
  const lineItems: QuoteLineItem[] = [{ description: `${rates.labourWording}: ${where}`, costPence: laborPence }];
  if (listPartsPence > 0) lineItems.push({ description: rates.partsWording, costPence: listPartsPence });
  if (listMaterialsPence > 0) lineItems.push({ description: rates.materialsWording, costPence: listMaterialsPence });

  // SPEC section 9 prices a quote on labour and parts (total = labour + parts + fee + VAT), and
  // SPEC's client reads no other figure: the quote's parts are the list's parts and materials
  // together. Each keeps its own line item, so the customer still sees what the materials are.
  const partsPence = listPartsPence + listMaterialsPence;
  return {
    lineItems,
    laborPence,
    partsPence,
    materialsPence: 0,
    hours,
    estimatedDays: estimatedDaysFromHours(hours),
    price: priceQuote({ laborPence, partsPence, vatRatePercent }),
  };
}

/** How far either side of the list's price the guide reaches: technicians often find more, or less. */
export const GUIDE_SPREAD_PERCENT = 20;
const GUIDE_STEP_PENCE = 500;


/**
 * The guide shown while a quote awaits review: the list's total for this damage type and number
 * of locations, less and plus 20%, rounded outwards to £5 (down for the low end, up for the high)
 * so the guide never looks more precise than it is and always contains the list's own price.
 */
export function guidePrice(list: readonly PriceListEntry[], damageType: AnyDamageType, locationCount: number, vatRatePercent: number): GuidePrice {
  const rates = findPriceListEntry(list, damageType, locationCount);
  const { totalPence } = priceQuote({
    laborPence: rates.laborPence * locationCount,
    partsPence: rates.partsPence * locationCount,
    materialsPence: rates.materialsPence * locationCount,
    vatRatePercent,
  });
  const low = (totalPence * (100 - GUIDE_SPREAD_PERCENT)) / 100;
  const high = (totalPence * (100 + GUIDE_SPREAD_PERCENT)) / 100;
  return {
    lowPence: Math.floor(low / GUIDE_STEP_PENCE) * GUIDE_STEP_PENCE,
    highPence: Math.ceil(high / GUIDE_STEP_PENCE) * GUIDE_STEP_PENCE,
  };
}

// The guide's shape and wording: zod-free, so the quote page shows it without this module's
// schemas and price list (issue 36). One definition, re-exported here.
export { formatGuidePrice, guidePriceLabel, type GuidePrice } from './guide-price';

/**
 * Issue 37: a service's "from" price, the least its guide starts at for any job of one, two or
 * three places (a list's rates usually make that one place), or null when no band is priced.
 * The guide's low end, not the list's own figure: the team confirms every quote from the photos,
 * so "from" may not promise less than the range the wizard then shows.
 */
export function guideFromPence(list: readonly PriceListEntry[], damageType: AnyDamageType, vatRatePercent: number): number | null {
  const lows = locationBands.flatMap((count) => {
    try {
      return [guidePrice(list, damageType, count, vatRatePercent).lowPence];
    } catch (error) {
      if (error instanceof PriceListGapError) return [];
      throw error;
    }
  });
  return lows.length > 0 ? Math.min(...lows) : null;
}
