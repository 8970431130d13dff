// Issue 35 item 4 (docs/decisions/0027): the paid bookings nobody has taken, at the top of the
// team's work, each with the technicians who could still take it and an Offer button (the
// dispatch call the team already has, send-to-repairer).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { toast } from '../../../components/ui/use-toast';
import { apiJson, getQueryFn, userMessageOf } from '../../../lib/api';
import { damageTypeLabel } from '../../../lib/format';
import { dayAndSlotLabel } from '../../../../shared/calendar';
import { SendToRepairerResultSchema } from '../../../../shared/api/dispatch';
import { formatLondonDateTime } from '../../../../shared/london-time';
import { UnassignedBookingsSchema, type UnassignedBooking } from '../../../../shared/api/unassigned-bookings';
import { enquiryPath } from '../enquiry/enquiry-path';
import { jobsToDispatchKey } from './dispatch-api';

const unassignedKey = ['/api/admin/unassigned-bookings'] as const;

function useUnassignedBookings() {
  return useQuery<UnassignedBooking[]>({ queryKey: unassignedKey, queryFn: getQueryFn({ on401: 'throw', schema: UnassignedBookingsSchema }), refetchInterval: 60_000 });
}

function useOffer(quoteId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (repairerId: number) => apiJson('POST', `/api/admin/quotes/${quoteId}/send-to-repairer`, { repairerId }, SendToRepairerResultSchema),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: unassignedKey });
      void queryClient.invalidateQueries({ queryKey: jobsToDispatchKey });
      void queryClient.invalidateQueries({ queryKey: [`/api/admin/quotes/${quoteId}/notifications`] });
    },
  });
}

function offersInWords(booking: UnassignedBooking): string {
  if (booking.offersMade === 0) return 'Not offered to anyone yet.';
  const declined = booking.declined > 0 ? `, ${booking.declined} declined` : '';
  return `Offered ${booking.offersMade === 1 ? 'once' : `${booking.offersMade} times`}${declined}; nobody accepted in time.`;
}

function UnassignedBookingItem({ booking }: { booking: UnassignedBooking }) {
  const offer = useOffer(booking.quoteId);
  const onOffer = (repairerId: number, name: string) =>
    offer.mutate(repairerId, {
      onSuccess: () => toast({ title: 'Success', description: `${booking.reference} was offered to ${name}.`, variant: 'success' }),
      onError: (error) => toast({ title: 'Error', description: `Could not offer it: ${userMessageOf(error)}`, variant: 'destructive' }),
    });
  return (
    <li className="rounded-xl border border-red-300 bg-white p-4 shadow-sm">
      <h3 className="text-lg font-bold text-navy-900">
        <Link to={enquiryPath(booking.assessmentId)} className="underline">
          {booking.reference}
        </Link>
        : {dayAndSlotLabel(booking.appointmentDate, booking.timeSlot)}
      </h3>
      <p className="text-slate-800">
        {damageTypeLabel(booking.damageType)} · {booking.city}, {booking.postcode} · {offersInWords(booking)}
      </p>
      <p className="text-sm text-slate-800">
        {booking.customerToldAt
          ? `The customer was offered another slot or a full refund on ${formatLondonDateTime(new Date(booking.customerToldAt))}.`
          : 'If nobody takes it by 24 hours before the slot, the customer is offered another slot or a full refund.'}
      </p>
      {booking.technicians.length === 0 ? (
        <p className="mt-2 font-semibold text-red-900">No technician could still take it: cancel and refund it below, or ask the customer to move it.</p>
      ) : (
        <ul className="mt-2 grid gap-2" aria-label={`Technicians who could take ${booking.reference}`}>
          {booking.technicians.map((technician) => (
            <li key={technician.repairerId} className="flex flex-wrap items-center justify-between gap-2 rounded-md border border-slate-200 bg-slate-50 p-2">
              <span>
                <span className="font-semibold text-navy-900">{technician.businessName}</span>{' '}
                <span className="text-sm text-slate-800">
                  {technician.distance.toFixed(1)} miles{technician.phone ? ` · ${technician.phone}` : ''}
                </span>
              </span>
              <Button size="sm" variant="secondary" onClick={() => onOffer(technician.repairerId, technician.businessName)} pending={offer.isPending} aria-label={`Offer ${booking.reference} to ${technician.businessName}`}>
                Offer
              </Button>
            </li>
          ))}
        </ul>
      )}
    </li>
  );
}

/** Paid bookings no technician has taken: shown only when there are some. */
export function UnassignedBookings() {
  const bookings = useUnassignedBookings();
  if (bookings.isError)
    return (
      <p role="alert" className="mb-6">
        We could not load the bookings without a technician. Please refresh the page.
      </p>
    );
  if (!bookings.data || bookings.data.length === 0) return null;
  return (
    <section aria-labelledby="unassigned-bookings" className="mb-10 rounded-xl border border-red-300 bg-red-50 p-4">
      <h2 id="unassigned-bookings" tabIndex={-1} className="text-xl font-bold text-navy-900 focus:outline-none">
        Bookings without a technician ({bookings.data.length})
      </h2>
      <p className="text-sm text-slate-800">Paid bookings whose offers all ended with nobody taking them, or that nobody could be offered. Offer each to a technician who could still take it.</p>
      <ul className="mt-4 grid gap-4">
        {bookings.data.map((booking) => (
          <UnassignedBookingItem key={booking.appointmentId} booking={booking} />
        ))}
      </ul>
    </section>
  );
}
