import { useQueryClient } from '@tanstack/react-query';
import { toast } from '../../../components/ui/use-toast';
import { formatDecimalPounds } from '../../../lib/format';
import { dayAndSlotLabel } from '../../../../shared/calendar';
import { TeamCancelBodySchema } from '../../../../shared/api/appointments';
import { jobsToDispatchKey, upcomingJobsKey, useTeamCancelBooking } from './dispatch-api';
import { ReasonDialog } from './reason-dialog';
import { invalidateAdminDesk } from '../api/admin-query-keys';

interface Booking {
  appointmentId: number;
  reference: string;
  appointmentDate: string;
  timeSlot: string;
  technician?: { businessName: string };
}

/**
 * A paid booking that will not happen (no technician came forward, or one did not turn up): the
 * team cancels it and refunds the customer in full, with a reason the customer is e-mailed. The
 * keyboard then goes to the heading of the list it was in (`focusAfter`).
 */
export function CancelBookingDialog({ booking, focusAfter }: { booking: Booking; focusAfter: string }) {
  const queryClient = useQueryClient();
  const cancel = useTeamCancelBooking(booking.appointmentId);
  const when = dayAndSlotLabel(booking.appointmentDate, booking.timeSlot);
  const technician = booking.technician ? ` ${booking.technician.businessName} loses the job and is told.` : '';
  return (
    <ReasonDialog
      trigger="Cancel and refund"
      title={`Cancel ${booking.reference} and refund the customer?`}
      description={`The booking on ${when} is cancelled and the customer's payment is refunded in full to their card. This cannot be undone.${technician}`}
      field={{ id: `team-cancel-reason-${booking.appointmentId}`, label: 'Why is the booking cancelled?', hint: 'E-mailed to the customer and kept in the audit log.', maxLength: 500 }}
      schema={TeamCancelBodySchema}
      mutation={cancel}
      actions={{ keep: 'Keep the booking', act: 'Cancel and refund', pending: 'Refunding…' }}
      onDone={(view) =>
        toast({
          title: 'Booking Cancelled',
          description: `${booking.reference} is cancelled and ${formatDecimalPounds(view.totalCost)} refunded. The customer has been e-mailed.`,
          variant: 'success',
        })
      }
      refresh={() => {
        void queryClient.invalidateQueries({ queryKey: jobsToDispatchKey });
        void queryClient.invalidateQueries({ queryKey: upcomingJobsKey });
        void invalidateAdminDesk(queryClient);
      }}
      focusAfter={focusAfter}
    />
  );
}
