import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiJson, getQueryFn } from '../../../lib/api';
import {
  AdminAvailabilityDaySchema,
  AdminAvailabilityMonthSchema,
  type AdminAvailabilityMonth,
  type AdminAvailabilityUpdate,
} from '../../../../shared/api/appointments';

export const adminAvailabilityRoot = ['/api/admin/availability'] as const;
export const adminAvailabilityKey = (month: string) => [...adminAvailabilityRoot, { month }] as const;

/** GET /api/admin/availability?month=YYYY-MM: every day's slots with capacity and places taken. */
export function useAdminAvailability(month: string) {
  return useQuery<AdminAvailabilityMonth>({
    queryKey: adminAvailabilityKey(month),
    queryFn: getQueryFn({ on401: 'throw', schema: AdminAvailabilityMonthSchema }),
    staleTime: 0,
  });
}

/** PUT /api/admin/availability/{date}: a slot's capacity (null = the default) or close/reopen the day. */
export function useUpdateAvailability() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ date, update }: { date: string; update: AdminAvailabilityUpdate }) =>
      apiJson('PUT', `/api/admin/availability/${date}`, update, AdminAvailabilityDaySchema),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: adminAvailabilityRoot }),
  });
}
