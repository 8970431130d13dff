// The test-mode provider judges cards as Stripe's test cards are judged (README: "cards behave
// as Stripe's test cards"): a SPEC review found its documented decline cards answered as real ones.
import { describe, expect, it } from 'vitest';
import { judgeTestCard } from './test-provider';

const now = new Date('2026-11-27T12:00:00Z');
const outcome = (cardNumber: string, expiry = '12/30', cvc = '123') => {
  try {
    judgeTestCard({ cardNumber, expiry, cvc }, now);
    return 'succeeded';
  } catch (error) {
    return (error as { code: string }).code;
  }
};

describe('judgeTestCard', () => {
  it.each([
    ['4242 4242 4242 4242', 'succeeded'],
    ['5555 5555 5555 4444', 'succeeded'],
    ['4000 0000 0000 0002', 'card_declined'],
    ['4000 0000 0000 9995', 'insufficient_funds'],
    ['4000 0000 0000 9987', 'lost_card'],
    ['4000 0000 0000 9979', 'stolen_card'],
    ['4000 0000 0000 0069', 'expired_card'],
    ['4000 0000 0000 0127', 'incorrect_cvc'],
    ['4000 0000 0000 0119', 'processing_error'],
    ['4242 4242 4242 4241', 'incorrect_number'],
    ['4100 0000 0000 0019', 'fraudulent'],
    // A real card's number in test mode: declined, as Stripe does.
    ['4462 0300 0000 0000', 'card_declined'],
  ])('%s → %s', (card, expected) => {
    expect(outcome(card)).toBe(expected);
  });

  it('checks the expiry and the security code before the card', () => {
    expect(outcome('4242424242424242', '10/26')).toBe('expired_card');
    expect(outcome('4242424242424242', '12/30', '12')).toBe('incorrect_cvc');
    expect(outcome('378282246310005', '12/30', '123')).toBe('incorrect_cvc');
  });
});
