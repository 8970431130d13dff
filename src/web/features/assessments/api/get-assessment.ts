import { useQuery } from '@tanstack/react-query';
import { typedQueryFn } from '../../../lib/api';
import { type AssessmentView } from '../../../../shared/api/assessments';

export const assessmentQueryKey = (id: number | string) => ['/api/assessments', String(id)] as const;

export type UseAssessmentOptions = {
  /**
   * Read it again every so many milliseconds while this says so (false: stop). The quote page
   * polls quietly only while the quote is being prepared.
   */
  refetchInterval?: (assessment: AssessmentView | undefined) => number | false;
  /** False: read it no more (once the customer has erased it, every read would be a 404). */
  enabled?: boolean;
};

/**
 * GET /api/assessments/{id}: readable with the customer's access grant (D10); anyone else
 * gets 404. Its quote appears once an admin approves it (D12).
 */
export function useAssessment(id: string, { refetchInterval, enabled = true }: UseAssessmentOptions = {}) {
  return useQuery<AssessmentView>({
    queryKey: assessmentQueryKey(id),
    enabled,
    queryFn: typedQueryFn<AssessmentView>(),
    ...(refetchInterval ? { refetchInterval: (query) => refetchInterval(query.state.data) } : {}),
  });
}
