import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '../../../lib/api';
import { AppointmentViewSchema } from '../../../../shared/api/appointments';

/** POST /api/repairer/appointments/{id}/on-my-way (issue 38): the assigned technician is on the way, arriving around a time. */
export function useOnMyWay(appointmentId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (arrivingAround: string) => apiJson('POST', `/api/repairer/appointments/${appointmentId}/on-my-way`, { arrivingAround }, AppointmentViewSchema),
    // The repairer's job lists show the time given and the updates left.
    onSettled: () => void queryClient.invalidateQueries({ predicate: (query) => String(query.queryKey[0]).startsWith('/api/repairer/') }),
  });
}
