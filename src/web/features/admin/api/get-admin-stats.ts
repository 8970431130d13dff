import { useQuery } from '@tanstack/react-query';
import { getQueryFn } from '../../../lib/api';
import { AdminStatsSchema, type AdminStats } from '../../../../shared/api/admin';
import { adminStatsKey } from './admin-query-keys';

/** GET /api/admin/stats: SPEC's four stat cards. Invalidated by every quote change. */
export function useAdminStats() {
  return useQuery<AdminStats>({ queryKey: adminStatsKey, queryFn: getQueryFn({ on401: 'throw', schema: AdminStatsSchema }) });
}
