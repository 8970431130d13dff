import { desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { assessmentImages, assessments, quoteItems, quotes } from '../../db/schema';

export type AssessmentRow = typeof assessments.$inferSelect;
export type NewAssessmentRow = typeof assessments.$inferInsert;
export type ImageRow = typeof assessmentImages.$inferSelect;
export type NewImageRow = typeof assessmentImages.$inferInsert;
export type QuoteRow = typeof quotes.$inferSelect;
export type QuoteItemRow = typeof quoteItems.$inferSelect;

export async function insertAssessment(db: Db, row: NewAssessmentRow): Promise<AssessmentRow> {
  const [created] = await db.insert(assessments).values(row).returning();
  return created!;
}

export async function insertImages(db: Db, rows: NewImageRow[]): Promise<ImageRow[]> {
  if (rows.length === 0) return [];
  return db.insert(assessmentImages).values(rows).returning();
}

export async function findAssessment(db: Db, id: number): Promise<AssessmentRow | undefined> {
  const [row] = await db.select().from(assessments).where(eq(assessments.id, id));
  return row;
}

export async function findAssessmentByIdempotencyKey(db: Db, key: string): Promise<AssessmentRow | undefined> {
  const [row] = await db.select().from(assessments).where(eq(assessments.idempotencyKey, key));
  return row;
}

export async function listAssessments(db: Db, limit: number): Promise<AssessmentRow[]> {
  return db.select().from(assessments).orderBy(desc(assessments.createdAt), desc(assessments.id)).limit(limit);
}

export async function imagesOf(db: Db, assessmentIds: number[]): Promise<ImageRow[]> {
  if (assessmentIds.length === 0) return [];
  return db.select().from(assessmentImages).where(inArray(assessmentImages.assessmentId, assessmentIds)).orderBy(assessmentImages.position);
}

export async function findImageWithOwner(db: Db, imageId: number) {
  const [row] = await db
    .select({ image: assessmentImages, assignedRepairerId: quotes.assignedRepairerId })
    .from(assessmentImages)
    .innerJoin(assessments, eq(assessments.id, assessmentImages.assessmentId))
    .leftJoin(quotes, eq(quotes.assessmentId, assessments.id))
    .where(eq(assessmentImages.id, imageId));
  return row;
}

export type QuoteWithItems = { quote: QuoteRow; items: QuoteItemRow[] };

/** The quotes of these assessments with their line items, keyed by assessment id. */
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
