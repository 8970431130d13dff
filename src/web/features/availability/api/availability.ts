import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiJson, getQueryFn } from '../../../lib/api';
import {
  AdminAvailabilityViewSchema,
  AvailabilitySavedSchema,
  AvailabilityViewSchema,
  type AdminAvailabilityView,
  type AvailabilityBody,
  type AvailabilityView,
} from '../../../../shared/api/repairer-availability';

// Issue 35 item 1: a technician's availability, their own (/api/repairer/availability) or, for
// the team, anyone's (/api/admin/repairers/{id}/availability). One URL per whose it is.
export const ownAvailabilityUrl = '/api/repairer/availability';
export const teamAvailabilityUrl = (repairerId: number) => `/api/admin/repairers/${repairerId}/availability`;

export function useOwnAvailability() {
  return useQuery<AvailabilityView>({ queryKey: [ownAvailabilityUrl], queryFn: getQueryFn({ on401: 'throw', schema: AvailabilityViewSchema }) });
}

export function useTeamAvailability(repairerId: number) {
  return useQuery<AdminAvailabilityView>({ queryKey: [teamAvailabilityUrl(repairerId)], queryFn: getQueryFn({ on401: 'throw', schema: AdminAvailabilityViewSchema }) });
}

/** PUT to `url`: the answer replaces what the screen shows. */
export function useSaveAvailability(url: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AvailabilityBody) => apiJson('PUT', url, body, AvailabilitySavedSchema.passthrough()),
    onSuccess: ({ takenBack: _takenBack, ...saved }) => queryClient.setQueryData([url], (before: object | undefined) => ({ ...before, ...saved })),
  });
}
