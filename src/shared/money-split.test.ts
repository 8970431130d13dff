import { describe, expect, it } from 'vitest';
import { allDamageTypes, allDamageLocations, damageLocationsProblem, type AnyDamageLocation, type AnyDamageType } from './damage';
import { moneySplit } from './money-split';
import { defaultPriceList, draftQuote, locationBands } from './price-list';
import { VAT_RATE_PERCENT } from './pricing';

/** `count` distinct places that go with the type. */
function placesFor(type: AnyDamageType, count: number): AnyDamageLocation[] {
  return allDamageLocations.filter((location) => damageLocationsProblem(type, [location]) === null).slice(0, count);
}

describe('moneySplit', () => {
  // Issue 37: at the standard rate, and at 0 when the company is not VAT registered.
  it.each([VAT_RATE_PERCENT, 0])("adds up, to the penny, to what the customer pays, for every price-list entry and every number of places (VAT %i%%)", (rate) => {
    let checked = 0;
    for (const type of allDamageTypes) {
      for (const count of [...locationBands, 4]) {
        const places = placesFor(type, count);
        if (places.length < count) continue;
        const { price } = draftQuote(defaultPriceList, { damageType: type, damageLocations: places }, rate);
        const split = moneySplit(price);
        if (rate === 0) expect(price.vatPence, `${type} × ${count}`).toBe(0);
        expect(split.customerPaysPence, `${type} × ${count}`).toBe(price.totalPence);
        expect(split.repairerEarnsPence + split.commissionPence + split.vatPence, `${type} × ${count}`).toBe(split.customerPaysPence);
        expect(split.feePence + split.marginPence).toBe(split.commissionPence);
        for (const part of Object.values(split)) expect(Number.isSafeInteger(part)).toBe(true);
        checked++;
      }
    }
    expect(checked).toBe(allDamageTypes.length * 4);
  });

  it("explains issue 37's £81.84: commission £74.40 (fee £37.20, margin £37.20) and VAT £44.64", () => {
    const split = moneySplit({ laborPence: 18_600, partsPence: 0, materialsPence: 0, feePence: 3_720, vatPence: 4_464, repairerPaymentPence: 14_880 });
    expect(split).toEqual({ customerPaysPence: 26_784, vatPence: 4_464, commissionPence: 7_440, feePence: 3_720, marginPence: 3_720, repairerEarnsPence: 14_880 });
  });

  it('refuses amounts that are not whole pence', () => {
    expect(() => moneySplit({ laborPence: 1.5, partsPence: 0, materialsPence: 0, feePence: 0, vatPence: 0, repairerPaymentPence: 0 })).toThrow(RangeError);
  });
});
