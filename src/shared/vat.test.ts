import { describe, expect, it } from 'vitest';
import { noVatSentence as onCheckout } from '../web/features/checkout/order-summary';
import { noVatSentence as onTheQuote } from '../web/features/quotes/quote-breakdown';
import { noVatSentence } from './vat';

describe('the no-VAT sentence (issue 37)', () => {
  it('is the same on the quote page and at checkout as everywhere else', () => {
    expect(noVatSentence).toBe('No VAT: AutoRevive is not VAT registered');
    expect([onTheQuote, onCheckout]).toEqual([noVatSentence, noVatSentence]);
  });
});
