import fc from 'fast-check';
import { VAT_RATE_PERCENT } from './pricing';
import { describe, expect, it } from 'vitest';
import { allDamageTypes, damageLocations, wheelLocations, type AnyDamageLocation, type AnyDamageType } from './damage';
import {
  PriceListEntrySchema,
  PriceListGapError,
  PriceListSchema,
  defaultPriceList,
  draftQuote,
  findPriceListEntry,
  formatGuidePrice,
  guidePrice,
  guideFromPence,
  guidePriceLabel,
  locationBandFor,
  missingPriceListEntries,
  type PriceListEntry,
} from './price-list';

const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);

describe('the default price list', () => {
  it('is a valid list that prices every damage type at every band', () => {
    expect(PriceListSchema.safeParse(defaultPriceList).success).toBe(true);
    expect(missingPriceListEntries(defaultPriceList)).toEqual([]);
    expect(defaultPriceList).toHaveLength(allDamageTypes.length * 3);
  });

  it('gives plausible 2026 totals for one location, VAT and fee included', () => {
    const oneLocation = (type: AnyDamageType, location: AnyDamageLocation) =>
      draftQuote(defaultPriceList, { damageType: type, damageLocations: [location] }, VAT_RATE_PERCENT).price.totalPence;
    const between = (pence: number, low: number, high: number) => expect(pence >= low * 100 && pence <= high * 100).toBe(true);
    between(oneLocation('scratch', 'driver_door'), 120, 180);
    between(oneLocation('scuff', 'rear_bumper'), 100, 160);
    between(oneLocation('dent', 'wing_left'), 80, 150);
    between(oneLocation('paint_damage', 'bonnet'), 60, 120);
    between(oneLocation('alloy_wheel', 'wheel_front_left'), 70, 100);
  });

  it('charges less per location as the band rises', () => {
    for (const type of allDamageTypes) {
      const [one, two, three] = [1, 2, 3].map((count) => {
        const rates = findPriceListEntry(defaultPriceList, type, count);
        return rates.laborPence + rates.partsPence + rates.materialsPence;
      });
      expect(two).toBeLessThan(one!);
      expect(three).toBeLessThan(two!);
    }
  });
});

describe('locationBandFor', () => {
  it('puts three or more locations in band 3', () => {
    expect([1, 2, 3, 4, 18].map(locationBandFor)).toEqual([1, 2, 3, 3, 3]);
    expect(() => locationBandFor(0)).toThrow(RangeError);
    expect(() => locationBandFor(1.5)).toThrow(RangeError);
  });
});

describe('PriceListEntrySchema', () => {
  const valid = defaultPriceList[0]!;
  const messages = (input: unknown) => {
    const result = PriceListEntrySchema.safeParse(input);
    return result.success ? [] : result.error.issues.map((issue) => issue.message);
  };

  it('refuses pence that are fractional, negative or absurd, and odd hours', () => {
    expect(messages(valid)).toEqual([]);
    expect(messages({ ...valid, laborPence: 75.5 })).toEqual(['Labour must be a whole number of pence']);
    expect(messages({ ...valid, materialsPence: -1 })).toEqual(['Materials cannot be negative']);
    expect(messages({ ...valid, partsPence: 1_000_001 })).toEqual(['Parts must be £10,000.00 or less']);
    expect(messages({ ...valid, hours: 0 })).toEqual(['Hours must be more than zero']);
    expect(messages({ ...valid, hours: 1.1 })).toEqual(['Hours must be in quarter hours']);
    expect(messages({ ...valid, locationBand: 4 })).toEqual(['The band must be 1, 2, or 3 (for three or more)']);
    expect(messages({ ...valid, damageType: 'hail' })).toEqual(['Please choose a damage type']);
    expect(messages({ ...valid, labourWording: '  ' })).toEqual(['Labour wording is required']);
  });

  it('refuses a list that prices one band twice', () => {
    const result = PriceListSchema.safeParse([valid, { ...valid, laborPence: 1 }]);
    expect(result.success).toBe(false);
    expect(result.error!.issues.map((issue) => [issue.path, issue.message])).toEqual([[[1, 'locationBand'], 'scratch/1 is priced twice']]);
  });
});

