// The test-mode card form's own checks, with a message for each mistake, before anything is sent.
// The provider decides whether the card is accepted (TEST_CARDS); this only catches typing errors.

import { londonDateOf } from '../../../shared/london-time';

export type CardInput = { cardNumber: string; expiry: string; cvc: string };
export type CardErrors = Partial<Record<keyof CardInput, string>>;

const digits = (value: string) => value.replace(/[\s-]/g, '');

function passesLuhn(number: string): boolean {
  let sum = 0;
  for (let index = 0; index < number.length; index += 1) {
    let digit = Number(number[number.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** Checks the three fields as typed; `now` decides whether the card has expired (its month still counts). */
export function validateCard(input: CardInput, now: Date): CardErrors {
  const errors: CardErrors = {};
  const number = digits(input.cardNumber);
  if (number === '') errors.cardNumber = 'Please enter your card number';
  else if (!/^\d{12,19}$/.test(number) || !passesLuhn(number)) errors.cardNumber = 'Please enter a valid card number';

  const expiry = input.expiry.trim();
  const match = /^(\d{2})\s*\/\s*(\d{2})$/.exec(expiry);
  if (expiry === '') errors.expiry = 'Please enter the expiry date';
  else if (!match || Number(match[1]) < 1 || Number(match[1]) > 12) errors.expiry = 'Please enter the expiry date as MM/YY';
  else {
    const year = 2000 + Number(match[2]);
    const month = Number(match[1]);
    // D5: this month is London's, so from midnight on the 1st in BST (23:00 UTC) last month's card has expired.
    const [thisYear, thisMonth] = londonDateOf(now).split('-').map(Number) as [number, number];
    const current = thisYear * 12 + thisMonth;
    if (year * 12 + month < current) errors.expiry = 'Your card has expired';
  }

  const cvc = input.cvc.trim();
  if (cvc === '') errors.cvc = 'Please enter the security code';
  else if (!/^\d{3,4}$/.test(cvc)) errors.cvc = 'The security code is 3 or 4 digits';
  return errors;
}

/** '4242424242424242' as '4242 4242 4242 4242' while typing. */
export function formatCardNumber(value: string): string {
  return digits(value)
    .replace(/\D/g, '')
    .slice(0, 19)
    .replace(/(\d{4})(?=\d)/g, '$1 ');
}

/** '1234' as '12/34' while typing. */
export function formatExpiry(value: string): string {
  const only = value.replace(/\D/g, '').slice(0, 4);
  return only.length > 2 ? `${only.slice(0, 2)}/${only.slice(2)}` : only;
}

export const normaliseCard = (input: CardInput): CardInput => ({
  cardNumber: digits(input.cardNumber),
  expiry: input.expiry.replace(/\s/g, ''),
  cvc: input.cvc.trim(),
});
