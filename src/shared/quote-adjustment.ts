import { z } from 'zod';
import { isCalendarDate } from './calendar-date';
import { londonDateOf } from './london-time';
import { decimalStringToPence, formatPence } from './money';
import type { QuoteLineItem } from './price-list';
import { priceQuote, type PriceBreakdown } from './pricing';
import { site } from './site';
import { controlCharacterCheck, controlCharactersMessage } from './text-rules';

// SPEC section 5 (admin adjustments) and 7 (update-full-quote), under STYLE habit 7: the admin
// sends amounts in pounds, the server turns them into pence and recomputes everything else. The
// admin's form uses the same functions to recompute the breakdown as they type, so the figures
// they see before saving are the figures the server will store.

/** £100,000: far beyond any cosmetic repair, so an amount above it is a typo, not a price. */
export const MAX_ADJUSTMENT_PENCE = 10_000_000;
export const MAX_ESTIMATED_DAYS = 90;
export const MAX_LINE_ITEMS = 20;
export const MAX_WARRANTY_MONTHS = 120;

export const adjustmentLabels = {
  laborCost: 'Labour',
  partsCost: 'Parts and materials',
  autoReviveFee: 'Service fee',
  repairerPayment: 'Repairer payment',
  vatAmount: 'VAT',
} as const;

type MoneyField = keyof typeof adjustmentLabels;

/** What is wrong with an amount of pounds an admin typed or a client sent, or null. */
export function poundsProblem(value: unknown, label: string): string | null {
  const text = typeof value === 'number' ? (Number.isFinite(value) ? String(value) : '') : typeof value === 'string' ? value.trim() : '';
  if (/^-\s*\d/.test(text)) return `${label} cannot be negative`;
  if (/^\d+\.\d{3,}$/.test(text)) return `${label} must be in pounds and pence, with at most 2 decimal places`;
  const pence = decimalStringToPence(text);
  if (pence === null) return `${label} must be an amount in pounds, such as 480.00`;
  if (pence > MAX_ADJUSTMENT_PENCE) return `${label} must be ${formatPence(MAX_ADJUSTMENT_PENCE)} or less`;
  return null;
}

/** Pounds as a number or a decimal string ('480', '480.5', 480.5) → integer pence. */
export function poundsField(label: string) {
  return z.union([z.string(), z.number()], { error: `${label} must be an amount in pounds, such as 480.00` }).transform((value, ctx) => {
    const problem = poundsProblem(value, label);
    if (problem) {
      ctx.issues.push({ code: 'custom', message: problem, input: value });
      return z.NEVER;
    }
    return decimalStringToPence(value) as number;
  });
}

const daysMessage = `Estimated days must be a whole number from 1 to ${MAX_ESTIMATED_DAYS}`;
const EstimatedDaysSchema = z.union([z.string(), z.number()], { error: daysMessage }).transform((value, ctx) => {
  const text = String(value).trim();
  const days = Number(text);
  if (!/^\d+$/.test(text) || days < 1 || days > MAX_ESTIMATED_DAYS) {
    ctx.issues.push({ code: 'custom', message: daysMessage, input: value });
    return z.NEVER;
  }
  return days;
});

const validUntilMessage = 'Valid until must be a date such as 2026-06-30';
/** SPEC's validUntil is an ISO date; a full ISO instant is read as its London day (D5). */
const ValidUntilSchema = z.string({ error: validUntilMessage }).trim().transform((value, ctx) => {
  if (isCalendarDate(value)) return value;
  const instant = /^\d{4}-\d{2}-\d{2}T/.test(value) ? new Date(value) : null;
  if (instant && !Number.isNaN(instant.getTime())) return londonDateOf(instant);
  ctx.issues.push({ code: 'custom', message: validUntilMessage, input: value });
  return z.NEVER;
});

const warrantyMessage = `Warranty must be a whole number of months from ${site.warrantyMonths} to ${MAX_WARRANTY_MONTHS}`;

