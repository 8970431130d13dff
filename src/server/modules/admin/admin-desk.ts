// The admin's quote desk (issue 10): composes what the assessments and quotes modules own into
// SPEC's Quote Management cards. Every list is a fixed number of queries, however many rows.
import type { AdminQuoteCard, AdminStats, EnquiryRow } from '../../../shared/api/admin';
import { penceToDecimalString } from '../../../shared/money';
import type { Db } from '../../db/database';
import { viewsOf } from '../assessments/assessment-reads';
import { countAssessments, findAssessmentsByIds, searchAssessments } from '../assessments/assessments.repo';
import { toModificationRequestView } from '../quotes/quote-view';
import {
  countQuotesWithStatus,
  deskPage,
  modificationRequestsOf,
  paidPlatformFeesPence,
  quotesOf,
  type DeskFilter,
  type QuoteRow,
} from '../quotes/quotes.repo';
import { countVerifiedRepairers } from '../repairers/repairers.repo';

export async function adminStats(db: Db): Promise<AdminStats> {
  const [totalEnquiries, pendingQuotes, revenuePence, repairers] = await Promise.all([
    countAssessments(db),
    countQuotesWithStatus(db, 'pending'),
    paidPlatformFeesPence(db),
    countVerifiedRepairers(db),
  ]);
  return { totalEnquiries, pendingQuotes, revenue: penceToDecimalString(revenuePence), repairers };
}

/** Cards for these quotes, in their order: the enquiry (with photos and the admin's quote view) and open modification requests. */
export async function cardsFor(db: Db, quotes: QuoteRow[]): Promise<AdminQuoteCard[]> {
  if (quotes.length === 0) return [];
  const [assessments, requests] = await Promise.all([
    findAssessmentsByIds(
      db,
      quotes.map((quote) => quote.assessmentId),
    ),
    modificationRequestsOf(
      db,
      quotes.map((quote) => quote.id),
      true,
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
      },
    ];
  });
}

export async function deskList(db: Db, filter: DeskFilter, page: number, pageSize: number) {
  const { rows, total } = await deskPage(db, filter, page, pageSize);
  return { items: await cardsFor(db, rows), total, page, pageSize };
}

export async function enquiryList(db: Db, search: string | undefined, page: number, pageSize: number) {
  const { rows, total } = await searchAssessments(db, search, page, pageSize);
  const quotes = await quotesOf(
    db,
    rows.map((row) => row.id),
  );
  const items: EnquiryRow[] = rows.map((row) => {
    const quote = quotes.get(row.id)?.quote;
    return {
      assessmentId: row.id,
      reference: row.reference,
      name: row.name,
      email: row.email,
      postcode: row.postcode,
      vehicle: `${row.vehicleYear} ${row.vehicleMake} ${row.vehicleModel}`,
      damageType: row.damageType,
      createdAt: row.createdAt.toISOString(),
      quoteId: quote?.id ?? null,
      quoteStatus: quote?.status ?? null,
      totalCost: quote ? penceToDecimalString(quote.totalPence) : null,
    };
  });
  return { items, total, page, pageSize };
}
