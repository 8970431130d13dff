// The admin's quote desk (issue 10): composes what the assessments and quotes modules own into
// SPEC's Quote Management cards. Every list is a fixed number of queries, however many rows.
import { enquiryBooking, enquiryQuoteExpired, type AdminQuoteCard, type AdminStats, type BookingStageFacts, type EnquiryRow } from '../../../shared/api/admin';
import { penceToDecimalString } from '../../../shared/money';
import { coalescedRead, dateOfEpochMs, epochMsSql, type CoalescedReadSpec } from '../../db/batch';
import type { Database, Db } from '../../db/database';
import type { QuoteView } from '../../../shared/api/quotes';
import { ADMIN_ASSESSMENT_JSON_SQL, adminViewFromJson, modificationRequestsOf, revisionDraftsOf, toModificationRequestView, viewsOf, type AdminAssessmentJson, type DeskFilter, type QuoteRow } from '../quotes';
import { ENQUIRY_SEARCH_SQL, enquirySearchTerms, findAssessmentsByIds } from '../assessments';

// GET /api/admin/stats, SPEC's four stat cards, in one statement (issue 9): every enquiry, the
// quotes awaiting review, the revenue and the verified repairers. Issue 37: the revenue is the
// platform's whole take on payments taken (D14, the payment owns "paid"), split as every screen
// splits a job (shared/money-split.ts): the service fees, the margin (labour, parts and materials
// less the repairer's share) and, taken off, the take given back with refunds. The sums travel as
// text, so no driver rounds them. The dashboard shows it to every admin, so admins asking
// together share one run.
const TAKE = 'q.fee_pence + q.labor_pence + q.parts_pence + q.materials_pence - q.repairer_payment_pence';
const ADMIN_STATS_SQL = `WITH taken AS (
    SELECT q.fee_pence AS fee, q.labor_pence + q.parts_pence + q.materials_pence - q.repairer_payment_pence AS margin,
      CASE WHEN p.status = 'refunded' AND p.amount_pence > 0
        THEN round((${TAKE})::numeric * least(coalesce(nullif(p.refunded_pence, 0), p.amount_pence), p.amount_pence) / p.amount_pence)
        ELSE 0 END AS refunded
    FROM payments p JOIN quotes q ON q.id = p.quote_id
    WHERE p.status IN ('succeeded', 'refunded'))
  SELECT (SELECT count(*) FROM assessments)::int AS "totalEnquiries",
  (SELECT count(*) FROM quotes WHERE status = 'pending')::int AS "pendingQuotes",
  (SELECT coalesce(sum(fee), 0) FROM taken)::text AS "feesPence",
  (SELECT coalesce(sum(margin), 0) FROM taken)::text AS "marginPence",
  (SELECT coalesce(sum(refunded), 0) FROM taken)::text AS "refundsPence",
  (SELECT count(*) FROM repairers WHERE is_verified)::int AS repairers`;

type StatsRow = { totalEnquiries: number; pendingQuotes: number; feesPence: string; marginPence: string; refundsPence: string; repairers: number };

const ADMIN_STATS: CoalescedReadSpec<null, AdminStats> = {
  name: 'read_admin_stats',
  keyOf: () => 'all',
  async read(database) {
    const [row] = await database.statement<StatsRow>('read_admin_stats', ADMIN_STATS_SQL).run([]);
    const { totalEnquiries, pendingQuotes, repairers } = row!;
    const [fees, margin, refunds] = [row!.feesPence, row!.marginPence, row!.refundsPence].map(Number) as [number, number, number];
    return {
      totalEnquiries,
      pendingQuotes,
      revenue: penceToDecimalString(fees + margin - refunds),
      revenueBreakdown: { fees: penceToDecimalString(fees), margin: penceToDecimalString(margin), refunds: penceToDecimalString(refunds) },
      repairers,
    };
  },
};

/** GET /api/admin/stats. The route's role group admits admins only. */
export function readAdminStats(database: Database): Promise<AdminStats> {
  return coalescedRead(database, ADMIN_STATS)(null);
}

/** Cards for these quotes, in their order: the enquiry (with photos and the admin's quote view) and open modification requests. */
/** A card's unsent revision: its view as saved, when. */
function draftOfCard(draft: { view: unknown; savedAt: Date } | null): AdminQuoteCard['revisionDraft'] {
  return draft ? { savedAt: draft.savedAt.toISOString(), quote: draft.view as QuoteView } : null;
}

