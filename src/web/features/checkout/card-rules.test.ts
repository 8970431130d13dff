import { describe, expect, it } from 'vitest';
import { formatCardNumber, formatExpiry, validateCard } from './card-rules';

const now = new Date('2026-03-02T10:00:00Z');
const good = { cardNumber: '4242 4242 4242 4242', expiry: '12/30', cvc: '123' };

describe('the test-mode card form checks', () => {
  it('accepts a well-formed card', () => {
    expect(validateCard(good, now)).toEqual({});
    expect(validateCard({ ...good, expiry: '03/26' }, now)).toEqual({}); // this month still counts
  });

  it('says what is wrong with each field', () => {
    expect(validateCard({ cardNumber: '', expiry: '', cvc: '' }, now)).toEqual({
      cardNumber: 'Please enter your card number',
      expiry: 'Please enter the expiry date',
      cvc: 'Please enter the security code',
    });
    expect(validateCard({ ...good, cardNumber: '4242 4242 4242 4241' }, now).cardNumber).toBe('Please enter a valid card number');
    expect(validateCard({ ...good, cardNumber: '1234' }, now).cardNumber).toBe('Please enter a valid card number');
    expect(validateCard({ ...good, expiry: '13/30' }, now).expiry).toBe('Please enter the expiry date as MM/YY');
    expect(validateCard({ ...good, expiry: '1230' }, now).expiry).toBe('Please enter the expiry date as MM/YY');
    expect(validateCard({ ...good, expiry: '02/26' }, now).expiry).toBe('Your card has expired');
    expect(validateCard({ ...good, cvc: '12' }, now).cvc).toBe('The security code is 3 or 4 digits');
  });

  it("reads this month as London's, as the server's test provider does", () => {
    // 00:30 on 1 April 2026 in London (BST) is still 31 March in UTC: a 03/26 card has expired.
    const firstOfAprilInLondon = new Date('2026-03-31T23:30:00Z');
    expect(validateCard({ ...good, expiry: '03/26' }, firstOfAprilInLondon).expiry).toBe('Your card has expired');
    expect(validateCard({ ...good, expiry: '04/26' }, firstOfAprilInLondon)).toEqual({});
  });

  it('formats as the customer types', () => {
    expect(formatCardNumber('4000000000000002')).toBe('4000 0000 0000 0002');
    expect(formatExpiry('1230')).toBe('12/30');
    expect(formatExpiry('1')).toBe('1');
  });
});
