// Reading assessments for one viewer (D10, D11): the grant holder, admins and the repairer who
// accepted the job; to anyone else a record does not exist.
import { assessmentMessages, type AssessmentView } from '../../../shared/api/assessments';
import { CUSTOMER_VISIBLE_QUOTE_STATUSES } from '../../../shared/lifecycles/quote';
import { defaultPriceList, type PriceListEntry } from '../../../shared/price-list';
import type { Database, Db } from '../../db/database';
import type { SessionUser } from '../auth/auth.service';
import { guideFor } from '../quotes/quote-desk.service';
import { QUOTE_JSON_SQL, quoteFromJson, type QuoteJson } from '../quotes/quote-read';
import { toQuoteView } from '../quotes/quote-view';
import { notFound } from '../../plugins/errors';
import { customerRecordAccess, type Viewer } from '../access/access.policy';
import { quotesForAssessments, assignedRepairerOf, type QuoteAudience } from '../quotes/quotes.service';
import { hasLiveOffer } from '../repairer-jobs/offers.repo';
import { assessmentsPage, findImage, imagesOf, type AssessmentRow, type ImageRow } from './assessments.repo';
import { toAssessmentView, type AssessmentViewRow } from './assessment-view';

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

// GET /api/assessments/{id} in one statement (issue 9): the record, whether this browser holds
// a grant for it, its photos, its quote with items, and the price-list rows its guide needs.
const READ_ASSESSMENT_SQL = `SELECT a.id, a.reference, a.status, a.name, a.email, a.phone, a.address, a.city, a.county, a.postcode,
  a.vehicle_year AS "vehicleYear", a.vehicle_make AS "vehicleMake", a.vehicle_model AS "vehicleModel",
  a.damage_type AS "damageType", a.damage_locations AS "damageLocations", a.damage_description AS "damageDescription",
  floor(extract(epoch FROM a.created_at) * 1000)::float8 AS "createdAtMs",
  EXISTS (SELECT 1 FROM customer_grants g WHERE g.assessment_id = a.id AND g.token_hash = ANY($2::text[])) AS granted,
  (SELECT coalesce(json_agg(json_build_object('id', i.id) ORDER BY i.position), '[]'::json) FROM assessment_images i WHERE i.assessment_id = a.id AND i.kind = 'damage') AS images,
  (SELECT ${QUOTE_JSON_SQL} FROM quotes q WHERE q.assessment_id = a.id) AS quote,
  EXISTS (SELECT 1 FROM price_list_entries) AS "priceListStored",
  (SELECT coalesce(json_agg(json_build_object(
      'damageType', p.damage_type, 'locationBand', p.location_band, 'laborPence', p.labor_pence, 'partsPence', p.parts_pence,
      'materialsPence', p.materials_pence, 'hours', p.hours, 'labourWording', p.labour_wording, 'partsWording', p.parts_wording,
      'materialsWording', p.materials_wording)), '[]'::json)
    FROM price_list_entries p WHERE p.damage_type = a.damage_type) AS "priceList"
FROM assessments a WHERE a.id = $1`;

type ReadAssessmentRow = Omit<AssessmentViewRow, 'createdAt'> & {
  createdAtMs: number;
  granted: boolean;
  images: { id: number }[];
  quote: QuoteJson | null;
  priceListStored: boolean;
  priceList: PriceListEntry[];
};

/**
 * GET /api/assessments/{id}: the record as this reader may see it, or a 404 that reveals nothing.
 * `grantTokenHashes` are the browser's grant tokens, hashed: the statement checks them for this
 * assessment only. The decision is customerRecordAccess's, as everywhere (D10, D11).
 */
export async function readAssessment(database: Database, id: number, reader: { user: SessionUser | null; grantTokenHashes: string[] }): Promise<AssessmentView> {
  const [row] = await database.statement<ReadAssessmentRow>('read_assessment', READ_ASSESSMENT_SQL).run([id, reader.grantTokenHashes]);
  if (!row) throw notFound(assessmentNotFoundMessage);
  const found = row.quote ? quoteFromJson(row.quote) : null;
  const viewer: Viewer = { user: reader.user, assessmentIds: row.granted ? [row.id] : [] };
  const access = customerRecordAccess(viewer, { assessmentId: row.id, assignedRepairerId: found?.quote.assignedRepairerId ?? null });
  if (access === 'none') throw notFound(assessmentNotFoundMessage);
  // As quotesForAssessments decides: admins see every status, others once approved (D12), and
  // the guide price shows while no quote is visible (from the stored list, or the seeded one when it is empty).
  const visible = !!found && (access === 'admin' || CUSTOMER_VISIBLE_QUOTE_STATUSES.has(found.quote.status));
  const quote = visible ? toQuoteView(found.quote, found.items, row.reference) : null;
  const withGuide = reader.user?.role !== 'admin';
  const guide = withGuide && !visible ? guideFor(row.priceListStored ? row.priceList : [...defaultPriceList], row) : null;
  return toAssessmentView({ ...row, createdAt: new Date(row.createdAtMs) }, row.images, quote, guide);
}

/** GET /api/images/{id}: the photo's row if this viewer may see its assessment. */
export async function findImageFor(db: Db, imageId: number, viewer: Viewer): Promise<ImageRow> {
  const image = await findImage(db, imageId);
  if (!image) throw notFound(photoNotFoundMessage);
  const access = customerRecordAccess(viewer, { assessmentId: image.assessmentId, assignedRepairerId: await assignedRepairerOf(db, image.assessmentId) });
  if (access !== 'none') return image;
  // D11: a repairer who has been offered the job sees its damage photos before accepting.
  if (image.kind === 'damage' && viewer.user?.role === 'repairer' && viewer.user.repairerId !== null && (await hasLiveOffer(db, image.assessmentId, viewer.user.repairerId))) return image;
  throw notFound(photoNotFoundMessage);
}