export async function cardsFor(db: Db, quotes: QuoteRow[]): Promise<AdminQuoteCard[]> {
  if (quotes.length === 0) return [];
  const [assessments, requests, drafts] = await Promise.all([
    findAssessmentsByIds(
      db,
      quotes.map((quote) => quote.assessmentId),
    ),
    modificationRequestsOf(
      db,
      quotes.map((quote) => quote.id),
      true,
    ),
    revisionDraftsOf(
      db,
      quotes.map((quote) => quote.id),
    ),
  ]);
  const views = new Map((await viewsOf(db, assessments, 'admin')).map((view) => [view.id, view]));
  return quotes.flatMap((quote) => {
    const assessment = views.get(quote.assessmentId);
    if (!assessment?.quote) return [];
    return [
      {
        quote: assessment.quote,
        assessment,
        modificationRequests: requests.filter((request) => request.quoteId === quote.id).map(toModificationRequestView),
        revisionDraft: draftOfCard(drafts.find((draft) => draft.quoteId === quote.id) ?? null),
      },
    ];
  });
}

// GET /api/admin/enquiries in one prepared statement (issue 9): the total the search matches,
// and a page of them, the newest first, each with its quote's id, status and total. Built by
// drizzle it was four statements (the page, the count, the quotes, every quote's items, which it
// did not use), parsed and planned on every call: on PGlite 178 req/s, p99 112 ms. Admins asking
// for the same search and page together share one run.
// tests/helpers/composed-reads.ts keeps the composed reference (enquiryListComposed).
const ENQUIRY_PAGE_SQL = `SELECT (SELECT count(*) FROM assessments a WHERE ${ENQUIRY_SEARCH_SQL})::int AS total,
  (SELECT coalesce(json_agg(json_build_object('assessmentId', p.id, 'reference', p.reference, 'name', p.name, 'email', p.email,
      'postcode', p.postcode, 'vehicleYear', p.vehicle_year, 'vehicleMake', p.vehicle_make, 'vehicleModel', p.vehicle_model,
      'damageType', p.damage_type, 'createdAtMs', ${epochMsSql('p.created_at')},
      'quoteId', q.id, 'quoteStatus', q.status, 'totalPence', q.total_pence, 'validUntil', q.valid_until_date::text,
      'booking', CASE WHEN b.id IS NULL THEN NULL ELSE json_build_object('appointmentId', b.id, 'date', b.appointment_date::text, 'status', b.status,
        'paymentStatus', pm.status, 'payoutStatus', po.status, 'problemReported', b.problem_reported_at IS NOT NULL) END) ORDER BY p.created_at DESC, p.id DESC), '[]'::json)
   FROM (SELECT a.* FROM assessments a WHERE ${ENQUIRY_SEARCH_SQL} ORDER BY a.created_at DESC, a.id DESC LIMIT $4 OFFSET $5) p
   LEFT JOIN quotes q ON q.assessment_id = p.id
   -- The live booking, else the latest, with what bookingStage (src/shared/api/admin.ts) reads of it.
   LEFT JOIN LATERAL (SELECT ap.* FROM appointments ap WHERE ap.quote_id = q.id
     ORDER BY (ap.status IN ('held', 'confirmed', 'assigned', 'completed')) DESC, ap.id DESC LIMIT 1) b ON true
   LEFT JOIN payments pm ON pm.appointment_id = b.id
   LEFT JOIN payouts po ON po.payment_id = pm.id) AS items`;

interface EnquiryJson extends Omit<EnquiryRow, 'vehicle' | 'createdAt' | 'totalCost' | 'booking' | 'quoteExpired'> {
  validUntil: string | null;
  booking: (BookingStageFacts & { appointmentId: number; date: string }) | null;
  vehicleYear: number;
  vehicleMake: string;
  vehicleModel: string;
  createdAtMs: number;
  totalPence: number | null;
}

/** A page of the enquiries a search matches (all without one), the newest first, with the total. */
async function readEnquiryPage(database: Database, search: string | undefined, page: number, pageSize: number) {
  const { prefix, referencePrefix, postcodePrefix } = enquirySearchTerms(search);
  const [row] = await database
    .statement<{ total: number; items: EnquiryJson[] }>('read_enquiry_page', ENQUIRY_PAGE_SQL)
    .run([prefix, referencePrefix, postcodePrefix, pageSize, (page - 1) * pageSize]);
  const now = new Date();
  const items: EnquiryRow[] = row!.items.map(({ vehicleYear, vehicleMake, vehicleModel, createdAtMs, totalPence, booking, validUntil, ...enquiry }) => ({
    ...enquiry,
    quoteExpired: enquiryQuoteExpired(enquiry.quoteStatus, validUntil, now),
    booking: enquiryBooking(booking),
    vehicle: `${vehicleYear} ${vehicleMake} ${vehicleModel}`,
    createdAt: new Date(createdAtMs).toISOString(),
    totalCost: totalPence === null ? null : penceToDecimalString(totalPence),
  }));
  return { items, total: row!.total, page, pageSize };
}

type EnquiryPage = Awaited<ReturnType<typeof readEnquiryPage>>;

const ENQUIRY_PAGE: CoalescedReadSpec<{ search: string | undefined; page: number; pageSize: number }, EnquiryPage> = {
  name: 'read_enquiry_page',
  keyOf: ({ search, page, pageSize }) => JSON.stringify([(search ?? '').trim().toLowerCase(), page, pageSize]),
  read: (database, { search, page, pageSize }) => readEnquiryPage(database, search, page, pageSize),
};

