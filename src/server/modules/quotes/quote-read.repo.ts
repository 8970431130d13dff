// Issue 9: a quote, its line items and what decides who may see it, as one JSON value built in
// the statement that reads it (the customer's assessment read and quote reads embed it). Times
// travel as epoch milliseconds, truncated as the drivers truncate them, and become Dates here.
import type { QuoteWithAssessment } from '../../../shared/api/assessments';
import { CUSTOMER_VISIBLE_QUOTE_STATUSES } from '../../../shared/lifecycles/quote';
import { batchedRead, batchedReadSql, dateOfEpochMs, epochMsSql } from '../../db/batch';
import type { Database } from '../../db/database';
import { keptOrBuilt, rowsStampSql, stampSql, type Stamped } from '../../db/kept-answers';
import { londonDateOf } from '../../../shared/london-time';
import { customerRecordAccess, grantHeldSql, viewerOfRead, type CustomerRecordAccess, type Viewer } from '../access';
import type { SessionUser } from '../auth';
import { assessmentJsonSql, enquiryOfQuoteFromJson, type AssessmentJson } from '../assessments';
import { toQuoteView, type QuoteViewRow } from './quote-view';

/** A JSON object of the quote aliased `q` with its items, for a statement's select list. */
export const QUOTE_JSON_SQL = `json_build_object(
  'id', q.id, 'assessmentId', q.assessment_id,
  'laborPence', q.labor_pence, 'partsPence', q.parts_pence, 'materialsPence', q.materials_pence,
  'feePence', q.fee_pence, 'vatPence', q.vat_pence, 'totalPence', q.total_pence,
  'repairerPaymentPence', q.repairer_payment_pence,
  'estimatedDays', q.estimated_days, 'estimatedHours', q.estimated_hours,
  'validUntilDate', q.valid_until_date, 'warrantyMonths', q.warranty_months,
  'status', q.status, 'assignmentStatus', q.assignment_status, 'assignedRepairerId', q.assigned_repairer_id,
  'createdAtMs', ${epochMsSql('q.created_at')},
  'approvedAtMs', ${epochMsSql('q.approved_at')},
  'items', (SELECT coalesce(json_agg(json_build_object('description', i.description, 'costPence', i.cost_pence) ORDER BY i.position), '[]'::json)
            FROM quote_items i WHERE i.quote_id = q.id)
)`;

export type QuoteJson = Omit<QuoteViewRow, 'createdAt' | 'approvedAt'> & {
  createdAtMs: number;
  approvedAtMs: number | null;
  items: { description: string; costPence: number }[];
};

export function quoteFromJson(json: QuoteJson): { quote: QuoteViewRow; items: QuoteJson['items'] } {
  const { createdAtMs, approvedAtMs, items, ...rest } = json;
  return { quote: { ...rest, createdAt: new Date(createdAtMs), approvedAt: dateOfEpochMs(approvedAtMs) }, items };
}

// GET /api/quotes/{id} and GET /api/quotes/assessment/{assessmentId}, each in one statement:
// the quote with its items, its enquiry with its photos (SPEC section 3's Quote carries it as
// `assessment`), and whether this browser holds a grant for that enquiry. Reads of one kind that
// arrive together run as one statement, one reader per row of `reader` (the id asked for and
// that reader's own grant hashes). The stamp (src/server/db/kept-answers.ts) covers the rows the
// answer is built from: the quote, its items, its enquiry and the enquiry's photos.
const QUOTE_STAMP_SQL = stampSql(
  'q.id',
  'q.xmin',
  'a.xmin',
  rowsStampSql('quote_items', 'qi', 'id', 'qi.quote_id = q.id'),
  rowsStampSql('assessment_images', 'ai', 'id', 'ai.assessment_id = q.assessment_id'),
);
// The inner join: a quote's enquiry outlives it (deleting the enquiry deletes its quote).
const readQuoteSql = (where: string) => `SELECT ${QUOTE_JSON_SQL} AS quote, ${assessmentJsonSql()} AS assessment,
  ${grantHeldSql('q.assessment_id', 'reader.hashes')} AS granted, ${QUOTE_STAMP_SQL} AS stamp
FROM quotes q JOIN assessments a ON a.id = q.assessment_id WHERE ${where}`;
const READ_QUOTES = batchedReadSql('read_quotes', { id: 'int', hashes: 'text[]' }, readQuoteSql('q.id = reader.id'));
const READ_QUOTES_BY_ASSESSMENT = batchedReadSql('read_quotes_by_assessment', { id: 'int', hashes: 'text[]' }, readQuoteSql('q.assessment_id = reader.id'));
// What the access decision needs, and the stamp: all a read sends a kept answer on.
const readQuoteStampSql = (where: string) => `SELECT q.assessment_id AS "assessmentId", q.assigned_repairer_id AS "assignedRepairerId", q.status,
  ${grantHeldSql('q.assessment_id', 'reader.hashes')} AS granted, ${QUOTE_STAMP_SQL} AS stamp
FROM quotes q LEFT JOIN assessments a ON a.id = q.assessment_id WHERE ${where}`;
const READ_QUOTE_STAMPS = batchedReadSql('read_quote_stamps', { id: 'int', hashes: 'text[]' }, readQuoteStampSql('q.id = reader.id'));
const READ_QUOTE_STAMPS_BY_ASSESSMENT = batchedReadSql('read_quote_stamps_by_assessment', { id: 'int', hashes: 'text[]' }, readQuoteStampSql('q.assessment_id = reader.id'));

