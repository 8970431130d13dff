// The quote desk (issue 10, D12): drafts from the price list, the admin's adjustments, approval,
// the customer's modification requests. The server owns the money: every figure it stores is
// recomputed here with the shared rules (src/shared/pricing.ts, quote-adjustment.ts).
import { formatPence, decimalStringToPence } from '../../../shared/money';
import { staleQuoteMessage } from '../../../shared/api/admin';
import { defaultValidUntil } from '../../../shared/business-days';
import { isAnyDamageLocation, isAnyDamageType } from '../../../shared/damage';
import { londonDateOf } from '../../../shared/london-time';
import { draftQuote, guidePrice, PriceListGapError, type PriceList, type QuoteLineItem } from '../../../shared/price-list';
import { MIN_CHARGE_PENCE, priceQuote, type PriceBreakdown } from '../../../shared/pricing';
import { priceAdjustment, type QuoteAdjustment } from '../../../shared/quote-adjustment';
import type { Db } from '../../db/database';
import { refuseUnlessAllowed, transition } from '../../db/transition';
import { badRequest, conflict, notFound } from '../../kernel/errors';
import { adminQuoteMessages } from '../../../shared/api/admin';
import { penceToDecimalString } from '../../../shared/money';
import { findAssessment } from '../assessments';
import { loadPriceList } from './price-list.repo';
import type { QuoteView } from '../../../shared/api/quotes';
import { toQuoteView } from './quote-view';
import {
  answerModificationRequests,
  deleteRevisionDraft,
  findRevisionDraft,
  saveRevisionDraft,
  type RevisionDraftRow,
  findQuoteByAssessment,
  insertQuote,
  lockQuote,
  replaceItems,
  type QuoteRow,
} from './quotes.repo';

/** What the quotes module needs to know about an assessment to price it. */
export interface DamageOf {
  id: number;
  damageType: string;
  damageLocations: readonly string[];
}

interface Draft {
  price: PriceBreakdown;
  lineItems: QuoteLineItem[];
  estimatedDays: number;
  estimatedHours: number | null;
}

/**
 * D12's draft for this damage from the list. Damage the list cannot price (a gap an admin left,
 * or a type it does not know) gets a zero draft with one 'Labour' line: the admin prices it by hand.
 */
export function draftFor(list: PriceList, damage: DamageOf, vatRatePercent: number): Draft {
  const locations = damage.damageLocations.filter(isAnyDamageLocation);
  if (isAnyDamageType(damage.damageType) && locations.length > 0) {
    try {
      const draft = draftQuote(list, { damageType: damage.damageType, damageLocations: locations }, vatRatePercent);
      return { price: draft.price, lineItems: draft.lineItems, estimatedDays: draft.estimatedDays, estimatedHours: Math.ceil(draft.hours) };
    } catch (error) {
      if (!(error instanceof PriceListGapError) && !(error instanceof RangeError)) throw error;
    }
  }
  return { price: priceQuote({ laborPence: 0, partsPence: 0, vatRatePercent }), lineItems: [{ description: 'Labour', costPence: 0 }], estimatedDays: 1, estimatedHours: null };
}

/** The guide price in pounds for a customer whose quote awaits review, or null when the list cannot price it. */
export function guideFor(list: PriceList, damage: Omit<DamageOf, 'id'>, vatRatePercent: number): { low: string; high: string } | null {
  const count = new Set(damage.damageLocations).size;
  if (!isAnyDamageType(damage.damageType) || count === 0) return null;
  try {
    const guide = guidePrice(list, damage.damageType, count, vatRatePercent);
    return { low: penceToDecimalString(guide.lowPence), high: penceToDecimalString(guide.highPence) };
  } catch (error) {
    if (error instanceof PriceListGapError || error instanceof RangeError) return null;
    throw error;
  }
}

