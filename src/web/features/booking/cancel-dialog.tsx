import { AlertDialog } from 'radix-ui';
import { useRef } from 'react';
import type { AppointmentView } from '../../../shared/api/appointments';
import { formatLondonDate } from '../../../shared/london-time';
import { Button, buttonClasses } from '../../components/ui/button';
import { toast } from '../../components/ui/use-toast';
import { userMessageOf } from '../../lib/api';
import { ConfirmDialogContent } from '../../components/ui/confirm-dialog';
import { useCancelAppointment } from './api/appointments';

type CancelDialogProps = {
  appointment: AppointmentView;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The "Cancel booking" button that opened it (not a Radix trigger): kept, the keyboard goes back to it. */
  returnFocusId: string;
};

/** Cancel with a confirmation: free, and refunded in full, more than 24 hours ahead (D14). */
export function CancelDialog({ appointment, open, onOpenChange, returnFocusId }: CancelDialogProps) {
  const cancelled = useRef(false);
  const always = useRef(true);
  const cancel = useCancelAppointment(appointment.id);
  const paid = appointment.paymentStatus === 'succeeded';
  const onConfirm = () =>
    cancel.mutate(undefined, {
      onSuccess: (after) => {
        cancelled.current = true;
        onOpenChange(false);
        toast({
          title: 'Booking Cancelled',
          description:
            after.paymentStatus === 'refunded'
              ? 'Your booking has been cancelled and your payment refunded in full.'
              : 'Your booking has been cancelled.',
          variant: 'success',
        });
      },
      onError: (error) => {
        onOpenChange(false);
        toast({ title: 'Cancellation Failed', description: userMessageOf(error, 'We could not cancel your booking. Please try again.'), variant: 'destructive' });
      },
    });
  // Cancelled, the Cancel button goes with the booking's changes: the keyboard goes to the details, which say Cancelled.
  const handOff = {
    done: always,
    get focusId() {
      return cancelled.current ? 'appointment-details' : returnFocusId;
    },
  };
  return (
    <AlertDialog.Root open={open} onOpenChange={onOpenChange}>
      <ConfirmDialogContent
        title="Cancel your booking?"
        description={`Your appointment on ${formatLondonDate(appointment.appointmentDate)} will be cancelled and the slot released.${paid ? (appointment.noTechnicianChoice ? ' No technician has taken it, so your payment is refunded in full to your card.' : ' Cancelling more than 24 hours ahead is free: your payment is refunded in full to your card.') : ''}`}
        handOff={handOff}
      >
        <div className="mt-5 flex flex-wrap justify-end gap-3">
          <AlertDialog.Cancel className={buttonClasses('outline')}>Keep my booking</AlertDialog.Cancel>
          <Button
            variant="danger"
            pending={cancel.isPending}
            onClick={(event) => {
              event.preventDefault();
              onConfirm();
            }}
          >
            {cancel.isPending ? 'Cancelling…' : 'Yes, cancel it'}
          </Button>
        </div>
      </ConfirmDialogContent>
    </AlertDialog.Root>
  );
}
