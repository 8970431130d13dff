import { describe, expect, it } from 'vitest';
import { cities } from './cities';
import { normalisePostcode, outcodeOf, postcodeDistrict } from './postcode';
import { defaultCompanyDetails as company } from './company';

describe('normalisePostcode', () => {
  it.each([
    ['sw1a1aa', 'SW1A 1AA'],
    ['SW1A 1AA', 'SW1A 1AA'],
    [' sw1a  1aa ', 'SW1A 1AA'],
    ['m11ae', 'M1 1AE'],
    ['B33 8TH', 'B33 8TH'],
    ['cr2 6xh', 'CR2 6XH'],
    ['EC1A 1BB', 'EC1A 1BB'],
    ['bt1 1aa', 'BT1 1AA'],
    ['ZE1 0AA', 'ZE1 0AA'],
  ])('normalises %j to %j', (input, expected) => {
    expect(normalisePostcode(input)).toBe(expected);
  });

  it.each(['', 'SW1', 'SW1A', 'SW1A 1A', 'SW1A-1AA', 'SW1A 1AAX', '12345', 'hello', 'QA1 1AA', 'XX1 1AA', 'JE2 3AB', 'GY1 1AA', 'IM1 1AA'])(
    'refuses %j',
    (input) => {
      expect(normalisePostcode(input)).toBeNull();
    },
  );

  it('accepts the outcodes of every covered city and the company address', () => {
    for (const city of cities) expect(normalisePostcode(`${city.outcode} 1AA`)).toBe(`${city.outcode} 1AA`);
    expect(normalisePostcode(company.registeredOffice.postcode)).toBe('BS1 5TY');
  });
});

describe('outcodeOf and postcodeDistrict', () => {
  it('return the outward code', () => {
    expect(outcodeOf('sw1a1aa')).toBe('SW1A');
    expect(outcodeOf('M1 1AE')).toBe('M1');
    expect(postcodeDistrict('ls1 4dy')).toBe('LS1');
  });

  it('return null for anything that is not a postcode', () => {
    expect(outcodeOf('nonsense')).toBeNull();
    expect(postcodeDistrict('')).toBeNull();
  });
});
