import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from '../../../components/ui/use-toast';
import { apiJson, getQueryFn, userMessageOf } from '../../../lib/api';
import { AppointmentViewSchema } from '../../../../shared/api/appointments';
import {
  DispatchJobsSchema,
  NearbyRepairersSchema,
  QuoteNotificationsSchema,
  SendToRepairerResultSchema,
  SendToRepairersResultSchema,
  TakeBackResultSchema,
  UpcomingJobsSchema,
  leftOutSentence,
  type DispatchJob,
  type UpcomingJobs,
  type QuoteNotification,
} from '../../../../shared/api/dispatch';

export const jobsToDispatchKey = ['/api/admin/jobs-to-dispatch'] as const;
export const upcomingJobsKey = ['/api/admin/upcoming-jobs'] as const;
const notificationsKey = (quoteId: number) => [`/api/admin/quotes/${quoteId}/notifications`] as const;

/** Paid bookings still without a technician (refreshed every minute: offers expire, repairers answer). */
export function useJobsToDispatch() {
  return useQuery<DispatchJob[]>({ queryKey: jobsToDispatchKey, queryFn: getQueryFn({ on401: 'throw', schema: DispatchJobsSchema }), refetchInterval: 60_000 });
}

/** SPEC's repairer responses: each repairer a quote was sent to, and what they said. */
export function useQuoteNotifications(quoteId: number, enabled = true) {
  return useQuery<QuoteNotification[]>({ queryKey: notificationsKey(quoteId), queryFn: getQueryFn({ on401: 'throw', schema: QuoteNotificationsSchema }), enabled, refetchInterval: 60_000 });
}

/** POST /api/admin/quotes/{id}/nearby-repairers with the customer's address (SPEC section 7). */
export function useNearbyRepairers(quoteId: number) {
  return useMutation({
    mutationFn: (address: { address: string; city: string; postcode: string }) => apiJson('POST', `/api/admin/quotes/${quoteId}/nearby-repairers`, address, NearbyRepairersSchema),
  });
}

function useRefreshDispatch(quoteId: number) {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: notificationsKey(quoteId) });
    void queryClient.invalidateQueries({ queryKey: jobsToDispatchKey });
  };
}

export function useSendToRepairer(quoteId: number) {
  const refresh = useRefreshDispatch(quoteId);
  return useMutation({
    mutationFn: (repairerId: number) => apiJson('POST', `/api/admin/quotes/${quoteId}/send-to-repairer`, { repairerId }, SendToRepairerResultSchema),
    onSettled: refresh,
  });
}

export function useSendToAllNearby(quoteId: number) {
  const refresh = useRefreshDispatch(quoteId);
  return useMutation({
    mutationFn: () => apiJson('POST', `/api/admin/quotes/${quoteId}/send-to-repairers`, {}, SendToRepairersResultSchema),
    // Said the same wherever the team sends it (Jobs to dispatch, the enquiry page).
    onSuccess: ({ repairersNotified, leftOut }) =>
      toast({
        title: 'Success',
        description: [
          repairersNotified === 0
            ? leftOut
              ? 'No new repairers to send it to: nobody else nearby can take that slot.'
              : 'No new repairers to send it to: everyone nearby already has it or declined it.'
            : `Sent to ${repairersNotified} nearby repairer${repairersNotified === 1 ? '' : 's'}.`,
          leftOut ? leftOutSentence(leftOut) : null,
        ]
          .filter(Boolean)
          .join(' '),
        variant: repairersNotified === 0 ? 'default' : 'success',
      }),
    onError: (error) => toast({ title: 'Error', description: `Failed to send quote to repairers: ${userMessageOf(error)}`, variant: 'destructive' }),
    onSettled: refresh,
  });
}

/** The jobs technicians have accepted and not marked done, soonest first. */
export function useUpcomingJobs() {
  return useQuery<UpcomingJobs>({ queryKey: upcomingJobsKey, queryFn: getQueryFn({ on401: 'throw', schema: UpcomingJobsSchema }), refetchInterval: 60_000 });
}

/**
 * POST /api/admin/appointments/{id}/take-back: the job leaves its technician and waits in Jobs to
 * dispatch again. The upcoming list is read again by the dialog once it has closed (read while it
 * is open, the job, and the dialog with it, would go before its answer shows).
 */
export function useTakeBackJob(appointmentId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { reason: string }) => apiJson('POST', `/api/admin/appointments/${appointmentId}/take-back`, body, TakeBackResultSchema),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: jobsToDispatchKey }),
  });
}

/**
 * POST /api/admin/appointments/{id}/cancel: a paid booking nobody will do is cancelled and refunded
 * in full. Both lists are read again by the dialog once it has closed.
 */
export function useTeamCancelBooking(appointmentId: number) {
  return useMutation({
    mutationFn: (body: { reason: string }) => apiJson('POST', `/api/admin/appointments/${appointmentId}/cancel`, body, AppointmentViewSchema),
  });
}
