// Reading assessments for one viewer (D10, D11): the grant holder, admins and the repairer who
// accepted the job; to anyone else a record does not exist. An assessment is read with its quote
// (and its guide price while no quote shows), so these reads live with the quotes, which build on
// the assessments; the assessments module's routes are handed them by buildApp (QuoteReads in
// assessments/quote-reads.ts), so assessments never imports quotes.
import { assessmentMessages, type AssessmentView } from '../../../shared/api/assessments';
import { CUSTOMER_VISIBLE_QUOTE_STATUSES } from '../../../shared/lifecycles/quote';
import { defaultPriceList, type PriceListEntry } from '../../../shared/price-list';
import { batchedRead, batchedReadSql, coalescedRead, epochMsSql, type CoalescedReadSpec } from '../../db/batch';
import type { Database, Db } from '../../db/database';
import { keptOrBuilt, rowsStampSql, stampSql, type Stamped } from '../../db/kept-answers';
import { londonDateOf } from '../../../shared/london-time';
import { customerRecordAccess, grantHeldSql, viewerOfRead } from '../access';
import type { SessionUser } from '../auth';
import { VAT_RATE_PERCENT } from '../../../shared/pricing';
import { createDraftQuote, guideFor } from './quote-desk.service';
import { QUOTE_JSON_SQL, quoteFromJson, type QuoteJson } from './quote-read.repo';
import { toQuoteView } from './quote-view';
import { notFound } from '../../kernel/errors';
import { quotesForAssessments, type QuoteAudience } from './quotes.service';
import { coveredSql } from '../repairers';
import { assessmentJsonSql, coveredAssessmentIds, imagesOf, toAssessmentView, type AssessmentJson, type AssessmentRow, type AssessmentViewRow, type QuoteReads } from '../assessments';

export const assessmentNotFoundMessage = assessmentMessages.notFound;

/** Views of these assessments for one audience: photos and quotes in three queries, however many rows. */
/** `guideVatRatePercent`: the VAT rate a pending quote's guide is worked out at; without it (the admin's reads) no guide. */
export async function viewsOf(db: Db, rows: AssessmentRow[], audience: QuoteAudience, guideVatRatePercent?: number): Promise<AssessmentView[]> {
  const ids = rows.map((row) => row.id);
  const [images, quotes, covered] = await Promise.all([imagesOf(db, ids), quotesForAssessments(db, rows, audience !== 'admin' && guideVatRatePercent !== undefined ? { guideVatRatePercent } : {}), coveredAssessmentIds(db, ids)]);
  return rows.map((row) =>
    toAssessmentView(
      row,
      images.filter((image) => image.assessmentId === row.id),
      quotes.viewFor(row.id, audience),
      quotes.guidePriceFor(row, audience),
      { covered: covered.has(row.id) },
    ),
  );
}

// Issue 9: an assessment aliased `a` as the admin's lists show it, as one JSON value: the
// columns toAssessmentView reads, its damage photos in order, and its quote with items.
export const ADMIN_ASSESSMENT_JSON_SQL = assessmentJsonSql(`'quote', (SELECT ${QUOTE_JSON_SQL} FROM quotes q WHERE q.assessment_id = a.id), 'covered', ${coveredSql('a')}`);

export type AdminAssessmentJson = AssessmentJson & { quote: QuoteJson | null; covered: boolean };

/** The admin's view of an assessment read by ADMIN_ASSESSMENT_JSON_SQL: every quote status shows, never a guide (as viewsOf(…, 'admin')). */
export function adminViewFromJson(json: AdminAssessmentJson, now: Date): AssessmentView {
  const found = json.quote ? quoteFromJson(json.quote) : null;
  const quote = found ? toQuoteView(found.quote, found.items, json.reference, now) : null;
  return toAssessmentView({ ...json, createdAt: new Date(json.createdAtMs) }, json.images, quote, null, { covered: json.covered });
}

const ADMIN_ASSESSMENTS_PAGE_SQL = `SELECT (SELECT count(*) FROM assessments)::int AS total,
  (SELECT coalesce(json_agg(${ADMIN_ASSESSMENT_JSON_SQL} ORDER BY a.created_at DESC, a.id DESC), '[]'::json)
   FROM (SELECT * FROM assessments ORDER BY created_at DESC, id DESC LIMIT $1 OFFSET $2) a) AS items`;

/** `pageSize` null: every assessment (LIMIT NULL is no limit). */
type PageAsked = { page: number; pageSize: number | null };
const ADMIN_ASSESSMENTS_PAGE: CoalescedReadSpec<PageAsked, { views: AssessmentView[]; total: number }> = {
  name: 'read_admin_assessments_page',
  keyOf: ({ page, pageSize }) => `${page}:${pageSize}`,
  async read(database, { page, pageSize }) {
    const [row] = await database
      .statement<{ total: number; items: AdminAssessmentJson[] }>('read_admin_assessments_page', ADMIN_ASSESSMENTS_PAGE_SQL)
      .run([pageSize, (page - 1) * (pageSize ?? 0)]);
    const now = new Date();
    return { views: row!.items.map((item) => adminViewFromJson(item, now)), total: row!.total };
  },
};

