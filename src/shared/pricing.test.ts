import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  NEARBY_RADIUS_MILES,
  PLATFORM_FEE_PERCENT,
  REPAIRER_SHARE_PERCENT,
  VAT_RATE_PERCENT,
  estimatedDaysFromHours,
  percentOfPence,
  priceQuote,
} from './pricing';

const pence = fc.integer({ min: 0, max: 100_000_000 });

describe('priceQuote', () => {
  it('applies the SPEC section 9 defaults', () => {
    expect(priceQuote({ laborPence: 48000, partsPence: 117000 })).toEqual({
      laborPence: 48000,
      partsPence: 117000,
      materialsPence: 0,
      feePence: 33000,
      vatPence: 39600,
      repairerPaymentPence: 132000,
      totalPence: 237600,
    });
  });

  it('charges no VAT at a rate of 0 (issue 37: the company is not VAT registered), the rest unchanged', () => {
    const standard = priceQuote({ laborPence: 48000, partsPence: 117000 });
    expect(priceQuote({ laborPence: 48000, partsPence: 117000, vatRatePercent: 0 })).toEqual({ ...standard, vatPence: 0, totalPence: standard.totalPence - standard.vatPence });
    expect(priceQuote({ laborPence: 48000, partsPence: 117000, vatRatePercent: VAT_RATE_PERCENT })).toEqual(standard);
  });

  it('counts materials in the base', () => {
    const price = priceQuote({ laborPence: 10000, partsPence: 5000, materialsPence: 1000 });
    expect(price.feePence).toBe(3200);
    expect(price.vatPence).toBe(3840);
    expect(price.repairerPaymentPence).toBe(12800);
    expect(price.totalPence).toBe(16000 + 3200 + 3840);
  });

  it('rounds halves up to the penny', () => {
    // 20% of 2.5p is 0.5p, 20% of 3p is 0.6p, 20% of 2p is 0.4p.
    expect(percentOfPence(2, 20)).toBe(0);
    expect(percentOfPence(3, 20)).toBe(1);
    expect(percentOfPence(5, 10)).toBe(1);
    expect(percentOfPence(12345, 20)).toBe(2469);
    const price = priceQuote({ laborPence: 3, partsPence: 0 });
    expect(price).toMatchObject({ feePence: 1, vatPence: 1, repairerPaymentPence: 2, totalPence: 5 });
  });

  it("lets an admin's explicit amounts win", () => {
    const price = priceQuote({ laborPence: 48000, partsPence: 117000, feePence: 0, repairerPaymentPence: 150000 });
    expect(price.feePence).toBe(0);
    expect(price.vatPence).toBe(33000);
    expect(price.repairerPaymentPence).toBe(150000);
    expect(price.totalPence).toBe(165000 + 33000);
    expect(priceQuote({ laborPence: 100, partsPence: 0, vatPence: 0 }).totalPence).toBe(120);
  });

  it('refuses amounts that are not whole, non-negative pence', () => {
    expect(() => priceQuote({ laborPence: 1.5, partsPence: 0 })).toThrow(RangeError);
    expect(() => priceQuote({ laborPence: -1, partsPence: 0 })).toThrow(RangeError);
    expect(() => priceQuote({ laborPence: 1, partsPence: 0, feePence: -10 })).toThrow(RangeError);
    expect(() => priceQuote({ laborPence: 1, partsPence: Number.NaN })).toThrow(RangeError);
  });

  it('keeps its constants', () => {
    expect([VAT_RATE_PERCENT, PLATFORM_FEE_PERCENT, REPAIRER_SHARE_PERCENT, NEARBY_RADIUS_MILES]).toEqual([20, 20, 80, 30]);
  });
});

describe('priceQuote properties', () => {
  const input = fc.record(
    {
      laborPence: pence,
      partsPence: pence,
      materialsPence: pence,
      feePence: pence,
      vatPence: pence,
      repairerPaymentPence: pence,
    },
    { requiredKeys: ['laborPence', 'partsPence'] },
  );

  it('makes the total the sum of its parts', () => {
    fc.assert(
      fc.property(input, (quote) => {
        const price = priceQuote(quote);
        expect(price.totalPence).toBe(
          price.laborPence + price.partsPence + price.materialsPence + price.feePence + price.vatPence,
        );
      }),
    );
  });

  it('gives only non-negative whole pence', () => {
    fc.assert(
      fc.property(input, (quote) => {
        for (const value of Object.values(priceQuote(quote))) {
          expect(Number.isSafeInteger(value) && value >= 0).toBe(true);
        }
      }),
    );
  });

  it('keeps default amounts within half a penny of their percentages', () => {
    fc.assert(
      fc.property(pence, pence, pence, (laborPence, partsPence, materialsPence) => {
        const price = priceQuote({ laborPence, partsPence, materialsPence });
        const base = laborPence + partsPence + materialsPence;
        // Compared in hundredths of a penny, so no floating-point error can creep in.
        expect(Math.abs(price.feePence * 100 - base * 20)).toBeLessThanOrEqual(50);
        expect(Math.abs(price.vatPence * 100 - (base + price.feePence) * 20)).toBeLessThanOrEqual(50);
        expect(Math.abs(price.repairerPaymentPence * 100 - base * 80)).toBeLessThanOrEqual(50);
      }),
    );
  });

  it('respects every override', () => {
    fc.assert(
      fc.property(input, (quote) => {
        const price = priceQuote(quote);
        if (quote.materialsPence !== undefined) expect(price.materialsPence).toBe(quote.materialsPence);
        if (quote.feePence !== undefined) expect(price.feePence).toBe(quote.feePence);
        if (quote.vatPence !== undefined) expect(price.vatPence).toBe(quote.vatPence);
        if (quote.repairerPaymentPence !== undefined) expect(price.repairerPaymentPence).toBe(quote.repairerPaymentPence);
      }),
    );
  });
});

describe('estimatedDaysFromHours', () => {
  it.each([
    [0, 1],
    [1, 1],
    [8, 1],
    [8.5, 2],
    [16, 2],
    [17, 3],
  ])('turns %d hours into %d days', (hours, days) => {
    expect(estimatedDaysFromHours(hours)).toBe(days);
  });

  it('refuses what is not a number of hours', () => {
    expect(() => estimatedDaysFromHours(-1)).toThrow(RangeError);
    expect(() => estimatedDaysFromHours(Number.NaN)).toThrow(RangeError);
  });
});