function figures(price: PriceBreakdown) {
  return {
    laborPence: price.laborPence,
    partsPence: price.partsPence,
    materialsPence: price.materialsPence,
    feePence: price.feePence,
    vatPence: price.vatPence,
    repairerPaymentPence: price.repairerPaymentPence,
    totalPence: price.totalPence,
  };
}

/** Called inside the submission's transaction: every new assessment gets its pending draft at once. */
export async function createDraftQuote(tx: Db, damage: DamageOf, vatRatePercent: number, now = new Date()): Promise<QuoteRow> {
  const draft = draftFor(await loadPriceList(tx), damage, vatRatePercent);
  const quote = await insertQuote(tx, {
    assessmentId: damage.id,
    ...figures(draft.price),
    estimatedDays: draft.estimatedDays,
    estimatedHours: draft.estimatedHours,
    validUntilDate: defaultValidUntil(now),
  });
  await replaceItems(tx, quote.id, draft.lineItems);
  return quote;
}

/**
 * The quote locked, or a 404; a 409 once its enquiry is erased (the erasure locks the quote too):
 * there is nobody left to quote for or to e-mail.
 */
async function lockOrNotFound(tx: Db, id: number): Promise<QuoteRow> {
  const quote = await lockQuote(tx, id);
  if (!quote) throw notFound(adminQuoteMessages.notFound);
  if ((await findAssessment(tx, quote.assessmentId))?.erasedAt) throw conflict(adminQuoteMessages.erased);
  return quote;
}

/**
 * Whether the quote's checkout is under way: its live hold's payment has started and is not
 * settled (the booking module's quoteBeingPaid, handed in by the route, so quotes does not
 * import the booking that builds on it).
 */
export type BeingPaid = (tx: Db, quoteId: number, now: Date) => Promise<boolean>;

/**
 * D6, D13: the price a customer pays is the one checkout showed them. Once their payment has
 * started on a live hold, the card is charged the intent's amount whatever the quote says next,
 * so a change then would book one total, take another and owe the repairer a share of neither.
 */
export async function refuseWhileBeingPaid(tx: Db, quote: QuoteRow, now: Date, beingPaid: BeingPaid, message: string = adminQuoteMessages.beingPaid): Promise<void> {
  if (quote.status !== 'approved') return;
  if (await beingPaid(tx, quote.id, now)) throw conflict(message);
}

/** D13: what the customer is shown as approved must be chargeable, or checkout cannot take it. */
function chargeable(totalPence: number): boolean {
  return totalPence >= MIN_CHARGE_PENCE;
}

export interface RevisionOutcome {
  quote: QuoteRow;
  /** The quote was approved already: the customer must be told again. */
  customerToBeTold: boolean;
}

/**
 * SPEC's update-full-quote: the admin's figures, priced and checked by the shared rules. A wrong
 * VAT figure, line items that do not add up, or a repairer payment above the pre-VAT price is
 * a 400 naming the right figure. Allowed while pending or approved (revise), 409 once booked.
 * Revising an approved quote answers its open modification requests.
 */
export async function reviseQuote(tx: Db, id: number, adjustment: QuoteAdjustment, beingPaid: BeingPaid, vatRatePercent: number, now = new Date()): Promise<RevisionOutcome> {
  const current = await lockOrNotFound(tx, id);
  // The state before the figures: a booked quote is a 409 whatever was sent, not a 400 about a figure.
  refuseUnlessAllowed('quote', 'revise', current.status);
  await refuseWhileBeingPaid(tx, current, now, beingPaid);
  const result = priceAdjustment(adjustment, { today: londonDateOf(now), vatRatePercent });
  if (!result.ok) {
    const fieldErrors = Object.fromEntries(result.issues.map((issue) => [issue.field, issue.message]));
    throw badRequest(result.issues[0]!.message, fieldErrors);
  }
  const { price, lineItems, estimatedDays, validUntilDate, warrantyMonths } = result.quote;
  if (current.status === 'approved' && !chargeable(price.totalPence)) {
    const message = adminQuoteMessages.belowMinimumCharge(formatPence(price.totalPence));
    throw badRequest(message, { laborCost: message });
  }
  const quote = await transition(tx, 'quote', 'revise', id, {
    set: {
      ...figures(price),
      estimatedDays,
      // Hours no longer describe the job once an admin sets the days by hand.
      estimatedHours: estimatedDays === current.estimatedDays ? current.estimatedHours : null,
      ...(validUntilDate !== undefined && { validUntilDate }),
      ...(warrantyMonths !== undefined && { warrantyMonths }),
    },
  });
  await replaceItems(tx, id, lineItems);
  // Whatever revision lands replaces any the team had saved and not sent.
  await deleteRevisionDraft(tx, id);
  const customerToBeTold = quote.status === 'approved';
  if (customerToBeTold) await answerModificationRequests(tx, id, now);
  return { quote, customerToBeTold };
}

