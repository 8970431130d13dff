import { useQuery } from '@tanstack/react-query';
import { typedQueryFn } from '../../../lib/api';
import { type HeldAppointmentView } from '../../../../shared/api/appointments';
import { heldAppointmentKey } from './booking-query-keys';

/**
 * GET /api/quotes/{id}/held-appointment: the slot the server holds for this quote and has not been
 * paid for, or null. The booking page reads it afresh each time it opens (Back from checkout), so
 * what it shows is the server's hold, not what this tab remembers.
 */
export function useHeldAppointment(quoteId: string | number, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery<HeldAppointmentView>({
    queryKey: heldAppointmentKey(quoteId),
    queryFn: typedQueryFn<HeldAppointmentView>(),
    staleTime: 0,
    enabled,
  });
}