describe('draftQuote', () => {
  it('drafts a scratch on two panels from the band-2 rate', () => {
    const draft = draftQuote(defaultPriceList, { damageType: 'scratch', damageLocations: ['driver_door', 'wing_right'] }, VAT_RATE_PERCENT);
    expect(draft.lineItems).toEqual([
      { description: "Scratch repair: flat, fill, colour-match and blend: Driver's door, Right wing", costPence: 13200 },
      { description: 'Paint, lacquer and consumables', costPence: 3600 },
    ]);
    // The quote's parts are SPEC's parts: the list's parts and materials together, each its own line.
    expect(draft).toMatchObject({ laborPence: 13200, partsPence: 3600, materialsPence: 0, hours: 4.5, estimatedDays: 1 });
    // SPEC section 9: fee 20% of 168.00, VAT 20% of 201.60, repairer 80% of 168.00; total = labour + parts + fee + VAT.
    expect(draft.price).toEqual({
      laborPence: 13200,
      partsPence: 3600,
      materialsPence: 0,
      feePence: 3360,
      vatPence: 4032,
      repairerPaymentPence: 13440,
      totalPence: 24192,
    });
  });

  it('prices alloy wheels per wheel and counts each location once', () => {
    const draft = draftQuote(defaultPriceList, {
      damageType: 'alloy_wheel',
      damageLocations: ['wheel_front_left', 'wheel_rear_left', 'wheel_front_left', 'wheel_rear_right', 'wheel_front_right'],
    }, VAT_RATE_PERCENT);
    const rates = findPriceListEntry(defaultPriceList, 'alloy_wheel', 4);
    expect(draft.laborPence).toBe(rates.laborPence * 4);
    expect(draft.partsPence).toBe((rates.partsPence + rates.materialsPence) * 4);
    expect(draft.price.totalPence).toBe(draft.price.laborPence + draft.price.partsPence + draft.price.feePence + draft.price.vatPence);
    expect(draft.lineItems[0]!.description).toBe(
      'Alloy wheel repair: strip, fill, prime, paint and lacquer: Front left wheel, Rear left wheel, Rear right wheel, Front right wheel',
    );
  });

  it('rounds the days up from the hours (SPEC section 9)', () => {
    const draft = draftQuote(defaultPriceList, { damageType: 'scratch', damageLocations: damageLocations.slice(0, 5) }, VAT_RATE_PERCENT);
    expect(draft.hours).toBe(10);
    expect(draft.estimatedDays).toBe(2);
  });

  it('lists parts only when there are some', () => {
    const list = defaultPriceList.map((entry) => (entry.damageType === 'dent' ? { ...entry, partsPence: 2500 } : entry));
    const draft = draftQuote(list, { damageType: 'dent', damageLocations: ['roof'] }, VAT_RATE_PERCENT);
    expect(draft.lineItems.map((item) => item.description)).toEqual(['Paintless dent removal: Roof', 'Parts', 'Glue tabs and consumables']);
    expect(draft.partsPence).toBe(2500 + findPriceListEntry(list, 'dent', 1).materialsPence);
  });

  it('refuses damage it cannot price', () => {
    expect(() => draftQuote(defaultPriceList, { damageType: 'scratch', damageLocations: [] }, VAT_RATE_PERCENT)).toThrow(RangeError);
    expect(() => draftQuote(defaultPriceList, { damageType: 'alloy_wheel', damageLocations: ['bonnet'] }, VAT_RATE_PERCENT)).toThrow(
      'Please choose which wheels are damaged',
    );
    const withoutDents = defaultPriceList.filter((entry) => !(entry.damageType === 'dent' && entry.locationBand === 3));
    expect(() => draftQuote(withoutDents, { damageType: 'dent', damageLocations: ['roof', 'boot', 'sill'] }, VAT_RATE_PERCENT)).toThrow(PriceListGapError);
    expect(missingPriceListEntries(withoutDents)).toEqual(['dent/3']);
  });
});

const amount = fc.integer({ min: 0, max: 1_000_000 });
const entryArbitrary = (damageType: AnyDamageType, locationBand: 1 | 2 | 3): fc.Arbitrary<PriceListEntry> =>
  fc.record({
    damageType: fc.constant(damageType),
    locationBand: fc.constant(locationBand),
    laborPence: amount,
    partsPence: amount,
    materialsPence: amount,
    hours: fc.integer({ min: 1, max: 160 }).map((quarters) => quarters / 4),
    labourWording: fc.constant('Labour'),
    partsWording: fc.constant('Parts'),
    materialsWording: fc.constant('Materials'),
  });
