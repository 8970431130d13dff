// The quotes module owns the quotes and quote_items tables; other modules ask it.
import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { quoteItems, quotes } from '../../db/schema';

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
