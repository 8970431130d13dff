import { and, eq, getTableColumns, inArray, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { escapeLike } from '../../db/like';
import { assessmentImages, assessments, repairerPhotos } from '../../db/schema';
import { coveredSql } from '../repairers';

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

/** The assessment and whether a verified technician covers it now (coverageOfAssessment's answer), in one statement: the hold reads both. */
export async function findAssessmentWithCoverage(db: Db, id: number): Promise<(AssessmentRow & { covered: boolean }) | undefined> {
  const [row] = await db
    .select({ ...getTableColumns(assessments), covered: assessmentCoveredSql })
    .from(assessments)
    .where(eq(assessments.id, id));
  return row && { ...row, covered: row.covered === true };
}

export async function findAssessmentByIdempotencyKey(db: Db, key: string): Promise<AssessmentRow | undefined> {
  const [row] = await db.select().from(assessments).where(eq(assessments.idempotencyKey, key));
  return row;
}

export async function imagesOf(db: Db, assessmentIds: number[]): Promise<ImageRow[]> {
  if (assessmentIds.length === 0) return [];
  // The damage photos the customer sent; a technician's after photos (issue 12) belong to the appointment.
  return db
    .select()
    .from(assessmentImages)
    .where(and(inArray(assessmentImages.assessmentId, assessmentIds), eq(assessmentImages.kind, 'damage')))
    .orderBy(assessmentImages.position);
}

/** SQL, a boolean: whether a verified technician covers the assessments row (issue 35; repairers/coverage.repo). */
export const assessmentCoveredSql = sql<boolean>`${sql.raw(coveredSql('"assessments"'))}`;

/** Of these assessments, the ones a verified technician covers now (issue 35). */
export async function coveredAssessmentIds(db: Db, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db.select({ id: assessments.id }).from(assessments).where(and(inArray(assessments.id, ids), assessmentCoveredSql));
  return new Set(rows.map((row) => row.id));
}

/** What booking and paying need to know of an enquiry's coverage, or undefined when there is no such enquiry. */
export async function coverageOfAssessment(db: Db, id: number): Promise<{ covered: boolean; postcode: string; damageType: string } | undefined> {
  const [row] = await db
    .select({ covered: assessmentCoveredSql, postcode: assessments.postcode, damageType: assessments.damageType })
    .from(assessments)
    .where(eq(assessments.id, id));
  return row && { ...row, covered: row.covered === true };
}

/** The assessment's row locked for the rest of the transaction. */
export async function lockAssessment(db: Db, id: number): Promise<void> {
  await db.select({ id: assessments.id }).from(assessments).where(eq(assessments.id, id)).for('update');
}

/** Of these photo file keys, the ones some image row still names (display or thumbnail). */
export async function referencedPhotoKeys(db: Db, keys: string[]): Promise<Set<string>> {
  const rows = await db
    .select({ display: assessmentImages.displayKey, thumb: assessmentImages.thumbKey })
    .from(assessmentImages)
    .where(or(inArray(assessmentImages.displayKey, keys), inArray(assessmentImages.thumbKey, keys)));
  // Issue 37: technicians' photos live under photos/ too, so a crash between storing one and its row is swept.
  const technicians = await db
    .select({ display: repairerPhotos.displayKey, thumb: repairerPhotos.thumbKey })
    .from(repairerPhotos)
    .where(or(inArray(repairerPhotos.displayKey, keys), inArray(repairerPhotos.thumbKey, keys)));
  return new Set([...rows, ...technicians].flatMap((row) => [row.display, row.thumb]));
}

export async function findImage(db: Db, imageId: number): Promise<ImageRow | undefined> {
  const [row] = await db.select().from(assessmentImages).where(eq(assessmentImages.id, imageId));
  return row;
}

export async function countAssessments(db: Db): Promise<number> {
  return db.$count(assessments);
}

export async function findAssessmentsByIds(db: Db, ids: number[]): Promise<AssessmentRow[]> {
  if (ids.length === 0) return [];
  return db.select().from(assessments).where(inArray(assessments.id, ids));
}

/**
 * The admin's enquiry search: case-insensitive prefix matches on the reference (with or without
 * 'AR-'), the e-mail address, the postcode (spaces ignored), the name and its last word (the surname).
 * The prefix matches use the lower(...) text_pattern_ops indexes of migration 0002.
 */
/**
 * The admin's enquiry search as parameters of one fixed statement (ENQUIRY_SEARCH_SQL): a prefix
 * of the reference, e-mail, name or surname; the reference with "AR-" left off; the postcode
 * with or without its space. All null: no search, every enquiry.
 */
export function enquirySearchTerms(search: string | undefined): { prefix: string | null; referencePrefix: string | null; postcodePrefix: string | null } {
  const term = (search ?? '').trim().toLowerCase();
  if (term === '') return { prefix: null, referencePrefix: null, postcodePrefix: null };
  const prefix = `${escapeLike(term)}%`;
  const compact = `${escapeLike(term.replace(/\s+/g, ''))}%`;
  return { prefix, referencePrefix: term.startsWith('ar-') ? null : `ar-${prefix}`, postcodePrefix: compact === '%' ? null : compact };
}

/** Which enquiries (`a`) a search matches, its terms at $1 (prefix), $2 (reference without AR-) and $3 (postcode). */
export const ENQUIRY_SEARCH_SQL = `($1::text IS NULL
  OR lower(a.reference) LIKE $1 OR lower(a.email) LIKE $1 OR lower(a.name) LIKE $1
  OR lower(regexp_replace(a.name, '^.* ', '')) LIKE $1
  OR ($2::text IS NOT NULL AND lower(a.reference) LIKE $2)
  OR ($3::text IS NOT NULL AND lower(replace(a.postcode, ' ', '')) LIKE $3))`;

/** Deletes the assessment (its quote, items, photos' rows and grants go with it by cascade); answers the photo keys to remove from the file store. */
export async function deleteAssessment(db: Db, id: number): Promise<{ deleted: boolean; fileKeys: string[] }> {
  const images = await db.select({ displayKey: assessmentImages.displayKey, thumbKey: assessmentImages.thumbKey }).from(assessmentImages).where(eq(assessmentImages.assessmentId, id));
  const deleted = await db.delete(assessments).where(eq(assessments.id, id)).returning({ id: assessments.id });
  return { deleted: deleted.length > 0, fileKeys: images.flatMap((image) => [image.displayKey, image.thumbKey]) };
}
