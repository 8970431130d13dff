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

export async function quoteOf(db: Db, assessmentId: number): Promise<{ quote: QuoteRow; items: QuoteItemRow[] } | undefined> {
  const [quote] = await db.select().from(quotes).where(eq(quotes.assessmentId, assessmentId));
  if (!quote) return undefined;
  const items = await db.select().from(quoteItems).where(eq(quoteItems.quoteId, quote.id)).orderBy(quoteItems.position);
  return { quote, items };
}

export async function allImageKeys(db: Db): Promise<Set<string>> {
  const rows = await db.select({ display: assessmentImages.displayKey, thumb: assessmentImages.thumbKey }).from(assessmentImages);
  return new Set(rows.flatMap((row) => [row.display, row.thumb]));
}
