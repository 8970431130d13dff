import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decimalStringToPence, formatPence, penceToDecimalString, poundsToPence } from './money';

describe('formatPence', () => {
  it('writes every amount as Intl writes en-GB pounds (it no longer asks Intl, issue 36)', () => {
    const gbp = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP' });
    fc.assert(
      fc.property(fc.integer({ min: -(2 ** 40), max: 2 ** 40 }).filter((pence) => pence !== 0), (pence) => {
        expect(formatPence(pence)).toBe(gbp.format(pence / 100));
      }),
      { numRuns: 5000 },
    );
    for (const pence of [0, 1, 99, 100, 99999, 100000, 999999, 1000000, -1, -99999, -100000]) expect(formatPence(pence)).toBe(gbp.format(pence / 100));
  });
  it('formats pence as pounds sterling in en-GB', () => {
    expect(formatPence(165000)).toBe('£1,650.00');
    expect(formatPence(48000)).toBe('£480.00');
    expect(formatPence(5)).toBe('£0.05');
    expect(formatPence(0)).toBe('£0.00');
    expect(formatPence(-500)).toBe('-£5.00');
    expect(formatPence(123456789)).toBe('£1,234,567.89');
  });

  it('refuses fractions of a penny', () => {
    expect(() => formatPence(1.5)).toThrow(RangeError);
    expect(() => formatPence(Number.NaN)).toThrow(RangeError);
  });
});

describe('penceToDecimalString', () => {
  it('writes SPEC decimal strings', () => {
    expect(penceToDecimalString(165000)).toBe('1650.00');
    expect(penceToDecimalString(48050)).toBe('480.50');
    expect(penceToDecimalString(7)).toBe('0.07');
    expect(penceToDecimalString(0)).toBe('0.00');
    expect(penceToDecimalString(-5)).toBe('-0.05');
    expect(penceToDecimalString(-123456)).toBe('-1234.56');
  });

  it('round-trips with decimalStringToPence', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000_000 }), (pence) => {
        expect(decimalStringToPence(penceToDecimalString(pence))).toBe(pence);
      }),
    );
  });
});

describe('decimalStringToPence', () => {
  it.each([
    ['480', 48000],
    ['480.5', 48050],
    ['480.00', 48000],
    [' 1170.00 ', 117000],
    ['0.07', 7],
    ['0', 0],
    [480, 48000],
    [480.5, 48050],
    [0.29, 29],
    [19.99, 1999],
  ] as const)('reads %j as %d pence', (input, expected) => {
    expect(decimalStringToPence(input)).toBe(expected);
  });

  it.each(['4.999', 'abc', '', '-1', '-0.01', '1,000', '£5', '1e3', '480.', '.5', '0x10', 4.999, -1, Number.NaN, Number.POSITIVE_INFINITY])(
    'refuses %j',
    (input) => {
      expect(decimalStringToPence(input)).toBeNull();
    },
  );
});

describe('poundsToPence', () => {
  it('converts to the nearest penny', () => {
    expect(poundsToPence(480)).toBe(48000);
    expect(poundsToPence(19.99)).toBe(1999);
    expect(poundsToPence(0.29)).toBe(29);
    expect(poundsToPence(1.005)).toBe(101);
    expect(poundsToPence(-2.5)).toBe(-250);
    expect(Object.is(poundsToPence(-0.001), 0)).toBe(true);
  });

  it('refuses what is not an amount', () => {
    expect(() => poundsToPence(Number.NaN)).toThrow(RangeError);
    expect(() => poundsToPence(Number.POSITIVE_INFINITY)).toThrow(RangeError);
  });
});
