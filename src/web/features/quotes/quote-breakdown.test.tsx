// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { quoteView } from '../../test/fixtures';
import { noVatSentence } from '../../../shared/vat';
import { OrderSummary, noVatSentence as onCheckout } from '../checkout/order-summary';
import { QuoteBreakdown, noVatSentence as onTheQuote } from './quote-breakdown';

afterEach(cleanup);

// Issue 37: a quote priced while the company is not VAT registered (COMPANY_VAT_NUMBER=none).
const noVat = quoteView({ vatAmount: '0.00', totalCost: '1980.00' });

describe('a quote priced with no VAT', () => {
  it('uses the one sentence, written out on the quote page and at checkout', () => {
    expect(noVatSentence).toBe('No VAT: AutoRevive is not VAT registered');
    expect([onTheQuote, onCheckout]).toEqual([noVatSentence, noVatSentence]);
  });

  it('has no VAT line on the quote page, and says no VAT is charged', () => {
    render(<QuoteBreakdown quote={noVat} />);
    expect(screen.queryByText('VAT (20%)')).toBeNull();
    expect(screen.getByText(/^No VAT: AutoRevive is not VAT registered\. This is the price you pay/)).toBeInTheDocument();
    expect(screen.queryByText(/Including VAT/)).toBeNull();
  });

  it('says so at checkout in the VAT row', () => {
    render(<OrderSummary quote={noVat} />);
    expect(screen.getByRole('region', { name: 'Order summary' })).toHaveTextContent('VATNo VAT: AutoRevive is not VAT registered');
    expect(screen.queryByText('VAT (20%)')).toBeNull();
  });

  it('keeps the VAT line of a quote that charged VAT', () => {
    render(<QuoteBreakdown quote={quoteView()} />);
    expect(screen.getByText('VAT (20%)')).toBeInTheDocument();
    expect(screen.getByText(/^Including VAT\./)).toBeInTheDocument();
  });
});
