// The quotes module owns the quotes and quote_items tables; other modules ask it.
import { and, asc, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { quoteItems, quoteModificationRequests, quoteRevisionDrafts, quotes } from '../../db/schema';
import type { QuoteView } from '../../../shared/api/quotes';
import type { QuoteAdjustment } from '../../../shared/quote-adjustment';

export type QuoteRow = typeof quotes.$inferSelect;
export type QuoteItemRow = typeof quoteItems.$inferSelect;
export type QuoteWithItems = { quote: QuoteRow; items: QuoteItemRow[] };

/** The quotes of these assessments with their line items, keyed by assessment id, in two queries. */
export async function quotesOf(db: Db, assessmentIds: number[]): Promise<Map<number, QuoteWithItems>> {
  const byAssessment = new Map<number, QuoteWithItems>();
  if (assessmentIds.length === 0) return byAssessment;
  const rows = await db.select().from(quotes).where(inArray(quotes.assessmentId, assessmentIds));
  if (rows.length === 0) return byAssessment;
  const items = await db
    .select()
    .from(quoteItems)
    .where(inArray(quoteItems.quoteId, rows.map((quote) => quote.id)))
    .orderBy(quoteItems.position);
  for (const quote of rows) byAssessment.set(quote.assessmentId, { quote, items: items.filter((item) => item.quoteId === quote.id) });
  return byAssessment;
}

/** The repairer who accepted the job on this assessment's quote, if any (D10's third reader). */
export async function assignedRepairerOf(db: Db, assessmentId: number): Promise<number | null> {
  const [row] = await db.select({ assignedRepairerId: quotes.assignedRepairerId }).from(quotes).where(eq(quotes.assessmentId, assessmentId));
  return row?.assignedRepairerId ?? null;
}

export type NewQuoteRow = typeof quotes.$inferInsert;
export type ModificationRequestRow = typeof quoteModificationRequests.$inferSelect;

export async function findQuote(db: Db, id: number): Promise<QuoteRow | undefined> {
  const [row] = await db.select().from(quotes).where(eq(quotes.id, id));
  return row;
}

/** The quote row locked for the rest of the transaction (two admins saving at once take turns). */
export async function lockQuote(db: Db, id: number): Promise<QuoteRow | undefined> {
  const [row] = await db.select().from(quotes).where(eq(quotes.id, id)).for('update');
  return row;
}

export async function findQuoteByAssessment(db: Db, assessmentId: number): Promise<QuoteRow | undefined> {
  const [row] = await db.select().from(quotes).where(eq(quotes.assessmentId, assessmentId));
  return row;
}

export async function itemsOf(db: Db, quoteIds: number[]): Promise<QuoteItemRow[]> {
  if (quoteIds.length === 0) return [];
  return db.select().from(quoteItems).where(inArray(quoteItems.quoteId, quoteIds)).orderBy(quoteItems.quoteId, quoteItems.position);
}

/**
 * A quote takes its enquiry's id (one quote per enquiry): SPEC's booking page reads
 * /api/quotes/assessment/{id} with the quote's id, so the two must never name different records
 * (a SPEC review found them drifting apart after a failed submission used up an enquiry id, and
 * /booking/63 showing enquiry 63's quote's total while booking quote 63).
 */
export async function insertQuote(db: Db, row: NewQuoteRow): Promise<QuoteRow> {
  const [created] = await db.insert(quotes).values({ ...row, id: row.assessmentId }).returning();
  return created!;
}

/** Replaces a quote's line items with these, in order. */
export async function replaceItems(db: Db, quoteId: number, items: ReadonlyArray<{ description: string; costPence: number }>): Promise<QuoteItemRow[]> {
  await db.delete(quoteItems).where(eq(quoteItems.quoteId, quoteId));
  if (items.length === 0) return [];
  return db
    .insert(quoteItems)
    .values(items.map((item, position) => ({ quoteId, position, description: item.description, costPence: item.costPence })))
    .returning();
}

export type DeskFilter = 'needs-attention' | 'pending' | 'approved' | 'booked';

/** All quotes, newest first (GET /api/quotes). */
/** Newest first: a page, or every quote when `pageSize` is null. */
export async function quotesPage(db: Db, page: number, pageSize: number | null): Promise<{ rows: QuoteRow[]; total: number }> {
  const newestFirst = db.select().from(quotes).orderBy(desc(quotes.createdAt), desc(quotes.id));
  const [rows, total] = await Promise.all([pageSize === null ? newestFirst : newestFirst.limit(pageSize).offset((page - 1) * pageSize), db.$count(quotes)]);
  return { rows, total };
}

/** Modification requests of these quotes; `openOnly` leaves out the answered ones. */
export async function modificationRequestsOf(db: Db, quoteIds: number[], openOnly: boolean): Promise<ModificationRequestRow[]> {
  if (quoteIds.length === 0) return [];
  const where = inArray(quoteModificationRequests.quoteId, quoteIds);
  return db
    .select()
    .from(quoteModificationRequests)
    .where(openOnly ? and(where, isNull(quoteModificationRequests.answeredAt)) : where)
    .orderBy(asc(quoteModificationRequests.createdAt), asc(quoteModificationRequests.id));
}

export async function insertModificationRequest(db: Db, quoteId: number, message: string): Promise<ModificationRequestRow> {
  const [row] = await db.insert(quoteModificationRequests).values({ quoteId, message }).returning();
  return row!;
}

export async function answerModificationRequests(db: Db, quoteId: number, at: Date): Promise<number> {
  const rows = await db
    .update(quoteModificationRequests)
    .set({ answeredAt: at })
    .where(and(eq(quoteModificationRequests.quoteId, quoteId), isNull(quoteModificationRequests.answeredAt)))
    .returning({ id: quoteModificationRequests.id });
  return rows.length;
}

export async function countOpenModificationRequests(db: Db, quoteId: number): Promise<number> {
  return db.$count(quoteModificationRequests, and(eq(quoteModificationRequests.quoteId, quoteId), isNull(quoteModificationRequests.answeredAt)));
}

export type RevisionDraftRow = { quoteId: number; adjustment: QuoteAdjustment; view: QuoteView; savedAt: Date };

/** Saves (or replaces) the team's unsent revision of a quote. */
export async function saveRevisionDraft(db: Db, quoteId: number, adjustment: QuoteAdjustment, view: QuoteView, at: Date): Promise<RevisionDraftRow> {
  const [row] = await db
    .insert(quoteRevisionDrafts)
    .values({ quoteId, adjustment, view, savedAt: at })
    .onConflictDoUpdate({ target: quoteRevisionDrafts.quoteId, set: { adjustment, view, savedAt: at } })
    .returning();
  return row as RevisionDraftRow;
}

export async function findRevisionDraft(db: Db, quoteId: number): Promise<RevisionDraftRow | undefined> {
  const [row] = await db.select().from(quoteRevisionDrafts).where(eq(quoteRevisionDrafts.quoteId, quoteId));
  return row as RevisionDraftRow | undefined;
}

export async function deleteRevisionDraft(db: Db, quoteId: number): Promise<void> {
  await db.delete(quoteRevisionDrafts).where(eq(quoteRevisionDrafts.quoteId, quoteId));
}

/** The unsent revisions of these quotes (the desk's cards). */
export async function revisionDraftsOf(db: Db, quoteIds: number[]): Promise<RevisionDraftRow[]> {
  if (quoteIds.length === 0) return [];
  return (await db.select().from(quoteRevisionDrafts).where(inArray(quoteRevisionDrafts.quoteId, quoteIds))) as RevisionDraftRow[];
}
