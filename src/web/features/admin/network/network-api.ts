import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiJson, apiRequest, parseResponse } from '../../../lib/api';
import { InvitationSentSchema, NetworkRepairerSchema, NetworkRepairersSchema, type NetworkRepairer, type NewRepairerBody } from '../../../../shared/api/repairer-accounts';
import { adminStatsKey } from '../api/admin-query-keys';

const networkRoot = ['/api/repairers'] as const;

/** GET /api/repairers?page=: SPEC's first 50 repairers (and more by page), with the total. */
export interface NetworkFilters {
  search: string;
  verified: '' | 'true' | 'false';
  hasEmail: '' | 'true' | 'false';
  hasAccount: '' | 'true' | 'false';
  /** Issue 13: one of emailSources, or '' for all. */
  emailSource: string;
  imported: '' | 'true' | 'false';
  introduced: '' | 'true' | 'false';
}

export function useNetwork(page: number, filters: NetworkFilters) {
  return useQuery<{ rows: NetworkRepairer[]; total: number }>({
    queryKey: [...networkRoot, page, filters],
    queryFn: async () => {
      const params = new URLSearchParams({ page: String(page) });
      for (const [name, value] of Object.entries(filters)) if (value.trim() !== '') params.set(name, value.trim());
      const url = `/api/repairers?${params}`;
      const response = await apiRequest('GET', url);
      return { rows: parseResponse(NetworkRepairersSchema, url, await response.json()), total: Number(response.headers.get('X-Total-Count') ?? 0) };
    },
  });
}

export function useSetVerification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, isVerified }: { id: number; isVerified: boolean }) => apiJson('POST', `/api/admin/repairers/${id}/verification`, { isVerified }, NetworkRepairerSchema),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: networkRoot });
      void queryClient.invalidateQueries({ queryKey: adminStatsKey });
    },
  });
}

export function useInviteRepairer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiJson('POST', `/api/admin/repairers/${id}/invite`, {}, InvitationSentSchema),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: networkRoot }),
  });
}

/** POST /api/admin/repairers: a business the team knows, added by hand (Pending Verification, no account). */
export function useAddRepairer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: NewRepairerBody) => apiJson('POST', '/api/admin/repairers', body, NetworkRepairerSchema),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: networkRoot }),
  });
}
