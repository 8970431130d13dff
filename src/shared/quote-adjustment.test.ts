import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { penceToDecimalString } from './money';
import { priceQuote } from './pricing';
import {
  QuoteAdjustmentSchema,
  defaultLineItems,
  poundsProblem,
  previewAdjustment,
  priceAdjustment,
  quoteAdjustmentSchema,
  type AdjustmentContext,
  type QuoteAdjustmentInput,
} from './quote-adjustment';

const context: AdjustmentContext = { today: '2026-03-02', vatRatePercent: 20 };

// SPEC section 7's six fields as its admin client sends them.
const spec: QuoteAdjustmentInput = {
  laborCost: '200.00',
  partsCost: 62.5,
  autoReviveFee: '52.50',
  repairerPayment: '210',
  estimatedDays: 2,
  vatAmount: '63.00',
};

function fieldMessages(input: Record<string, unknown>, ctx: AdjustmentContext = context): Record<string, string[]> {
  const result = quoteAdjustmentSchema(ctx).safeParse(input);
  if (result.success) return {};
  const messages: Record<string, string[]> = {};
  for (const issue of result.error.issues) (messages[issue.path.join('.')] ??= []).push(issue.message);
  return messages;
}

describe('poundsProblem', () => {
  it('accepts pounds, or pounds and pence, as numbers or strings', () => {
    for (const value of ['480', '480.5', ' 480.00 ', 480, 19.99, 0, '0.01', '100000.00']) expect(poundsProblem(value, 'Labour')).toBeNull();
  });

  it('says what is wrong with anything else', () => {
    expect(poundsProblem('-1', 'Labour')).toBe('Labour cannot be negative');
    expect(poundsProblem(-0.5, 'Labour')).toBe('Labour cannot be negative');
    expect(poundsProblem('4.999', 'Parts')).toBe('Parts must be in pounds and pence, with at most 2 decimal places');
    expect(poundsProblem(0.1 + 0.2, 'Parts')).toBe('Parts must be in pounds and pence, with at most 2 decimal places');
    for (const value of [Number.NaN, Number.POSITIVE_INFINITY, '', 'abc', '1,000', '£5', null, undefined, '1e3']) {
      expect(poundsProblem(value, 'VAT')).toBe('VAT must be an amount in pounds, such as 480.00');
    }
    expect(poundsProblem('100000.01', 'Labour')).toBe('Labour must be £100,000.00 or less');
    expect(poundsProblem(1e9, 'Labour')).toBe('Labour must be £100,000.00 or less');
  });
});

describe('QuoteAdjustmentSchema', () => {
  it("reads SPEC's six fields into pence and whole days", () => {
    expect(QuoteAdjustmentSchema.parse(spec)).toEqual({
      laborCost: 20000,
      partsCost: 6250,
      autoReviveFee: 5250,
      repairerPayment: 21000,
      estimatedDays: 2,
      vatAmount: 6300,
    });
    expect(QuoteAdjustmentSchema.parse({ ...spec, estimatedDays: ' 3 ' }).estimatedDays).toBe(3);
  });

  it('gives a clear message on each field', () => {
    expect(fieldMessages({ ...spec, laborCost: 'lots', partsCost: '-2', estimatedDays: 0, warrantyMonths: 6 })).toEqual({
      laborCost: ['Labour must be an amount in pounds, such as 480.00'],
      partsCost: ['Parts and materials cannot be negative'],
      estimatedDays: ['Estimated days must be a whole number from 1 to 90'],
      warrantyMonths: ['Warranty must be a whole number of months from 12 to 120'],
    });
    expect(fieldMessages({ ...spec, estimatedDays: 1.5 }).estimatedDays).toEqual(['Estimated days must be a whole number from 1 to 90']);
    expect(fieldMessages({ ...spec, validUntil: '31/03/2026' }).validUntil).toEqual(['Valid until must be a date such as 2026-06-30']);
    expect(fieldMessages({ ...spec, laborCost: undefined }).laborCost).toEqual(['Labour must be an amount in pounds, such as 480.00']);
  });
});

