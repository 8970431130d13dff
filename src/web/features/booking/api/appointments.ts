import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiJsonAs, typedQueryFn, isApiError } from '../../../lib/api';
import { type AppointmentView, type CreateAppointmentBody, type RescheduleAppointmentBody, type UpdateAppointmentNotesBody } from '../../../../shared/api/appointments';
import { appointmentKey, heldAppointmentKey, invalidateAvailability, quoteKey } from './booking-query-keys';

export type UseAppointmentOptions = {
  enabled?: boolean;
  /** Read it again every so many milliseconds while this says so (false: stop). */
  refetchInterval?: (appointment: AppointmentView | undefined) => number | false;
};

/** GET /api/appointments/{id}: for the grant holder, admins and the assigned repairer (D10). */
export function useAppointment(id: number | string | null, { enabled = true, refetchInterval }: UseAppointmentOptions = {}) {
  return useQuery<AppointmentView>({
    queryKey: appointmentKey(id ?? ''),
    queryFn: typedQueryFn<AppointmentView>(),
    enabled: enabled && id !== null,
    staleTime: 0,
    ...(refetchInterval ? { refetchInterval: (query) => refetchInterval(query.state.data) } : {}),
  });
}

/** POST /api/appointments: holds the slot for 30 minutes (D13). */
export function useCreateAppointment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateAppointmentBody) => apiJsonAs<AppointmentView>('POST', '/api/appointments', body),
    onSuccess: (appointment) => {
      queryClient.setQueryData(appointmentKey(appointment.id), appointment);
      // The new hold replaces any earlier one (the server lapses it); Back from checkout shows it.
      queryClient.setQueryData(heldAppointmentKey(appointment.quoteId), { appointment });
    },
    // A page open for a while: the quote was booked in another tab, withdrawn, expired (409) or
    // deleted (404) meanwhile. Read it again so the page says so instead of offering the calendar.
    onError: (error, { quoteId }) => {
      if (!isApiError(error) || (typeof quoteId !== 'number' && typeof quoteId !== 'string')) return;
      if (error.status === 404) void queryClient.resetQueries({ queryKey: quoteKey(quoteId) });
      else if (error.status === 409) void queryClient.invalidateQueries({ queryKey: quoteKey(quoteId) });
    },
    onSettled: () => void invalidateAvailability(queryClient),
  });
}

/** POST /api/appointments/{id}/cancel: free and refunded in full more than 24 hours ahead (D14). */
export function useCancelAppointment(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiJsonAs<AppointmentView>('POST', `/api/appointments/${id}/cancel`, {}),
    onSuccess: (appointment) => queryClient.setQueryData(appointmentKey(id), appointment),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: appointmentKey(id) });
      void invalidateAvailability(queryClient);
    },
  });
}

/** POST /api/appointments/{id}/reschedule: another free slot, atomically, under the same 24-hour rule. */
export function useRescheduleAppointment(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RescheduleAppointmentBody) => apiJsonAs<AppointmentView>('POST', `/api/appointments/${id}/reschedule`, body),
    onSuccess: (appointment) => queryClient.setQueryData(appointmentKey(id), appointment),
    // Refused because the booking changed meanwhile (cancelled, now inside 24 hours): show it as it is.
    onError: () => void queryClient.invalidateQueries({ queryKey: appointmentKey(id) }),
    onSettled: () => void invalidateAvailability(queryClient),
  });
}

/** PUT /api/appointments/{id}/notes: the customer's notes for the technician, until two days before (issue 33). */
export function useUpdateAppointmentNotes(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateAppointmentNotesBody) => apiJsonAs<AppointmentView>('PUT', `/api/appointments/${id}/notes`, body),
    onSuccess: (appointment) => queryClient.setQueryData(appointmentKey(id), appointment),
    // Refused as too late, or the booking changed meanwhile: show it as it is now.
    onError: () => void queryClient.invalidateQueries({ queryKey: appointmentKey(id) }),
  });
}

/** Issue 38: agree to texts about the booking, or withdraw (PUT /api/appointments/{id}/texts). */
export function useUpdateTextConsent(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (textConsent: boolean) => apiJsonAs<AppointmentView>('PUT', `/api/appointments/${id}/texts`, { textConsent }),
    onSuccess: (appointment) => queryClient.setQueryData(appointmentKey(id), appointment),
  });
}
