import { describe, expect, it } from 'vitest';
import { invoiceLines, invoiceNumberText } from './invoice';
import { priceQuote } from './pricing';

describe('invoice lines (issue 37)', () => {
  it('spread the VAT charged over the lines so they add up to it exactly, at 20%', () => {
    for (const nets of [[12_345, 6_789], [1, 1, 1], [48_000], [333, 333, 334], [99_999, 1]]) {
      const base = nets.reduce((a, b) => a + b, 0);
      const price = priceQuote({ laborPence: base, partsPence: 0 });
      const lines = invoiceLines([...nets.map((netPence, i) => ({ description: `Line ${i}`, netPence })), { description: 'Fee', netPence: price.feePence }], price.vatPence);
      expect(lines.reduce((sum, line) => sum + line.vatPence, 0)).toBe(price.vatPence);
      for (const line of lines) {
        expect(line.vatRatePercent).toBe(20);
        expect(Number.isInteger(line.vatPence)).toBe(true);
        // Never more than a penny from the line's own 20%.
        expect(Math.abs(line.vatPence - line.netPence * 0.2)).toBeLessThanOrEqual(1);
      }
    }
  });

  it('say 0% and no VAT when none was charged', () => {
    expect(invoiceLines([{ description: 'Labour', netPence: 500 }], 0)).toEqual([{ description: 'Labour', netPence: 500, vatRatePercent: 0, vatPence: 0 }]);
  });

  it('number invoices and credit notes from one sequence, six digits', () => {
    expect(invoiceNumberText('invoice', 42)).toBe('INV-000042');
    expect(invoiceNumberText('credit-note', 43)).toBe('CN-000043');
  });
});
