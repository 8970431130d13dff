import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiJson, getQueryFn } from '../../../lib/api';
import { JobRunSchema, LatestJobRunSchema, type LatestJobRun } from '../../../../shared/api/job-runs';
import { PopulateFromPlacesResultSchema, type PopulateFromPlacesBody } from '../../../../shared/api/places-import';
import { adminStatsKey } from '../api/admin-query-keys';

export const placesRunKey = ['/api/admin/job-runs/places_import'] as const;
const networkRoot = ['/api/repairers'] as const;

/** How often the tab asks for progress while an import runs. */
export const PLACES_POLL_MS = 1000;

/** The latest import and its progress; polled while it runs. */
export function usePlacesImportRun() {
  return useQuery<LatestJobRun>({
    queryKey: placesRunKey,
    queryFn: getQueryFn({ on401: 'throw', schema: LatestJobRunSchema }),
    refetchInterval: (query) => (query.state.data?.run?.status === 'running' ? PLACES_POLL_MS : false),
  });
}

/** POST /api/repairers/populate-from-google: starts the import (SPEC's populate-from-places result). */
export function useStartPlacesImport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: NonNullable<PopulateFromPlacesBody>) => apiJson('POST', '/api/repairers/populate-from-google', body, PopulateFromPlacesResultSchema),
    onSuccess: ({ run }) => queryClient.setQueryData<LatestJobRun>(placesRunKey, (known) => ({ ...known, run })),
  });
}

/** POST /api/admin/job-runs/places_import/stop: the run stops after the search in hand. */
export function useStopPlacesImport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiJson('POST', '/api/admin/job-runs/places_import/stop', {}, JobRunSchema),
    onSuccess: (run) => queryClient.setQueryData<LatestJobRun>(placesRunKey, (known) => ({ ...known, run })),
  });
}

/** Once an import ends: the repairer list and the stat cards show what it added. */
export function refreshNetwork(queryClient: ReturnType<typeof useQueryClient>) {
  void queryClient.invalidateQueries({ queryKey: networkRoot });
  void queryClient.invalidateQueries({ queryKey: adminStatsKey });
}