type QuoteReader = { user: SessionUser | null; grantTokenHashes: string[] };

/**
 * The quote as this reader may see it, or null when they may not (the route answers 404 either
 * way): customerRecordAccess decides, and only admins see a quote before approval (D12).
 */
export async function readQuoteView(database: Database, by: 'id' | 'assessment', id: number, reader: QuoteReader, now: Date = new Date()): Promise<QuoteWithAssessment | null> {
  return (await readQuoteStamped(database, by, id, reader, now))?.view ?? null;
}

async function readQuoteStamped(database: Database, by: 'id' | 'assessment', id: number, reader: QuoteReader, now: Date): Promise<({ view: QuoteWithAssessment } & Stamped) | null> {
  const read = batchedRead<{ id: number; hashes: string[] }, ReadQuoteRow>(database, by === 'id' ? READ_QUOTES : READ_QUOTES_BY_ASSESSMENT);
  const row = await read({ id, hashes: reader.grantTokenHashes });
  if (!row) return null;
  const { quote, items } = quoteFromJson(row.quote);
  const access = quoteAccess(viewerOfRead(reader.user, quote.assessmentId, row.granted), quote);
  if (!access) return null;
  return { view: { ...toQuoteView(quote, items, row.assessment.reference, now), assessment: enquiryOfQuoteFromJson(row.assessment) }, access, stamp: row.stamp };
}

/** customerRecordAccess for a quote, or null when this viewer may not see it: only admins see one before approval (D12). */
export function quoteAccess(viewer: Viewer, quote: Pick<QuoteViewRow, 'assessmentId' | 'assignedRepairerId' | 'status'>): Exclude<CustomerRecordAccess, 'none'> | null {
  const access = customerRecordAccess(viewer, { assessmentId: quote.assessmentId, assignedRepairerId: quote.assignedRepairerId });
  if (access === 'none') return null;
  if (access !== 'admin' && !CUSTOMER_VISIBLE_QUOTE_STATUSES.has(quote.status)) return null;
  return access;
}

/**
 * The quote's answer serialised by `serialize` (the route's own serialiser), or null when this
 * reader may not see it: readQuoteView's answer, sent as kept while the quote's stamp is
 * unchanged (src/server/db/kept-answers.ts). Access is decided on every request, as readQuoteView decides it.
 */
export async function readQuoteBody(
  database: Database,
  by: 'id' | 'assessment',
  id: number,
  reader: QuoteReader,
  serialize: (view: QuoteWithAssessment) => string,
  now: Date = new Date(),
): Promise<string | null> {
  const read = batchedRead<{ id: number; hashes: string[] }, ReadQuoteStampRow>(database, by === 'id' ? READ_QUOTE_STAMPS : READ_QUOTE_STAMPS_BY_ASSESSMENT);
  const row = await read({ id, hashes: reader.grantTokenHashes });
  const access = row ? quoteAccess(viewerOfRead(reader.user, row.assessmentId, row.granted), row) : null;
  if (!row || !access) return null;
  return keptOrBuilt(database, 'quote', londonDateOf(now), { access, stamp: row.stamp }, () => readQuoteStamped(database, by, id, reader, now), serialize);
}

type ReadQuoteRow = { quote: QuoteJson; assessment: AssessmentJson; granted: boolean; stamp: string };
type ReadQuoteStampRow = { assessmentId: number; assignedRepairerId: number | null; status: QuoteViewRow['status']; granted: boolean; stamp: string };
