import { describe, expect, it } from 'vitest';
import { formatUkPhone, normaliseUkPhone } from './phone';
import { defaultCompanyDetails as company } from './company';

describe('normaliseUkPhone', () => {
  it.each([
    ['07700 900123', '+447700900123'],
    ['07700900123', '+447700900123'],
    ['+44 7700 900123', '+447700900123'],
    ['0044 7700 900123', '+447700900123'],
    ['+44 (0)7911 123456', '+447911123456'],
    ['07400-123-456', '+447400123456'],
    ['020 7946 0321', '+442079460321'],
    ['(020) 7946 0321', '+442079460321'],
    ['0117 496 0123', '+441174960123'],
    ['028 9018 1234', '+442890181234'],
    ['01632 960123', '+441632960123'],
    ['0300 123 4567', '+443001234567'],
    ['  0161 496 0000  ', '+441614960000'],
  ])('accepts %j as %j', (input, expected) => {
    expect(normaliseUkPhone(input)).toBe(expected);
  });

  it.each([
    ['empty', ''],
    ['too short', '07700 90012'],
    ['too long', '07700 9001234'],
    ['no area code', '946 0321'],
    ['letters', 'call me'],
    ['surrounding text', 'Tel 020 7946 0321'],
    ['an extension', '020 7946 0321 ext 12'],
    ['a US number', '+1 202 555 0143'],
    ['an Irish number', '+353 1 234 5678'],
    ['premium rate', '0909 879 0000'],
    ['a personal number', '070 1234 5678'],
  ])('refuses %s', (_, input) => {
    expect(normaliseUkPhone(input)).toBeNull();
  });

  it('agrees with the support number in site.ts', () => {
    expect(normaliseUkPhone(company.supportPhone)).toBe(company.supportPhoneE164);
  });
});

describe('formatUkPhone', () => {
  it('shows E.164 numbers in national format', () => {
    expect(formatUkPhone('+447700900123')).toBe('07700 900123');
    expect(formatUkPhone('+442079460321')).toBe('020 7946 0321');
    expect(formatUkPhone('+441174960123')).toBe('0117 496 0123');
  });

  it('leaves anything else untouched', () => {
    expect(formatUkPhone('+12025550143')).toBe('+12025550143');
    expect(formatUkPhone('unknown')).toBe('unknown');
  });
});