/** GET /api/admin/enquiries: admins asking for the same search and page together share one statement, and its answer. */
export function enquiryList(database: Database, search: string | undefined, page: number, pageSize: number): Promise<EnquiryPage> {
  return coalescedRead(database, ENQUIRY_PAGE)({ search, page, pageSize });
}

// Issue 9: a page of the quote desk in one statement per filter: the total, and per quote (the
// oldest waiting first for work still to do, the newest first otherwise) its enquiry as the admin
// sees it (ADMIN_ASSESSMENT_JSON_SQL, with the quote) and its open modification requests, oldest
// first. tests/helpers/composed-reads.ts keeps the composed reference (deskList).
const DESK_WHERE: Record<DeskFilter, string> = {
  'needs-attention': `q.status = 'pending' OR (q.status = 'approved' AND q.id IN (SELECT r.quote_id FROM quote_modification_requests r WHERE r.answered_at IS NULL))`,
  pending: `q.status = 'pending'`,
  approved: `q.status = 'approved'`,
  booked: `q.status = 'booked'`,
};
const deskPageSql = (filter: DeskFilter) => {
  const direction = filter === 'needs-attention' || filter === 'pending' ? 'ASC' : 'DESC';
  return `SELECT (SELECT count(*) FROM quotes q WHERE ${DESK_WHERE[filter]})::int AS total,
  (SELECT coalesce(json_agg(json_build_object(
      'assessment', ${ADMIN_ASSESSMENT_JSON_SQL},
      'requests', (SELECT coalesce(json_agg(json_build_object('id', r.id, 'quoteId', r.quote_id, 'message', r.message,
          'createdAtMs', ${epochMsSql('r.created_at')},
          'answeredAtMs', ${epochMsSql('r.answered_at')}) ORDER BY r.created_at ASC, r.id ASC), '[]'::json)
        FROM quote_modification_requests r WHERE r.quote_id = p.id AND r.answered_at IS NULL),
      'draft', (SELECT json_build_object('view', d.view, 'savedAtMs', ${epochMsSql('d.saved_at')}) FROM quote_revision_drafts d WHERE d.quote_id = p.id)
    ) ORDER BY p.created_at ${direction}, p.id ${direction}), '[]'::json)
   FROM (SELECT q.* FROM quotes q WHERE ${DESK_WHERE[filter]} ORDER BY q.created_at ${direction}, q.id ${direction} LIMIT $1 OFFSET $2) p
   JOIN assessments a ON a.id = p.assessment_id) AS items`;
};
const DESK_PAGE_SQL = Object.fromEntries((Object.keys(DESK_WHERE) as DeskFilter[]).map((filter) => [filter, deskPageSql(filter)])) as Record<DeskFilter, string>;

interface DeskCardJson {
  assessment: AdminAssessmentJson;
  requests: { id: number; quoteId: number; message: string; createdAtMs: number; answeredAtMs: number | null }[];
  draft: { view: unknown; savedAtMs: number } | null;
}

type DeskPageAsked = { filter: DeskFilter; page: number; pageSize: number };
const DESK_PAGE: CoalescedReadSpec<DeskPageAsked, { items: AdminQuoteCard[]; total: number; page: number; pageSize: number }> = {
  name: 'read_desk_page',
  keyOf: ({ filter, page, pageSize }) => `${filter}:${page}:${pageSize}`,
  async read(database, { filter, page, pageSize }) {
    const [row] = await database
      .statement<{ total: number; items: DeskCardJson[] }>(`read_desk_page_${filter.replace('-', '_')}`, DESK_PAGE_SQL[filter])
      .run([pageSize, (page - 1) * pageSize]);
    const now = new Date();
    const items: AdminQuoteCard[] = row!.items.flatMap(({ assessment: json, requests, draft }) => {
      const assessment = adminViewFromJson(json, now);
      if (!assessment.quote) return [];
      const modificationRequests = requests.map((request) =>
        toModificationRequestView({
          id: request.id,
          quoteId: request.quoteId,
          message: request.message,
          createdAt: new Date(request.createdAtMs),
          answeredAt: dateOfEpochMs(request.answeredAtMs),
        }),
      );
      const revisionDraft = draftOfCard(draft ? { view: draft.view, savedAt: new Date(draft.savedAtMs) } : null);
      return [{ quote: assessment.quote, assessment, modificationRequests, revisionDraft }];
    });
    return { items, total: row!.total, page, pageSize };
  },
};

/**
 * GET /api/admin/quotes in one statement: a page of cards, each as cardsFor composes it. The
 * route's role group admits admins only. Every admin sees the same page, so requests for it that
 * arrive together share one statement (coalescedRead).
 */
export function readDeskPage(database: Database, filter: DeskFilter, page: number, pageSize: number) {
  return coalescedRead(database, DESK_PAGE)({ filter, page, pageSize });
}
