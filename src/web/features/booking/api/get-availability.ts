import { useQuery } from '@tanstack/react-query';
import { typedQueryFn } from '../../../lib/api';
import { type AvailabilityView, type MonthAvailabilityView } from '../../../../shared/api/appointments';
import { dayAvailabilityKey, monthAvailabilityKey } from './booking-query-keys';

// Availability changes as other customers book: read it fresh each time it is shown.
const fresh = { staleTime: 0, gcTime: 0 } as const;

/** GET /api/appointments/available-month?month=YYYY-MM: the whole grid in one request (`appointmentId`: moving that booking). */
export function useMonthAvailability(month: string, appointmentId?: number) {
  return useQuery<MonthAvailabilityView>({
    queryKey: monthAvailabilityKey(month, appointmentId),
    queryFn: typedQueryFn<MonthAvailabilityView>(),
    ...fresh,
  });
}

/** GET /api/appointments/available?date=YYYY-MM-DD: both slots of the chosen day (SPEC section 7). */
export function useDayAvailability(date: string | null, appointmentId?: number) {
  return useQuery<AvailabilityView>({
    queryKey: dayAvailabilityKey(date ?? '', appointmentId),
    queryFn: typedQueryFn<AvailabilityView>(),
    enabled: date !== null,
    ...fresh,
  });
}
