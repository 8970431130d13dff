import { useQuery } from '@tanstack/react-query';
import { typedQueryFn } from '../../../lib/api';
import type { OpenModificationRequests } from '../../../../shared/api/quotes';

/** The URL first, so the default query function fetches GET /api/quotes/{id}/modification-requests. */
export const openModificationRequestsKey = (quoteId: number) => ['/api/quotes', String(quoteId), 'modification-requests'] as const;

/** The customer's requests the team has not answered yet (issue 37 item 7). */
export function useOpenModificationRequests(quoteId: number, enabled: boolean) {
  return useQuery<OpenModificationRequests>({ queryKey: openModificationRequestsKey(quoteId), queryFn: typedQueryFn<OpenModificationRequests>(), staleTime: 0, enabled });
}
