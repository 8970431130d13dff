import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiJson, getQueryFn } from '../../../lib/api';
import { VettingViewSchema, type RemovePhotoBody, type VettingCheckBody, type VettingView } from '../../../../shared/api/technician-applications';

// Issue 35 item 5: GET /api/admin/repairers/{id}/vetting, and POST to record one check; a recorded
// check refreshes the network list, whose rows count the checks.

const vettingKey = (id: number) => ['/api/admin/repairers', id, 'vetting'] as const;

export function useVetting(id: number) {
  return useQuery<VettingView>({ queryKey: vettingKey(id), queryFn: getQueryFn({ on401: 'throw', schema: VettingViewSchema }) });
}

export function useRecordCheck(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: VettingCheckBody) => apiJson('POST', `/api/admin/repairers/${id}/vetting`, body, VettingViewSchema),
    onSuccess: (view) => queryClient.setQueryData(vettingKey(id), view),
    // The row's count of checks follows.
    onSettled: () => void queryClient.invalidateQueries({ queryKey: ['/api/repairers'] }),
  });
}

/** Issue 37: DELETE /api/admin/repairers/{id}/photo, the team taking down an unsuitable photo for a stated reason. */
export function useTakeDownPhoto(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RemovePhotoBody) => apiJson('DELETE', `/api/admin/repairers/${id}/photo`, body, VettingViewSchema),
    onSuccess: (view) => queryClient.setQueryData(vettingKey(id), view),
  });
}