export const LineItemInputSchema = z.object({
  item: z
    .string({ error: 'Each line item needs a description' })
    .refine(...controlCharacterCheck(controlCharactersMessage('A line item')))
    .trim()
    .min(1, 'Each line item needs a description')
    .max(200, 'A line item must be 200 characters or fewer'),
  cost: poundsField('A line item'),
});

/** SPEC section 7's six fields of update-full-quote, plus the optional ones this product adds. */
export const QuoteAdjustmentSchema = z.object({
  laborCost: poundsField(adjustmentLabels.laborCost),
  /** SPEC's parts: the parts and materials together (each may be its own line item). */
  partsCost: poundsField(adjustmentLabels.partsCost),
  /** Absent: SPEC section 9's default, 20% of labour and parts. */
  autoReviveFee: poundsField(adjustmentLabels.autoReviveFee).optional(),
  /** Absent: SPEC section 9's default, 80% of labour and parts. */
  repairerPayment: poundsField(adjustmentLabels.repairerPayment).optional(),
  /** Checked, never trusted: VAT is 20% of the taxable amount (0 when the company is not VAT registered). */
  vatAmount: poundsField(adjustmentLabels.vatAmount).optional(),
  estimatedDays: EstimatedDaysSchema,
  workDescription: z
    .array(LineItemInputSchema, { error: 'Line items must be a list' })
    .max(MAX_LINE_ITEMS, `A quote can have at most ${MAX_LINE_ITEMS} line items`)
    .optional(),
  validUntil: ValidUntilSchema.optional(),
  // D6: the 12-month warranty is promised on every repair, so an admin may lengthen it, never shorten it.
  warrantyMonths: z
    .number({ error: warrantyMessage })
    .int(warrantyMessage)
    .min(site.warrantyMonths, warrantyMessage)
    .max(MAX_WARRANTY_MONTHS, warrantyMessage)
    .optional(),
});
export type QuoteAdjustmentInput = z.input<typeof QuoteAdjustmentSchema>;
export type QuoteAdjustment = z.output<typeof QuoteAdjustmentSchema>;

export interface AdjustmentContext {
  /** Today's London date, for validUntil. */
  today: string;
  /** Issue 37: the VAT rate charged, 20 or 0 when the company is not VAT registered (vatRatePercentFor). */
  vatRatePercent: number;
}

export interface AdjustedQuote {
  price: PriceBreakdown;
  lineItems: QuoteLineItem[];
  estimatedDays: number;
  validUntilDate?: string;
  warrantyMonths?: number;
}

export interface AdjustmentIssue {
  /** The request field the message belongs to. */
  field: MoneyField | 'workDescription' | 'validUntil';
  message: string;
}

export type AdjustmentResult = { ok: true; quote: AdjustedQuote } | { ok: false; issues: AdjustmentIssue[] };

/** The taxable amount: labour, parts, materials and our fee. */
export function taxablePence(price: Pick<PriceBreakdown, 'laborPence' | 'partsPence' | 'materialsPence' | 'feePence'>): number {
  return price.laborPence + price.partsPence + price.materialsPence + price.feePence;
}

/** 'VAT must be £63.00 (20% of £315.00)', or 'VAT must be £0.00: no VAT is charged …' at a rate of 0. */
export function vatMessage(price: PriceBreakdown, vatRatePercent: number): string {
  if (vatRatePercent === 0) return 'VAT must be £0.00: the company is not VAT registered, so no VAT is charged';
  return `VAT must be ${formatPence(price.vatPence)} (${vatRatePercent}% of ${formatPence(taxablePence(price))})`;
}

