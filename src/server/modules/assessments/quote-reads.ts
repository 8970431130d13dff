// What the assessments module needs of quotes, which build on it: the draft quote made with a
// submission, and the reads of an assessment with its quote (quotes/assessment-reads.repo.ts).
// buildApp hands them in (assessmentRoutes(quoteReadsForAssessments)), so assessments never
// imports quotes and the two modules do not import each other.
import type { AssessmentView } from '../../../shared/api/assessments';
import type { Database, Db } from '../../db/database';
import type { SessionUser } from '../../kernel/viewer';
import type { AssessmentRow } from './assessments.repo';

/** Who an assessment's quote is shown to (quotes.service's QuoteAudience). */
export type QuoteAudience = 'admin' | 'customer' | 'assigned-repairer';

export interface QuoteReads {
  /** Views of these assessments for one audience, with their quotes. */
  viewsOf(db: Db, rows: AssessmentRow[], audience: QuoteAudience): Promise<AssessmentView[]>;
  /** GET /api/assessments (admins): a page, the newest first, with the total. */
  readAssessmentsPageForAdmin(database: Database, page?: number, pageSize?: number | null): Promise<{ views: AssessmentView[]; total: number }>;
  /** GET /api/assessments/{id}'s answer for this reader, serialised, or a 404 that reveals nothing. */
  readAssessmentBody(
    database: Database,
    id: number,
    reader: { user: SessionUser | null; grantTokenHashes: string[] },
    serialize: (view: AssessmentView) => string,
  ): Promise<string>;
  /** D12: the draft quote from the price list, in the submission's transaction. */
  createDraftQuote(tx: Db, assessment: AssessmentRow): Promise<unknown>;
}