/**
 * GET /api/assessments (admins) in one statement: a page (or every one), the newest first, with the total. The
 * route's role group admits admins only. Every admin sees the same page, so requests for it that
 * arrive together share one statement (coalescedRead). tests/helpers/composed-reads.ts keeps the
 * composed reference (listAssessmentsForAdmin).
 */
export function readAssessmentsPageForAdmin(database: Database, page = 1, pageSize: number | null = 50): Promise<{ views: AssessmentView[]; total: number }> {
  return coalescedRead(database, ADMIN_ASSESSMENTS_PAGE)({ page, pageSize });
}

// GET /api/assessments/{id} in one statement (issue 9): the record, whether this browser holds
// a grant for it, its photos, its quote with items, and the price-list rows its guide needs.
// Reads that arrive together run as one statement, one reader per row of `reader` (its
// assessment id and its own grant hashes), so each grant check is its reader's alone.
// Its stamp (src/server/db/kept-answers.ts) covers every row the answer is built from: the
// assessment, its photos, its quote and items, and, while a guide may show, the price-list rows
// for its damage type and whether the list is empty (the guide then comes from the seeded list).
// $1 is the quote statuses a customer sees.
const GUIDE_SHOWN_SQL = `q.id IS NULL OR NOT (q.status = ANY($1::text[]))`;
const ASSESSMENT_STAMP_SQL = stampSql(
  'a.id',
  'a.xmin',
  'q.id',
  'q.xmin',
  rowsStampSql('assessment_images', 'i', 'id', 'i.assessment_id = a.id'),
  rowsStampSql('quote_items', 'qi', 'id', 'qi.quote_id = q.id'),
  `CASE WHEN ${GUIDE_SHOWN_SQL} THEN EXISTS (SELECT 1 FROM price_list_entries) END`,
  `CASE WHEN ${GUIDE_SHOWN_SQL} THEN ${rowsStampSql('price_list_entries', 'p', 'location_band', 'p.damage_type = a.damage_type')} END`,
  // Coverage is read, not stored: a technician verified (or unverified) changes the answer.
  coveredSql('a'),
);
const READ_ASSESSMENT_SQL = `SELECT a.id, a.reference, a.status, a.name, a.email, a.phone, a.address, a.city, a.county, a.postcode,
  a.vehicle_year AS "vehicleYear", a.vehicle_make AS "vehicleMake", a.vehicle_model AS "vehicleModel",
  a.damage_type AS "damageType", a.damage_locations AS "damageLocations", a.damage_description AS "damageDescription",
  ${epochMsSql('a.created_at')} AS "createdAtMs",
  ${coveredSql('a')} AS covered,
  ${grantHeldSql('a.id', 'reader.hashes')} AS granted,
  (SELECT coalesce(json_agg(json_build_object('id', i.id) ORDER BY i.position), '[]'::json) FROM assessment_images i WHERE i.assessment_id = a.id AND i.kind = 'damage') AS images,
  CASE WHEN q.id IS NULL THEN NULL ELSE ${QUOTE_JSON_SQL} END AS quote,
  CASE WHEN ${GUIDE_SHOWN_SQL} THEN EXISTS (SELECT 1 FROM price_list_entries) END AS "priceListStored",
  CASE WHEN ${GUIDE_SHOWN_SQL} THEN (SELECT coalesce(json_agg(json_build_object(
      'damageType', p.damage_type, 'locationBand', p.location_band, 'laborPence', p.labor_pence, 'partsPence', p.parts_pence,
      'materialsPence', p.materials_pence, 'hours', p.hours, 'labourWording', p.labour_wording, 'partsWording', p.parts_wording,
      'materialsWording', p.materials_wording)), '[]'::json)
    FROM price_list_entries p WHERE p.damage_type = a.damage_type) END AS "priceList",
  ${ASSESSMENT_STAMP_SQL} AS stamp
FROM assessments a LEFT JOIN quotes q ON q.assessment_id = a.id WHERE a.id = reader.id`;
// The guide's price-list rows are read only while the quote is not one its customer sees ($1):
// once it is, every reader who may read the record sees the quote and no guide.
const READ_ASSESSMENTS = batchedReadSql('read_assessments', { id: 'int', hashes: 'text[]' }, READ_ASSESSMENT_SQL, [[...CUSTOMER_VISIBLE_QUOTE_STATUSES]]);
// What the access decision needs, and the stamp: all a read sends a kept answer on.
const READ_ASSESSMENT_STAMPS = batchedReadSql(
  'read_assessment_stamps',
  { id: 'int', hashes: 'text[]' },
  `SELECT a.id, ${grantHeldSql('a.id', 'reader.hashes')} AS granted, q.assigned_repairer_id AS "assignedRepairerId", ${ASSESSMENT_STAMP_SQL} AS stamp
FROM assessments a LEFT JOIN quotes q ON q.assessment_id = a.id WHERE a.id = reader.id`,
  [[...CUSTOMER_VISIBLE_QUOTE_STATUSES]],
);

