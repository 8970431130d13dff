import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiJson, getQueryFn } from '../../../lib/api';
import { RepairerJobSchema, RepairerJobsSchema, type RepairerJob } from '../../../../shared/api/repairer-jobs';

export const repairerJobsUrl = (repairerId: number) => `/api/repairer/${repairerId}/jobs`;
export const repairerJobUrl = (id: number) => `/api/repairer/notifications/${id}`;

/** GET /api/repairer/{repairerId}/jobs: the repairer's offers, refreshed every minute (new offers arrive, others expire). */
export function useRepairerJobs(repairerId: number) {
  return useQuery<RepairerJob[]>({
    queryKey: [repairerJobsUrl(repairerId)],
    queryFn: getQueryFn({ on401: 'throw', schema: RepairerJobsSchema }),
    refetchInterval: 60_000,
  });
}

/** GET /api/repairer/notifications/{id}: one job; opening a new offer marks it viewed. */
export function useRepairerJob(id: number | null) {
  return useQuery<RepairerJob>({
    queryKey: [repairerJobUrl(id ?? 0)],
    queryFn: getQueryFn({ on401: 'throw', schema: RepairerJobSchema }),
    enabled: id !== null,
  });
}

function useAnswer(path: 'accept' | 'decline') {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reason }: { id: number; reason?: string }) => apiJson('POST', `${repairerJobUrl(id)}/${path}`, path === 'decline' ? { reason } : {}, RepairerJobSchema),
    // Accepted, declined or refused (taken meanwhile): the list and the panel show what is true now.
    onSettled: () => void queryClient.invalidateQueries({ predicate: (query) => String(query.queryKey[0]).startsWith('/api/repairer/') }),
  });
}

export const useAcceptJob = () => useAnswer('accept');
export const useDeclineJob = () => useAnswer('decline');

