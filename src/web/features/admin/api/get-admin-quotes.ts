import { useQuery } from '@tanstack/react-query';
import { getQueryFn } from '../../../lib/api';
import { AdminQuoteListSchema, type AdminQuoteList } from '../../../../shared/api/admin';
import { adminQuotesRoot } from './admin-query-keys';

export type AdminQuotesQuery = { status?: 'needs-attention' | 'pending' | 'approved' | 'booked'; page?: number; pageSize?: number };

export const adminQuotesKey = (query: AdminQuotesQuery = {}) => [...adminQuotesRoot, { status: 'needs-attention', page: 1, pageSize: 20, ...query }] as const;

/** GET /api/admin/quotes: the cards that need the team (pending, or with an open modification request). */
export function useAdminQuotes(query: AdminQuotesQuery = {}) {
  return useQuery<AdminQuoteList>({
    queryKey: adminQuotesKey(query),
    queryFn: getQueryFn({ on401: 'throw', schema: AdminQuoteListSchema }),
  });
}
