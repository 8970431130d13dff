// What other modules may ask about quotes: which quote each assessment has, and what a given
// audience may see of it.
import type { QuoteView } from '../../../shared/api/quotes';
import type { Db } from '../../db/database';
import { CUSTOMER_VISIBLE_QUOTE_STATUSES, toQuoteView } from './quote-view';
import { assignedRepairerOf, quotesOf, type QuoteWithItems } from './quotes.repo';

export type QuoteAudience = 'admin' | 'customer' | 'assigned-repairer';

export interface QuotesByAssessment {
  /** The repairer who accepted the job, for the access check. */
  assignedRepairerId(assessmentId: number): number | null;
  /** The quote as this audience may see it: admins see every status, others once approved (D12). */
  viewFor(assessmentId: number, audience: QuoteAudience): QuoteView | null;
}

export async function quotesForAssessments(db: Db, assessments: ReadonlyArray<{ id: number; reference: string }>): Promise<QuotesByAssessment> {
  const quotes = await quotesOf(db, assessments.map((assessment) => assessment.id));
  const references = new Map(assessments.map((assessment) => [assessment.id, assessment.reference]));
  const now = new Date();
  return {
    assignedRepairerId: (assessmentId) => quotes.get(assessmentId)?.quote.assignedRepairerId ?? null,
    viewFor(assessmentId, audience) {
      const found: QuoteWithItems | undefined = quotes.get(assessmentId);
      if (!found) return null;
      const visible = audience === 'admin' || CUSTOMER_VISIBLE_QUOTE_STATUSES.has(found.quote.status);
      return visible ? toQuoteView(found.quote, found.items, references.get(assessmentId) ?? '', now) : null;
    },
  };
}

export { assignedRepairerOf };
