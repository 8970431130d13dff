import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiJson, getQueryFn } from '../../../lib/api';
import {
  CollectionResultSchema,
  EmailCollectionResultsSchema,
  EmailCollectionStatusSchema,
  type CollectEmailsBody,
} from '../../../../shared/api/email-collection';
import { JobRunSchema, LatestJobRunSchema, type LatestJobRun } from '../../../../shared/api/job-runs';

export const collectionStatusKey = ['/api/admin/email-collection-status'] as const;
export const collectionResultsKey = ['/api/admin/email-collection-results', { limit: 5 }] as const;
export const collectionRunKey = ['/api/admin/job-runs', 'email_collection'] as const;

/** GET /api/admin/email-collection-status: the status cards. */
export function useCollectionStatus() {
  return useQuery({ queryKey: collectionStatusKey, queryFn: getQueryFn({ on401: 'throw', schema: EmailCollectionStatusSchema }) });
}

/** GET /api/admin/email-collection-results?limit=5: SPEC's last 5 results. */
export function useRecentResults() {
  return useQuery({ queryKey: collectionResultsKey, queryFn: getQueryFn({ on401: 'throw', schema: EmailCollectionResultsSchema }) });
}

/** GET /api/admin/job-runs/email_collection: the latest run, polled every second while it runs. */
export function useCollectionRun() {
  return useQuery<LatestJobRun>({
    queryKey: collectionRunKey,
    queryFn: getQueryFn({ on401: 'throw', schema: LatestJobRunSchema }),
    refetchInterval: (query) => (query.state.data?.run?.status === 'running' ? 1000 : false),
  });
}

/** POST /api/admin/collect-emails: starts a run in the background. */
export function useCollectEmails() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CollectEmailsBody) => apiJson('POST', '/api/admin/collect-emails', body, CollectionResultSchema),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: collectionRunKey }),
  });
}

/** POST /api/admin/job-runs/email_collection/stop: the run stops before its next repairer. */
export function useStopCollection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiJson('POST', '/api/admin/job-runs/email_collection/stop', {}, JobRunSchema),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: collectionRunKey }),
  });
}