/**
 * Issue 37 item 7: saves the admin's revision of an approved quote without sending it. Priced and
 * checked as a revision is (a 400 names the figure), then kept beside the quote: no transition,
 * no e-mail, and the customer's reads never see it. 409 unless the quote is approved.
 */
export async function saveRevision(tx: Db, id: number, adjustment: QuoteAdjustment, reference: string, vatRatePercent: number, now = new Date()): Promise<RevisionDraftRow> {
  const current = await lockOrNotFound(tx, id);
  if (current.status !== 'approved') throw conflict(adminQuoteMessages.draftNotApproved);
  const result = priceAdjustment(adjustment, { today: londonDateOf(now), vatRatePercent });
  if (!result.ok) throw badRequest(result.issues[0]!.message, Object.fromEntries(result.issues.map((issue) => [issue.field, issue.message])));
  const { price, lineItems, estimatedDays, validUntilDate, warrantyMonths } = result.quote;
  if (!chargeable(price.totalPence)) {
    const message = adminQuoteMessages.belowMinimumCharge(formatPence(price.totalPence));
    throw badRequest(message, { laborCost: message });
  }
  const view: QuoteView = toQuoteView(
    {
      ...current,
      ...figures(price),
      estimatedDays,
      estimatedHours: estimatedDays === current.estimatedDays ? current.estimatedHours : null,
      validUntilDate: validUntilDate ?? current.validUntilDate,
      warrantyMonths: warrantyMonths ?? current.warrantyMonths,
    },
    lineItems,
    reference,
    now,
  );
  return saveRevisionDraft(tx, id, adjustment, view, now);
}

/**
 * "Send revised quote": the saved revision becomes the quote (reviseQuote, so the same checks,
 * the open modification requests answered and the draft gone). 409 unless the quote is approved
 * and has a draft. The caller runs it as the revise-quote step and e-mails the customer.
 */
export async function sendRevision(tx: Db, id: number, beingPaid: BeingPaid, vatRatePercent: number, now = new Date()): Promise<RevisionOutcome> {
  const current = await lockOrNotFound(tx, id);
  if (current.status !== 'approved') throw conflict(adminQuoteMessages.draftNotApproved);
  const draft = await findRevisionDraft(tx, id);
  if (!draft) throw conflict(adminQuoteMessages.noDraft);
  return reviseQuote(tx, id, draft.adjustment, beingPaid, vatRatePercent, now);
}

