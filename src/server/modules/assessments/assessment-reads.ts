// Reading assessments for one viewer (D10, D11): the grant holder, admins and the repairer who
// accepted the job; to anyone else a record does not exist.
import { assessmentMessages, type AssessmentView } from '../../../shared/api/assessments';
import type { Db } from '../../db/database';
import { notFound } from '../../plugins/errors';
import { customerRecordAccess, type Viewer } from '../access/access.policy';
import { quotesForAssessments, assignedRepairerOf, type QuoteAudience } from '../quotes/quotes.service';
import { assessmentsPage, findAssessment, findImage, imagesOf, type AssessmentRow, type ImageRow } from './assessments.repo';
import { toAssessmentView } from './assessment-view';

export const assessmentNotFoundMessage = assessmentMessages.notFound;
export const photoNotFoundMessage = assessmentMessages.photoNotFound;

/** Views of these assessments for one audience: photos and quotes in three queries, however many rows. */
export async function viewsOf(db: Db, rows: AssessmentRow[], audience: QuoteAudience): Promise<AssessmentView[]> {
  const ids = rows.map((row) => row.id);
  const [images, quotes] = await Promise.all([imagesOf(db, ids), quotesForAssessments(db, rows, { withGuide: audience !== 'admin' })]);
  return rows.map((row) =>
    toAssessmentView(
      row,
      images.filter((image) => image.assessmentId === row.id),
      quotes.viewFor(row.id, audience),
      quotes.guidePriceFor(row, audience),
    ),
  );
}

/** GET /api/assessments (admins): a page, the newest first, with the total. */
export async function listAssessmentsForAdmin(db: Db, page = 1, pageSize = 50): Promise<{ views: AssessmentView[]; total: number }> {
  const { rows, total } = await assessmentsPage(db, page, pageSize);
  return { views: await viewsOf(db, rows, 'admin'), total };
}

/** GET /api/assessments/{id}: the record as this viewer may see it, or a 404 that reveals nothing. */
export async function readAssessment(db: Db, id: number, viewer: Viewer): Promise<AssessmentView> {
  const row = await findAssessment(db, id);
  if (!row) throw notFound(assessmentNotFoundMessage);
  const quotes = await quotesForAssessments(db, [row], { withGuide: viewer.user?.role !== 'admin' });
  const access = customerRecordAccess(viewer, { assessmentId: row.id, assignedRepairerId: quotes.assignedRepairerId(row.id) });
  if (access === 'none') throw notFound(assessmentNotFoundMessage);
  const images = await imagesOf(db, [row.id]);
  return toAssessmentView(row, images, quotes.viewFor(row.id, access), quotes.guidePriceFor(row, access));
}

/** GET /api/images/{id}: the photo's row if this viewer may see its assessment. */
export async function findImageFor(db: Db, imageId: number, viewer: Viewer): Promise<ImageRow> {
  const image = await findImage(db, imageId);
  if (!image) throw notFound(photoNotFoundMessage);
  const access = customerRecordAccess(viewer, { assessmentId: image.assessmentId, assignedRepairerId: await assignedRepairerOf(db, image.assessmentId) });
  if (access === 'none') throw notFound(photoNotFoundMessage);
  return image;
}
