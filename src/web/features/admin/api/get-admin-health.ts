import { useQuery } from '@tanstack/react-query';
import { getQueryFn } from '../../../lib/api';
import { AdminHealthSchema, type AdminHealth } from '../../../../shared/api/health';

/** GET /api/admin/health: the dashboard's health panel, refreshed every minute while it is open. */
export function useAdminHealth() {
  return useQuery<AdminHealth>({ queryKey: ['/api/admin/health'], queryFn: getQueryFn({ on401: 'throw', schema: AdminHealthSchema }), refetchInterval: 60_000 });
}
