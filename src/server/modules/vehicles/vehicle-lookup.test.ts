import { describe, expect, it } from 'vitest';
import { RegistrationSchema, titleCase } from './vehicle-lookup';

describe('titleCase', () => {
  it.each([
    ['FORD', 'Ford'],
    ['MERCEDES-BENZ', 'Mercedes-Benz'],
    ['LAND ROVER', 'Land Rover'],
    ['BMW', 'BMW'],
    ['MG', 'MG'],
    ['VOLKSWAGEN', 'Volkswagen'],
  ])('reads make %s as %s', (make, expected) => {
    expect(titleCase(make, { keepAcronyms: true })).toBe(expected);
  });

  it('never keeps acronyms in colours', () => {
    expect(titleCase('RED')).toBe('Red');
    expect(titleCase('DARK BLUE')).toBe('Dark Blue');
  });
});

describe('RegistrationSchema', () => {
  it('accepts 2–8 letters or digits, spaces ignored, and upper-cases them', () => {
    expect(RegistrationSchema.parse('ab12 cde')).toBe('AB12CDE');
    expect(RegistrationSchema.parse('A 1')).toBe('A1');
  });

  it.each(['A', 'AB12CDEFG', 'AB-12', '  '])('refuses %j', (value) => {
    expect(RegistrationSchema.safeParse(value).success).toBe(false);
  });
});
