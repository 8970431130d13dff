import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiJsonAs } from '../../../lib/api';
import { type AppointmentView } from '../../../../shared/api/appointments';
import { appointmentKey } from './booking-query-keys';

/** The customer's answers once the repair is done (issue 12): confirm, report a problem, or review. Each answers the appointment. */
function useAftercareCall<Body>(id: number, path: 'confirm-completion' | 'report-problem' | 'review') {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Body) => apiJsonAs<AppointmentView>('POST', `/api/appointments/${id}/${path}`, body ?? {}),
    onSuccess: (appointment) => queryClient.setQueryData(appointmentKey(appointment.id), appointment),
    // Refused (409: already confirmed or reported in another tab, or reviewed): show what is true now.
    onError: () => void queryClient.invalidateQueries({ queryKey: appointmentKey(id) }),
  });
}

export const useConfirmCompletion = (id: number) => useAftercareCall<undefined>(id, 'confirm-completion');
export const useReportProblem = (id: number) => useAftercareCall<{ message: string }>(id, 'report-problem');
export const useReviewRepair = (id: number) => useAftercareCall<{ rating: number; comment: string }>(id, 'review');