describe('priceAdjustment', () => {
  it('recomputes the totals on the server from the admin figures', () => {
    const result = quoteAdjustmentSchema(context).parse(spec);
    expect(result.price).toEqual({
      laborPence: 20000,
      partsPence: 6250,
      materialsPence: 0,
      feePence: 5250,
      vatPence: 6300,
      repairerPaymentPence: 21000,
      totalPence: 20000 + 6250 + 5250 + 6300,
    });
    expect(result.estimatedDays).toBe(2);
  });

  it('refuses a VAT figure that is not 20% of the taxable amount, with the right figure', () => {
    expect(fieldMessages({ ...spec, vatAmount: '52.50' })).toEqual({ vatAmount: ['VAT must be £63.00 (20% of £315.00)'] });
    // SPEC section 9's VAT on SPEC's six fields is accepted: nothing the client cannot see is taxed
    // (a SPEC review: materials kept from the quote made SPEC's own VAT figure a 400).
    expect(quoteAdjustmentSchema(context).parse({ ...spec, vatAmount: '63.00' }).price).toMatchObject({ materialsPence: 0, vatPence: 6300 });
    // A materialsCost sent anyway is not a field: it changes nothing.
    expect(quoteAdjustmentSchema(context).parse({ ...spec, materialsCost: '10' } as QuoteAdjustmentInput).price.totalPence).toBe(20000 + 6250 + 5250 + 6300);
  });

  it('works the defaults out when the fee, repairer payment or VAT are not sent', () => {
    const result = quoteAdjustmentSchema(context).parse({ laborCost: 100, partsCost: 60, estimatedDays: 1 });
    expect(result.price).toEqual(priceQuote({ laborPence: 10000, partsPence: 6000 }));
  });

  it('makes one line each for labour and parts when none are sent', () => {
    const result = quoteAdjustmentSchema(context).parse({ ...spec, vatAmount: undefined });
    expect(result.lineItems).toEqual([
      { description: 'Labour', costPence: 20000 },
      { description: 'Parts', costPence: 6250 },
    ]);
    expect(defaultLineItems({ laborPence: 0, partsPence: 0, materialsPence: 0 })).toEqual([{ description: 'Labour', costPence: 0 }]);
  });

  it('keeps line items that add up, and refuses ones that do not', () => {
    const items = [
      { item: 'Paintless dent removal: Bonnet', cost: 150 },
      { item: 'Respray of the bonnet edge', cost: '50.00' },
      { item: 'Clip set', cost: '62.50' },
    ];
    expect(quoteAdjustmentSchema(context).parse({ ...spec, workDescription: items }).lineItems).toEqual([
      { description: 'Paintless dent removal: Bonnet', costPence: 15000 },
      { description: 'Respray of the bonnet edge', costPence: 5000 },
      { description: 'Clip set', costPence: 6250 },
    ]);
    expect(fieldMessages({ ...spec, workDescription: items.slice(0, 2) })).toEqual({
      workDescription: ['The line items add up to £200.00, but labour and parts come to £262.50'],
    });
    expect(fieldMessages({ ...spec, workDescription: [] })).toEqual({ workDescription: ['A quote needs at least one line item'] });
    expect(fieldMessages({ ...spec, workDescription: [{ item: ' ', cost: 262.5 }] })).toEqual({
      'workDescription.0.item': ['Each line item needs a description'],
    });
  });

  it('refuses a repairer payment above what the customer pays before VAT', () => {
    expect(fieldMessages({ ...spec, repairerPayment: '315.01' })).toEqual({
      repairerPayment: ['Repairer payment cannot be more than the customer pays before VAT (£315.00)'],
    });
    expect(fieldMessages({ ...spec, repairerPayment: '315.00' })).toEqual({});
  });

  it('takes validity as a London day, never in the past, and a warranty of 12 months or more', () => {
    const parse = (input: Record<string, unknown>) => quoteAdjustmentSchema(context).parse({ ...spec, ...input });
    expect(parse({ validUntil: '2026-04-01', warrantyMonths: 24 })).toMatchObject({ validUntilDate: '2026-04-01', warrantyMonths: 24 });
    // 23:30 UTC on 31 March 2026 is already 1 April in London (BST).
    expect(parse({ validUntil: '2026-03-31T23:30:00.000Z' }).validUntilDate).toBe('2026-04-01');
    expect(parse({ validUntil: '2026-03-02' }).validUntilDate).toBe('2026-03-02');
    expect(fieldMessages({ ...spec, validUntil: '2026-03-01' })).toEqual({ validUntil: ['Valid until cannot be in the past'] });
    expect(parse({})).not.toHaveProperty('validUntilDate');
  });
});