const listArbitrary = fc.tuple(
  ...allDamageTypes.flatMap((type) => ([1, 2, 3] as const).map((band) => entryArbitrary(type, band))),
);
const damageArbitrary = fc.oneof(
  fc.record({
    damageType: fc.constantFrom('scratch', 'scuff', 'dent', 'paint_damage') as fc.Arbitrary<AnyDamageType>,
    damageLocations: fc.array(fc.constantFrom(...damageLocations), { minLength: 1, maxLength: 20 }) as fc.Arbitrary<AnyDamageLocation[]>,
  }),
  fc.record({
    damageType: fc.constant('alloy_wheel') as fc.Arbitrary<AnyDamageType>,
    damageLocations: fc.array(fc.constantFrom(...wheelLocations), { minLength: 1, maxLength: 6 }) as fc.Arbitrary<AnyDamageLocation[]>,
  }),
);

describe('draftQuote properties', () => {
  it('makes the total labour + parts + materials + fee + VAT, and the line items add up to the first three', () => {
    fc.assert(
      fc.property(listArbitrary, damageArbitrary, (list, damage) => {
        const draft = draftQuote(list, damage, VAT_RATE_PERCENT);
        const { price } = draft;
        expect(price.totalPence).toBe(price.laborPence + price.partsPence + price.materialsPence + price.feePence + price.vatPence);
        expect(sum(draft.lineItems.map((item) => item.costPence))).toBe(draft.laborPence + draft.partsPence + draft.materialsPence);
        expect([price.laborPence, price.partsPence, price.materialsPence]).toEqual([draft.laborPence, draft.partsPence, draft.materialsPence]);
        expect(draft.estimatedDays).toBe(Math.max(1, Math.ceil(draft.hours / 8)));
        for (const item of draft.lineItems) expect(Number.isSafeInteger(item.costPence) && item.costPence >= 0).toBe(true);
      }),
    );
  });

  it('gives a guide, in whole £5, that contains the draft total', () => {
    fc.assert(
      fc.property(listArbitrary, damageArbitrary, (list, damage) => {
        const count = new Set(damage.damageLocations).size;
        const guide = guidePrice(list, damage.damageType, count, VAT_RATE_PERCENT);
        const total = draftQuote(list, damage, VAT_RATE_PERCENT).price.totalPence;
        expect(guide.lowPence % 500).toBe(0);
        expect(guide.highPence % 500).toBe(0);
        expect(guide.lowPence).toBeLessThanOrEqual(total);
        expect(guide.highPence).toBeGreaterThanOrEqual(total);
      }),
    );
  });
});

describe('guidePrice', () => {
  it('spreads the list total by 20% each way, rounded outwards to £5', () => {
    // One scratch is £136.80: 80% is £109.44 → £105, 120% is £164.16 → £165.
    const guide = guidePrice(defaultPriceList, 'scratch', 1, VAT_RATE_PERCENT);
    expect(guide).toEqual({ lowPence: 10500, highPence: 16500 });
    expect(formatGuidePrice(guide)).toBe('£105–£165');
    expect(guidePriceLabel(guide)).toBe('Typical price for repairs like this: £105–£165');
    expect(formatGuidePrice({ lowPence: 100000, highPence: 150000 })).toBe('£1,000–£1,500');
  });
});

describe('guideFromPence', () => {
  it("is the lowest guide any job of the type can get, or null when the list prices none of it", () => {
    expect(guideFromPence(defaultPriceList, 'scratch', VAT_RATE_PERCENT)).toBe(guidePrice(defaultPriceList, 'scratch', 1, VAT_RATE_PERCENT).lowPence);
    // An admin who prices three places below one place's guide makes three places the "from".
    const cheapThree = defaultPriceList.map((entry) => (entry.damageType === 'dent' && entry.locationBand === 3 ? { ...entry, laborPence: 100, materialsPence: 0 } : entry));
    expect(guideFromPence(cheapThree, 'dent', VAT_RATE_PERCENT)).toBe(guidePrice(cheapThree, 'dent', 3, VAT_RATE_PERCENT).lowPence);
    expect(guideFromPence(defaultPriceList.filter((entry) => entry.damageType !== 'scuff'), 'scuff', VAT_RATE_PERCENT)).toBeNull();
  });
});
