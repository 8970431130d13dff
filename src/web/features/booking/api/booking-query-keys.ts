import type { QueryClient } from '@tanstack/react-query';

// Booking's query keys: the URL first (SPEC section 7's reads), so the default query function
// fetches them. Availability shares one root per endpoint so a failed booking refreshes both.
export const quoteKey = (quoteId: number | string) => ['/api/quotes', String(quoteId)] as const;
/** Under the quote's key, so whatever reads the quote again reads its hold again too. */
export const heldAppointmentKey = (quoteId: number | string) => [...quoteKey(quoteId), 'held-appointment'] as const;
export const monthAvailabilityRoot = ['/api/appointments/available-month'] as const;
/** With `appointmentId`, the calendar of that booking's move (its technician's other jobs left out). */
export const monthAvailabilityKey = (month: string, appointmentId?: number, quoteId?: number) => [...monthAvailabilityRoot, { month, appointmentId, quoteId }] as const;
export const dayAvailabilityRoot = ['/api/appointments/available'] as const;
export const dayAvailabilityKey = (date: string, appointmentId?: number, quoteId?: number) => [...dayAvailabilityRoot, { date, appointmentId, quoteId }] as const;
export const appointmentKey = (id: number | string) => ['/api/appointments', String(id)] as const;

/** After a booking, a refusal or a change of slot: what is free has changed. */
export function invalidateAvailability(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: monthAvailabilityRoot }),
    queryClient.invalidateQueries({ queryKey: dayAvailabilityRoot }),
  ]);
}
