import { useQuery } from '@tanstack/react-query';
import { getQueryFn } from '../../../lib/api';
import type { Assessment } from '../assessment-types';

export const assessmentQueryKey = (id: number | string) => ['/api/assessments', String(id)] as const;

/**
 * GET /api/assessments/{id}: readable with the customer's access grant (D10); anyone else
 * gets 404. Its quote appears once an admin approves it (D12).
 */
export function useAssessment(id: string) {
  return useQuery<Assessment>({
    queryKey: assessmentQueryKey(id),
    queryFn: getQueryFn<Assessment>({ on401: 'throw' }),
  });
}