/** SPEC's client sends no line items: then the quote shows one line each for the amounts that are not zero (labour always). */
export function defaultLineItems(price: Pick<PriceBreakdown, 'laborPence' | 'partsPence' | 'materialsPence'>): QuoteLineItem[] {
  const items: QuoteLineItem[] = [{ description: 'Labour', costPence: price.laborPence }];
  if (price.partsPence > 0) items.push({ description: 'Parts', costPence: price.partsPence });
  if (price.materialsPence > 0) items.push({ description: 'Materials', costPence: price.materialsPence });
  return items;
}

/**
 * Prices an admin's parsed adjustment, or says what is wrong with it: a VAT figure that is not
 * 20% of the taxable amount, line items that do not add up to labour and parts, a
 * repairer payment above what the customer pays before VAT, or a validity already over.
 */
export function priceAdjustment(adjustment: QuoteAdjustment, context: AdjustmentContext): AdjustmentResult {
  const price = priceQuote({
    laborPence: adjustment.laborCost,
    partsPence: adjustment.partsCost,
    feePence: adjustment.autoReviveFee,
    repairerPaymentPence: adjustment.repairerPayment,
    vatRatePercent: context.vatRatePercent,
  });
  const issues: AdjustmentIssue[] = [];

  if (adjustment.vatAmount !== undefined && adjustment.vatAmount !== price.vatPence) {
    issues.push({ field: 'vatAmount', message: vatMessage(price, context.vatRatePercent) });
  }

  const beforeVat = taxablePence(price);
  if (price.repairerPaymentPence > beforeVat) {
    issues.push({
      field: 'repairerPayment',
      message: `Repairer payment cannot be more than the customer pays before VAT (${formatPence(beforeVat)})`,
    });
  }

  const base = price.laborPence + price.partsPence + price.materialsPence;
  const lineItems = adjustment.workDescription
    ? adjustment.workDescription.map(({ item, cost }) => ({ description: item, costPence: cost }))
    : defaultLineItems(price);
  const itemsTotal = lineItems.reduce((total, item) => total + item.costPence, 0);
  if (lineItems.length === 0) {
    issues.push({ field: 'workDescription', message: 'A quote needs at least one line item' });
  } else if (itemsTotal !== base) {
    issues.push({
      field: 'workDescription',
      message: `The line items add up to ${formatPence(itemsTotal)}, but labour and parts come to ${formatPence(base)}`,
    });
  }

  if (adjustment.validUntil !== undefined && adjustment.validUntil < context.today) {
    issues.push({ field: 'validUntil', message: 'Valid until cannot be in the past' });
  }

  if (issues.length > 0) return { ok: false, issues };
  return {
    ok: true,
    quote: {
      price,
      lineItems,
      estimatedDays: adjustment.estimatedDays,
      ...(adjustment.validUntil !== undefined && { validUntilDate: adjustment.validUntil }),
      ...(adjustment.warrantyMonths !== undefined && { warrantyMonths: adjustment.warrantyMonths }),
    },
  };
}

/**
 * The whole check as one zod schema, for a form's resolver or a service: the fields are parsed,
 * then priced, and each rule's message lands on its field.
 */
export function quoteAdjustmentSchema(context: AdjustmentContext) {
  return QuoteAdjustmentSchema.transform((adjustment, ctx) => {
    const result = priceAdjustment(adjustment, context);
    if (result.ok) return result.quote;
    for (const issue of result.issues) ctx.issues.push({ code: 'custom', message: issue.message, path: [issue.field], input: adjustment });
    return z.NEVER;
  });
}

/**
 * For the admin's form as they type: the breakdown the server would store for the amounts typed
 * so far, with VAT worked out rather than read, or null while an amount or the days do not parse.
 */
export function previewAdjustment(values: Record<string, unknown>, context: AdjustmentContext): PriceBreakdown | null {
  const parsed = QuoteAdjustmentSchema.omit({ vatAmount: true, workDescription: true, validUntil: true, warrantyMonths: true }).safeParse(values);
  if (!parsed.success) return null;
  const result = priceAdjustment(parsed.data, context);
  return result.ok ? result.quote.price : null;
}