type ReadAssessmentRow = Omit<AssessmentViewRow, 'createdAt'> & {
  createdAtMs: number;
  covered: boolean;
  granted: boolean;
  images: { id: number }[];
  quote: QuoteJson | null;
  /** Null when the quote is one its customer sees (no guide then). */
  priceListStored: boolean | null;
  priceList: PriceListEntry[] | null;
  stamp: string;
};
/** `vatRatePercent`: the rate the guide is worked out at (the app's, vatRatePercentFor; absent, the standard rate). */
type AssessmentReader = { user: SessionUser | null; grantTokenHashes: string[]; vatRatePercent?: number };

/**
 * GET /api/assessments/{id}: the record as this reader may see it, or a 404 that reveals nothing.
 * `grantTokenHashes` are the browser's grant tokens, hashed: the statement checks them for this
 * assessment only. The decision is customerRecordAccess's, as everywhere (D10, D11).
 */
export async function readAssessment(database: Database, id: number, reader: AssessmentReader, now: Date = new Date()): Promise<AssessmentView> {
  return (await readAssessmentStamped(database, id, reader, now)).view;
}

async function readAssessmentStamped(database: Database, id: number, reader: AssessmentReader, now: Date): Promise<{ view: AssessmentView } & Stamped> {
  const read = batchedRead<{ id: number; hashes: string[] }, ReadAssessmentRow>(database, READ_ASSESSMENTS);
  const row = await read({ id, hashes: reader.grantTokenHashes });
  if (!row) throw notFound(assessmentNotFoundMessage);
  const found = row.quote ? quoteFromJson(row.quote) : null;
  const viewer = viewerOfRead(reader.user, row.id, row.granted);
  const access = customerRecordAccess(viewer, { assessmentId: row.id, assignedRepairerId: found?.quote.assignedRepairerId ?? null });
  if (access === 'none') throw notFound(assessmentNotFoundMessage);
  // As quotesForAssessments decides: admins see every status, others once approved (D12), and
  // the guide price shows while no quote is visible (from the stored list, or the seeded one when it is empty).
  const visible = !!found && (access === 'admin' || CUSTOMER_VISIBLE_QUOTE_STATUSES.has(found.quote.status));
  const quote = visible ? toQuoteView(found.quote, found.items, row.reference, now) : null;
  const withGuide = access !== 'admin';
  const guide = withGuide && !visible ? guideFor(row.priceListStored ? row.priceList! : [...defaultPriceList], row, reader.vatRatePercent ?? VAT_RATE_PERCENT) : null;
  const view = toAssessmentView({ ...row, createdAt: new Date(row.createdAtMs) }, row.images, quote, guide, { covered: row.covered });
  return { view, access, stamp: row.stamp };
}

/**
 * GET /api/assessments/{id}'s answer as this reader may see it, serialised by `serialize` (the
 * route's own serialiser), or a 404 that reveals nothing: readAssessment's answer, sent as kept
 * while the record's stamp is unchanged (src/server/db/kept-answers.ts). Access is decided on
 * every request, from the stamp statement's grant check, as readAssessment decides it.
 */
export async function readAssessmentBody(database: Database, id: number, reader: AssessmentReader, serialize: (view: AssessmentView) => string, now: Date = new Date()): Promise<string> {
  const row = await batchedRead<{ id: number; hashes: string[] }, { id: number; granted: boolean; assignedRepairerId: number | null; stamp: string }>(
    database,
    READ_ASSESSMENT_STAMPS,
  )({ id, hashes: reader.grantTokenHashes });
  if (!row) throw notFound(assessmentNotFoundMessage);
  const viewer = viewerOfRead(reader.user, row.id, row.granted);
  const access = customerRecordAccess(viewer, { assessmentId: row.id, assignedRepairerId: row.assignedRepairerId });
  if (access === 'none') throw notFound(assessmentNotFoundMessage);
  const body = await keptOrBuilt(database, 'assessment', londonDateOf(now), { access, stamp: row.stamp }, () => readAssessmentStamped(database, id, reader, now), serialize);
  if (body === null) throw notFound(assessmentNotFoundMessage);
  return body;
}

/** What the assessments module's routes read and write of quotes, handed to them by buildApp. */
/** Issue 37: at the app's VAT rate (20, or 0 when the company is not VAT registered), for drafts and guides alike. */
export function quoteReadsForAssessments(vatRatePercent: number): QuoteReads {
  return {
    viewsOf: (db, rows, audience) => viewsOf(db, rows, audience, vatRatePercent),
    readAssessmentsPageForAdmin,
    readAssessmentBody: (database, id, reader, serialize) => readAssessmentBody(database, id, { ...reader, vatRatePercent }, serialize),
    createDraftQuote: (tx, assessment) => createDraftQuote(tx, assessment, vatRatePercent),
  };
}
