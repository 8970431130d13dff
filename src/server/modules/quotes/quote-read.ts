// Issue 9: a quote, its line items and what decides who may see it, as one JSON value built in
// the statement that reads it (the customer's assessment read and quote reads embed it). Times
// travel as epoch milliseconds, truncated as the drivers truncate them, and become Dates here.
import type { QuoteView } from '../../../shared/api/quotes';
import { CUSTOMER_VISIBLE_QUOTE_STATUSES } from '../../../shared/lifecycles/quote';
import { batchedRead, batchedReadSql } from '../../db/batch';
import type { Database } from '../../db/database';
import { customerRecordAccess, type Viewer } from '../access/access.policy';
import type { SessionUser } from '../auth/auth.service';
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
  'createdAtMs', floor(extract(epoch FROM q.created_at) * 1000)::float8,
  'approvedAtMs', floor(extract(epoch FROM q.approved_at) * 1000)::float8,
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
  return { quote: { ...rest, createdAt: new Date(createdAtMs), approvedAt: approvedAtMs === null ? null : new Date(approvedAtMs) }, items };
}

// GET /api/quotes/{id} and GET /api/quotes/assessment/{assessmentId}, each in one statement:
// the quote with its items, its enquiry's reference, and whether this browser holds a grant
// for that enquiry. Reads of one kind that arrive together run as one statement, one reader
// per row of `reader` (the id asked for and that reader's own grant hashes).
const readQuoteSql = (where: string) => `SELECT ${QUOTE_JSON_SQL} AS quote, coalesce(a.reference, '') AS reference,
  EXISTS (SELECT 1 FROM customer_grants g WHERE g.assessment_id = q.assessment_id AND g.token_hash = ANY(reader.hashes)) AS granted
FROM quotes q LEFT JOIN assessments a ON a.id = q.assessment_id WHERE ${where}`;
const READ_QUOTES = batchedReadSql('read_quotes', { id: 'int', hashes: 'text[]' }, readQuoteSql('q.id = reader.id'));
const READ_QUOTES_BY_ASSESSMENT = batchedReadSql('read_quotes_by_assessment', { id: 'int', hashes: 'text[]' }, readQuoteSql('q.assessment_id = reader.id'));

/**
 * The quote as this reader may see it, or null when they may not (the route answers 404 either
 * way): customerRecordAccess decides, and only admins see a quote before approval (D12).
 */
export async function readQuoteView(
  database: Database,
  by: 'id' | 'assessment',
  id: number,
  reader: { user: SessionUser | null; grantTokenHashes: string[] },
): Promise<QuoteView | null> {
  const read = batchedRead<QuoteReader, ReadQuoteRow>(database, by === 'id' ? READ_QUOTES : READ_QUOTES_BY_ASSESSMENT);
  const row = await read({ id, hashes: reader.grantTokenHashes });
  if (!row) return null;
  const { quote, items } = quoteFromJson(row.quote);
  const viewer: Viewer = { user: reader.user, assessmentIds: row.granted ? [quote.assessmentId] : [] };
  const access = customerRecordAccess(viewer, { assessmentId: quote.assessmentId, assignedRepairerId: quote.assignedRepairerId });
  if (access === 'none') return null;
  if (access !== 'admin' && !CUSTOMER_VISIBLE_QUOTE_STATUSES.has(quote.status)) return null;
  return toQuoteView(quote, items, row.reference);
}

type ReadQuoteRow = { quote: QuoteJson; reference: string; granted: boolean };
type QuoteReader = { id: number; hashes: string[] };