describe('previewAdjustment', () => {
  it('recomputes the breakdown from what the admin has typed so far, whatever VAT they typed', () => {
    const typed = { ...spec, laborCost: '250', vatAmount: '1.00', workDescription: [{ item: 'Old line', cost: 1 }] };
    expect(previewAdjustment(typed, context)).toEqual(
      priceQuote({ laborPence: 25000, partsPence: 6250, feePence: 5250, repairerPaymentPence: 21000 }),
    );
    expect(previewAdjustment({ ...typed, laborCost: '250.' }, context)).toBeNull();
    expect(previewAdjustment({ ...typed, estimatedDays: '' }, context)).toBeNull();
    expect(previewAdjustment({ ...typed, repairerPayment: '9999' }, context)).toBeNull();
  });
});

describe('priceAdjustment properties', () => {
  const pence = fc.integer({ min: 0, max: 2_000_000 });

  it('stores a total equal to labour + parts + fee + VAT (SPEC section 9) whenever it accepts', () => {
    fc.assert(
      fc.property(pence, pence, fc.option(pence, { nil: undefined }), fc.integer({ min: 1, max: 90 }), (labor, parts, fee, days) => {
        const materials = 0;
        const input = {
          laborCost: penceToDecimalString(labor),
          partsCost: labor % 2 === 0 ? parts / 100 : penceToDecimalString(parts),
          ...(fee !== undefined && { autoReviveFee: penceToDecimalString(fee) }),
          estimatedDays: days,
        };
        const adjustment = QuoteAdjustmentSchema.parse(input);
        const result = priceAdjustment(adjustment, context);
        if (!result.ok) {
          // Only a fee so small that the default 80% repairer payment exceeds the pre-VAT amount is refused.
          expect(result.issues.map((issue) => issue.field)).toEqual(['repairerPayment']);
          return;
        }
        const { price, lineItems } = result.quote;
        expect([price.laborPence, price.partsPence, price.materialsPence]).toEqual([labor, parts, materials]);
        expect(price.totalPence).toBe(price.laborPence + price.partsPence + price.materialsPence + price.feePence + price.vatPence);
        expect(price.vatPence).toBe(priceQuote({ laborPence: labor, partsPence: parts, materialsPence: materials, feePence: price.feePence }).vatPence);
        expect(lineItems.reduce((total, item) => total + item.costPence, 0)).toBe(labor + parts + materials);
        // Sending back the VAT the server worked out is accepted.
        expect(priceAdjustment({ ...adjustment, vatAmount: price.vatPence }, context).ok).toBe(true);
        expect(priceAdjustment({ ...adjustment, vatAmount: price.vatPence + 1 }, context).ok).toBe(false);
      }),
    );
  });
});

describe('an adjustment when the company is not VAT registered (issue 37)', () => {
  const noVat: AdjustmentContext = { today: '2026-03-02', vatRatePercent: 0 };
  it('prices no VAT, and refuses a VAT figure with a sentence saying none is charged', () => {
    const priced = priceAdjustment(QuoteAdjustmentSchema.parse({ laborCost: '480.00', partsCost: '1170.00', estimatedDays: 2 }), noVat);
    expect(priced.ok && priced.quote.price).toMatchObject({ vatPence: 0, feePence: 33000, totalPence: 198000 });
    const wrong = priceAdjustment(QuoteAdjustmentSchema.parse({ laborCost: '480.00', partsCost: '1170.00', vatAmount: '396.00', estimatedDays: 2 }), noVat);
    expect(wrong.ok ? [] : wrong.issues).toEqual([{ field: 'vatAmount', message: 'VAT must be £0.00: the company is not VAT registered, so no VAT is charged' }]);
  });
});
