// What other modules may ask about quotes: which quote each assessment has, and what a given
// audience may see of it.
import type { QuoteView } from '../../../shared/api/quotes';
import type { Db } from '../../db/database';
import { CUSTOMER_VISIBLE_QUOTE_STATUSES, toQuoteView } from './quote-view';
import { guideFor } from './quote-desk.service';
import { loadPriceList } from './price-list.repo';
import { assignedRepairerOf, quotesOf, type QuoteWithItems } from './quotes.repo';

import type { QuoteAudience } from '../assessments';

export type { QuoteAudience };

export interface QuotesByAssessment {
  /** The repairer who accepted the job, for the access check. */
  assignedRepairerId(assessmentId: number): number | null;
  /** The quote as this audience may see it: admins see every status, others once approved (D12). */
  viewFor(assessmentId: number, audience: QuoteAudience): QuoteView | null;
  /** D12: the guide price while the quote is not visible to this audience; null once it is. */
  guidePriceFor(assessment: GuideInput, audience: QuoteAudience): { low: string; high: string } | null;
}

type GuideInput = { id: number; damageType: string; damageLocations: readonly string[] };

export async function quotesForAssessments(
  db: Db,
  assessments: ReadonlyArray<{ id: number; reference: string }>,
  /** guideVatRatePercent: with it, a pending quote's guide at that VAT rate (issue 37). */
  options: { guideVatRatePercent?: number } = {},
): Promise<QuotesByAssessment> {
  const [quotes, priceList] = await Promise.all([
    quotesOf(db, assessments.map((assessment) => assessment.id)),
    options.guideVatRatePercent !== undefined ? loadPriceList(db) : Promise.resolve(null),
  ]);
  const references = new Map(assessments.map((assessment) => [assessment.id, assessment.reference]));
  const now = new Date();
  const visible = (assessmentId: number, audience: QuoteAudience) => {
    const found = quotes.get(assessmentId);
    return !!found && (audience === 'admin' || CUSTOMER_VISIBLE_QUOTE_STATUSES.has(found.quote.status));
  };
  return {
    guidePriceFor(assessment, audience) {
      if (!priceList || options.guideVatRatePercent === undefined || visible(assessment.id, audience)) return null;
      return guideFor(priceList, assessment, options.guideVatRatePercent);
    },
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
