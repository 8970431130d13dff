// The embedded default (ARCHITECTURE): no keys, no real money. It behaves as Stripe's test
// cards do, so checkout, e-mails and refunds can be tried end to end ("Test mode: no real
// money is taken"). Intents live in the payments table; this only makes ids and judges cards.
import { randomBytes } from 'node:crypto';
import { TEST_CARDS } from '../../../../shared/api/payments';
import { londonDateOf } from '../../../../shared/london-time';
import { CardError, type PaymentProvider } from './payment-provider';

const randomId = (prefix: string) => `${prefix}_test_${randomBytes(12).toString('hex')}`;

export function createTestProvider(): PaymentProvider {
  return {
    name: 'test',
    async createIntent() {
      const id = randomId('pi');
      return { id, clientSecret: `${id}_secret_${randomBytes(16).toString('hex')}`, amountPence: 0 };
    },
    async updateAmount() {},
    async refund() {
      return { id: randomId('re') };
    },
  };
}

/** Stripe's other test cards that succeed (Visa debit, Mastercard, Amex, Discover). */
const OTHER_SUCCEEDING_CARDS = new Set(['4000056655665556', '5555555555554444', '2223003122003222', '5200828282828210', '378282246310005', '6011111111111117']);

/** Stripe's test cards that decline for a named reason, with Stripe's code and sentence. */
const DECLINING_CARDS = new Map<string, { code: string; message: string }>([
  ['4000000000009987', { code: 'lost_card', message: 'Your card was declined.' }],
  ['4000000000009979', { code: 'stolen_card', message: 'Your card was declined.' }],
  ['4000000000000069', { code: 'expired_card', message: 'Your card has expired.' }],
  ['4000000000000127', { code: 'incorrect_cvc', message: "Your card's security code is incorrect." }],
  ['4000000000000119', { code: 'processing_error', message: 'An error occurred while processing your card. Try again in a little bit.' }],
  ['4000000000006975', { code: 'card_velocity_exceeded', message: 'Your card was declined for making repeated attempts too frequently or exceeding its amount limit.' }],
  ['4100000000000019', { code: 'fraudulent', message: 'Your card was declined.' }],
]);

function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/**
 * What Stripe answers for this card in test mode, checked in Stripe's order: the number, the
 * expiry, the security code, then the card's own outcome. Throws CardError; returns on success.
 * `now` decides expiry: a card is valid through the last day of its expiry month (London).
 */
export function judgeTestCard(card: { cardNumber: string; expiry: string; cvc: string }, now: Date): void {
  const digits = card.cardNumber.replace(/[\s-]/g, '');
  if (!/^\d{12,19}$/.test(digits) || !passesLuhn(digits)) throw new CardError('incorrect_number', 'Your card number is incorrect.');
  const expiry = /^(\d{1,2})\s*\/\s*(\d{2}|\d{4})$/.exec(card.expiry.trim());
  const month = expiry ? Number(expiry[1]) : 0;
  if (!expiry || month < 1 || month > 12) throw new CardError('invalid_expiry_month', "Your card's expiry date is incomplete.");
  const year = expiry[2]!.length === 2 ? 2000 + Number(expiry[2]) : Number(expiry[2]);
  const [nowYear, nowMonth] = londonDateOf(now).split('-').map(Number) as [number, number];
  if (year < nowYear || (year === nowYear && month < nowMonth)) throw new CardError('expired_card', 'Your card has expired.');
  const cvcLength = digits.startsWith('34') || digits.startsWith('37') ? 4 : 3;
  if (!new RegExp(`^\\d{${cvcLength}}$`).test(card.cvc.trim())) throw new CardError('incorrect_cvc', "Your card's security code is incorrect.");

  if (digits === TEST_CARDS.success || OTHER_SUCCEEDING_CARDS.has(digits)) return;
  if (digits === TEST_CARDS.declined) throw new CardError('card_declined', 'Your card was declined.');
  if (digits === TEST_CARDS.insufficientFunds) throw new CardError('insufficient_funds', 'Your card has insufficient funds.');
  const outcome = DECLINING_CARDS.get(digits);
  if (outcome) throw new CardError(outcome.code, outcome.message);
  // A real card number in test mode: Stripe declines it too.
  throw new CardError('card_declined', 'Your card was declined. Test mode takes only test cards, such as 4242 4242 4242 4242.');
}
