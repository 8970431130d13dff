import { useQuery } from '@tanstack/react-query';
import { typedQueryFn } from '../../../lib/api';
import { type AvailabilityView, type MonthAvailabilityView } from '../../../../shared/api/appointments';
import { dayAvailabilityKey, monthAvailabilityKey } from './booking-query-keys';

// Availability changes as other customers book: read it fresh each time it is shown.
const fresh = { staleTime: 0, gcTime: 0 } as const;

/** GET /api/appointments/available-month?month=YYYY-MM: the whole grid in one request (`appointmentId`: moving that booking; `quoteId`: for that quote's customer). */
export function useMonthAvailability(month: string, appointmentId?: number, quoteId?: number) {
  return useQuery<MonthAvailabilityView>({
    queryKey: monthAvailabilityKey(month, appointmentId, quoteId),
    queryFn: typedQueryFn<MonthAvailabilityView>(),
    ...fresh,
  });
}

/** GET /api/appointments/available?date=YYYY-MM-DD: both slots of the chosen day (SPEC section 7). */
export function useDayAvailability(date: string | null, appointmentId?: number, quoteId?: number) {
  return useQuery<AvailabilityView>({
    queryKey: dayAvailabilityKey(date ?? '', appointmentId, quoteId),
    queryFn: typedQueryFn<AvailabilityView>(),
    enabled: date !== null,
    ...fresh,
  });
}