/** Redrafts the figures from today's price list (pending or approved, not booked). */
export async function resetQuoteToPriceList(tx: Db, id: number, damage: Omit<DamageOf, 'id'>, beingPaid: BeingPaid, vatRatePercent: number, now = new Date()): Promise<RevisionOutcome> {
  const current = await lockOrNotFound(tx, id);
  await refuseWhileBeingPaid(tx, current, now, beingPaid);
  const draft = draftFor(await loadPriceList(tx), { ...damage, id: current.assessmentId }, vatRatePercent);
  // A list that cannot price the damage drafts zero: an approved quote keeps its figures instead.
  if (current.status === 'approved' && !chargeable(draft.price.totalPence)) throw conflict(adminQuoteMessages.belowMinimumCharge(formatPence(draft.price.totalPence)));
  const quote = await transition(tx, 'quote', 'revise', id, {
    set: { ...figures(draft.price), estimatedDays: draft.estimatedDays, estimatedHours: draft.estimatedHours },
  });
  await replaceItems(tx, id, draft.lineItems);
  await deleteRevisionDraft(tx, id);
  const customerToBeTold = quote.status === 'approved';
  if (customerToBeTold) await answerModificationRequests(tx, id, now);
  return { quote, customerToBeTold };
}

/** The total the admin saw, in pence, or a 400. */
export function seenTotalPence(adjustedAmount: string | number | undefined): number | null {
  if (adjustedAmount === undefined) return null;
  const pence = decimalStringToPence(adjustedAmount);
  if (pence === null) throw badRequest('adjustedAmount must be the total in pounds, such as 136.80', { adjustedAmount: 'Must be an amount in pounds' });
  return pence;
}

/**
 * Approves a pending quote. When the admin sends the total they saw and the stored total differs
 * (another admin saved meanwhile), nothing changes: 409 with the total as it is now. The quote is
 * valid for 30 days from today unless an admin set a later day.
 */
export async function approveQuote(tx: Db, id: number, seenPence: number | null, now = new Date()): Promise<QuoteRow> {
  const current = await lockOrNotFound(tx, id);
  if (seenPence !== null && current.status === 'pending' && current.totalPence !== seenPence) {
    throw conflict(staleQuoteMessage(formatPence(current.totalPence)));
  }
  if (!chargeable(current.totalPence)) throw conflict(adminQuoteMessages.belowMinimumCharge(formatPence(current.totalPence)));
  const defaultDay = defaultValidUntil(now);
  const validUntilDate = current.validUntilDate > defaultDay ? current.validUntilDate : defaultDay;
  const quote = await transition(tx, 'quote', 'approve', id, { set: { validUntilDate, approvedAt: now } });
  await answerModificationRequests(tx, id, now);
  return quote;
}

/** SPEC's sample-quote call (admin): creates or replaces the pending draft from these figures. */
export async function upsertDraftFromFigures(
  tx: Db,
  assessmentId: number,
  adjustment: QuoteAdjustment,
  vatRatePercent: number,
  now = new Date(),
): Promise<{ quote: QuoteRow; created: boolean }> {
  const existing = await findQuoteByAssessment(tx, assessmentId);
  if (existing) {
    // Locked before its status is read: a pending draft approved meanwhile is refused, not revised
    // behind the back of the customer who was just sent its total.
    const locked = await lockOrNotFound(tx, existing.id);
    if (locked.status === 'booked') throw conflict('This quote has already been booked, so it cannot be replaced.');
    if (locked.status === 'approved') throw conflict('This quote has already been approved. Revise it on its card instead.');
    // Pending here, and only an approved quote can be being paid: the question is never asked.
    const { quote } = await reviseQuote(tx, existing.id, adjustment, async () => false, vatRatePercent, now);
    return { quote, created: false };
  }
  const result = priceAdjustment(adjustment, { today: londonDateOf(now), vatRatePercent });
  if (!result.ok) throw badRequest(result.issues[0]!.message, Object.fromEntries(result.issues.map((issue) => [issue.field, issue.message])));
  const quote = await insertQuote(tx, {
    assessmentId,
    ...figures(result.quote.price),
    estimatedDays: result.quote.estimatedDays,
    estimatedHours: null,
    validUntilDate: result.quote.validUntilDate ?? defaultValidUntil(now),
    ...(result.quote.warrantyMonths !== undefined && { warrantyMonths: result.quote.warrantyMonths }),
  });
  await replaceItems(tx, quote.id, result.quote.lineItems);
  return { quote, created: true };
}
