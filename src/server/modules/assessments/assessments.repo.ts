import { desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { assessmentImages, assessments } from '../../db/schema';

export type AssessmentRow = typeof assessments.$inferSelect;
export type NewAssessmentRow = typeof assessments.$inferInsert;
export type ImageRow = typeof assessmentImages.$inferSelect;
export type NewImageRow = typeof assessmentImages.$inferInsert;

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

export async function findImage(db: Db, imageId: number): Promise<ImageRow | undefined> {
  const [row] = await db.select().from(assessmentImages).where(eq(assessmentImages.id, imageId));
  return row;
}
