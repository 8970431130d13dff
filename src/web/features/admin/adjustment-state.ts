import { penceToDecimalString, poundsToPence, decimalStringToPence } from '../../../shared/money';
import { percentOfPence, PLATFORM_FEE_PERCENT, REPAIRER_SHARE_PERCENT, type PriceBreakdown } from '../../../shared/pricing';
import { vatRatePercentFor } from '../../../shared/vat';
import { company } from '../../lib/company';
import {
  previewAdjustment,
  priceAdjustment,
  QuoteAdjustmentSchema,
  type AdjustmentContext,
  type QuoteAdjustmentInput,
} from '../../../shared/quote-adjustment';
import type { QuoteView } from '../../../shared/api/quotes';

// The admin's adjustment form as plain data. The shared rules (previewAdjustment and
// priceAdjustment) price what is typed on every keystroke, so the breakdown the admin sees
// before saving is the one the server will store, and a wrong figure gets the server's words.

export type TypedField = 'laborCost' | 'partsCost' | 'estimatedDays';
/** Amounts that follow SPEC section 9's defaults until the admin types their own. */
export type DerivedField = 'autoReviveFee' | 'repairerPayment' | 'vatAmount';
export type AdjustmentField = TypedField | DerivedField;

export type LineDraft = { key: number; item: string; cost: string };

export type AdjustmentState = {
  typed: Record<TypedField, string>;
  derived: Record<DerivedField, string>;
  /** Whether a derived amount still follows the default (true) or was typed by the admin. */
  follows: Record<DerivedField, boolean>;
  lines: LineDraft[];
  /** The quote's terms as typed, and as stored: each is sent only when the admin changed it. */
  terms: Record<TermsField, string>;
  storedTerms: Record<TermsField, string>;
};

/** The valid-until day (YYYY-MM-DD, London) and the warranty in whole months. */
export type TermsField = 'validUntil' | 'warrantyMonths';

export type AdjustmentIssues = Partial<Record<AdjustmentField | TermsField | 'workDescription', string>>;

let nextLineKey = 1;
export const newLineKey = () => nextLineKey++;

function pence(value: string): number {
  return decimalStringToPence(value) ?? -1;
}

export function initialAdjustmentState(quote: QuoteView): AdjustmentState {
  const base = pence(quote.laborCost) + pence(quote.partsCost);
  const fee = pence(quote.autoReviveFee);
  return {
    typed: {
      laborCost: quote.laborCost,
      partsCost: quote.partsCost,
      estimatedDays: String(quote.estimatedDays),
    },
    derived: { autoReviveFee: quote.autoReviveFee, repairerPayment: quote.repairerPayment, vatAmount: quote.vatAmount },
    follows: {
      autoReviveFee: base >= 0 && fee === percentOfPence(base, PLATFORM_FEE_PERCENT),
      repairerPayment: base >= 0 && pence(quote.repairerPayment) === percentOfPence(base, REPAIRER_SHARE_PERCENT),
      vatAmount: base >= 0 && fee >= 0 && pence(quote.vatAmount) === percentOfPence(base + fee, vatRatePercentFor(company())),
    },
    lines: quote.workDescription.map((line) => ({
      key: newLineKey(),
      item: line.item,
      cost: Number.isFinite(line.cost) ? penceToDecimalString(poundsToPence(line.cost)) : '',
    })),
    terms: { validUntil: quote.validUntil, warrantyMonths: String(quote.warrantyMonths) },
    storedTerms: { validUntil: quote.validUntil, warrantyMonths: String(quote.warrantyMonths) },
  };
}

/** The warranty as typed, for the shared rule to judge: a blank or non-number is NaN, which it refuses with its message. */
function warrantyValue(text: string): number {
  const trimmed = text.trim();
  return /^-?\d+(\.\d+)?$/.test(trimmed) ? Number(trimmed) : Number.NaN;
}

/** Issue 37: at the VAT rate the server prices with (0 when the company is not VAT registered: the page's company details say). */
export function adjustmentContext(today: string): AdjustmentContext {
  return { today, vatRatePercent: vatRatePercentFor(company()) };
}

/** The breakdown for what is typed so far, with the following amounts left to the defaults; null while something does not parse. */
export function previewOf(state: AdjustmentState, context: AdjustmentContext): PriceBreakdown | null {
  const values: Record<string, unknown> = { ...state.typed };
  if (!state.follows.autoReviveFee) values.autoReviveFee = state.derived.autoReviveFee;
  if (!state.follows.repairerPayment) values.repairerPayment = state.derived.repairerPayment;
  return previewAdjustment(values, context);
}

/** What the derived fields show: the default worked out live while they follow, else what the admin typed. */
export function shownDerived(state: AdjustmentState, preview: PriceBreakdown | null): Record<DerivedField, string> {
  const shown = { ...state.derived };
  if (preview) {
    if (state.follows.autoReviveFee) shown.autoReviveFee = penceToDecimalString(preview.feePence);
    if (state.follows.repairerPayment) shown.repairerPayment = penceToDecimalString(preview.repairerPaymentPence);
    if (state.follows.vatAmount) shown.vatAmount = penceToDecimalString(preview.vatPence);
  }
  return shown;
}

/** update-full-quote's body: SPEC's six fields and the line items, as the admin sees them. */
export function adjustmentBody(state: AdjustmentState, preview: PriceBreakdown | null): QuoteAdjustmentInput {
  const shown = shownDerived(state, preview);
  return {
    laborCost: state.typed.laborCost,
    partsCost: state.typed.partsCost,
    autoReviveFee: shown.autoReviveFee,
    repairerPayment: shown.repairerPayment,
    vatAmount: shown.vatAmount,
    estimatedDays: state.typed.estimatedDays,
    workDescription: state.lines.map((line) => ({ item: line.item, cost: line.cost })),
    // Unchanged terms are left to the server as they are: a draft's stored valid-until can be
    // in the past by now, and resending it would refuse every other change.
    ...(state.terms.validUntil !== state.storedTerms.validUntil && { validUntil: state.terms.validUntil }),
    ...(state.terms.warrantyMonths.trim() !== state.storedTerms.warrantyMonths && { warrantyMonths: warrantyValue(state.terms.warrantyMonths) }),
  };
}

/** Every rule the server applies, each message on its field (the first per field). */
export function adjustmentIssues(body: QuoteAdjustmentInput, context: AdjustmentContext): AdjustmentIssues {
  const issues: AdjustmentIssues = {};
  const parsed = QuoteAdjustmentSchema.safeParse(body);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0] ?? '') as keyof AdjustmentIssues;
      issues[field] ??= issue.message;
    }
    return issues;
  }
  const priced = priceAdjustment(parsed.data, context);
  if (!priced.ok) for (const issue of priced.issues) issues[issue.field as keyof AdjustmentIssues] ??= issue.message;
  return issues;
}
