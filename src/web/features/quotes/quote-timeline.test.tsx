// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { QuoteView } from '../../../shared/api/quotes';
import { QuoteTimeline } from './quote-timeline';

const quote = { estimatedDays: 2, partsCost: '120.00', workDescription: [{ item: 'Respray door', cost: 300 }] } as QuoteView;

afterEach(cleanup);

describe('quote timeline', () => {
  it('dates the estimated completion in business days, skipping the weekend and Christmas bank holidays', () => {
    // Monday 21 December 2026: +5 and +6 business days skip Christmas Day and Boxing Day's substitute (Monday 28th).
    render(<QuoteTimeline quote={quote} now={new Date('2026-12-21T10:00:00Z')} />);
    const completion = screen.getByText(/Estimated completion/).parentElement!;
    expect(completion).toHaveTextContent(
      'Estimated completion: 5–6 working days, so between Wednesday 30 December 2026 and Thursday 31 December 2026 if you book today.',
    );
  });

  it('counts from the London day, not the UTC one', () => {
    // 23:30 UTC on Thursday 2 July 2026 is already Friday in London (BST): the count starts from Friday.
    render(<QuoteTimeline quote={{ ...quote, estimatedDays: 1 }} now={new Date('2026-07-02T23:30:00Z')} />);
    expect(screen.getByText(/Estimated completion/).parentElement).toHaveTextContent('between Thursday 9 July 2026 and Friday 10 July 2026');
  });

  it('shows parts ordering only for a repair with parts to order: a parts line, or a parts cost beyond the materials the technician brings (issue 33)', () => {
    const now = new Date('2026-07-06T10:00:00Z'); // Monday 6 July 2026
    render(<QuoteTimeline quote={{ ...quote, partsCost: '0.00' }} now={now} />);
    expect(screen.queryByText('Parts ordering')).toBeNull();
    expect(screen.getByText('Your appointment')).toBeInTheDocument();
    // No parts: the appointment within 1–2 working days, then the 2 days of work.
    expect(screen.getByText(/Estimated completion/).parentElement).toHaveTextContent('Estimated completion: 3–4 working days, so between Thursday 9 July 2026 and Friday 10 July 2026');
    cleanup();
    render(<QuoteTimeline quote={{ ...quote, partsCost: '0.00', workDescription: [{ item: 'Replacement parts: wing mirror', cost: 90 }] }} now={now} />);
    expect(screen.getByText('Parts ordering')).toBeInTheDocument();
    expect(screen.getByText(/Estimated completion/).parentElement).toHaveTextContent('5–6 working days');
    cleanup();
    // Materials the technician brings are in the parts cost (SPEC section 9), but nothing is ordered.
    const materialsOnly = { ...quote, partsCost: '36.00', workDescription: [{ item: 'Scratch repair', cost: 180 }, { item: 'Paint, lacquer and consumables', cost: 36 }] };
    render(<QuoteTimeline quote={materialsOnly} now={now} />);
    expect(screen.queryByText('Parts ordering')).toBeNull();
    cleanup();
    render(<QuoteTimeline quote={{ ...materialsOnly, partsCost: '126.00' }} now={now} />);
    expect(screen.getByText('Parts ordering')).toBeInTheDocument();
  });

  it('promises no completion for an expired quote, which cannot be booked (a customer review)', () => {
    render(<QuoteTimeline quote={{ ...quote, expired: true }} now={new Date('2027-04-14T10:00:00Z')} />);
    expect(screen.getByText('Repair work')).toBeInTheDocument();
    expect(screen.queryByText(/Estimated completion/)).toBeNull();
    expect(screen.queryByText(/if you book today/)).toBeNull();
  });
});
