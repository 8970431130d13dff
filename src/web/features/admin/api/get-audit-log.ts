import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { getQueryFn } from '../../../lib/api';
import { AuditPageSchema, type AuditPage } from '../../../../shared/api/privacy';

export const AUDIT_PAGE_SIZE = 50;

/** GET /api/admin/audit-log: who did what, newest first. */
export function useAuditLog(page: number) {
  return useQuery<AuditPage>({
    queryKey: [`/api/admin/audit-log?page=${page}&pageSize=${AUDIT_PAGE_SIZE}`],
    queryFn: getQueryFn({ on401: 'throw', schema: AuditPageSchema }),
    placeholderData: keepPreviousData,
  });
}
