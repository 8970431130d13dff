import { AlertDialog } from 'radix-ui';
import { useRef, useState } from 'react';
import type { AppointmentView } from '../../../shared/api/appointments';
import { formatLondonDate } from '../../../shared/london-time';
import { Button, buttonClasses } from '../../components/ui/button';
import { toast } from '../../components/ui/use-toast';
import { userMessageOf } from '../../lib/api';
import { ConfirmDialogContent } from '../../components/ui/confirm-dialog';
import { useCancelAppointment } from './api/appointments';

/** Cancel with a confirmation: free, and refunded in full, more than 24 hours ahead (D14). */
export function CancelDialog({ appointment }: { appointment: AppointmentView }) {
  const [open, setOpen] = useState(false);
  const cancelled = useRef(false);
  const cancel = useCancelAppointment(appointment.id);
  const paid = appointment.paymentStatus === 'succeeded';
  const onConfirm = () =>
    cancel.mutate(undefined, {
      onSuccess: (after) => {
        cancelled.current = true;
        setOpen(false);
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
        setOpen(false);
        toast({ title: 'Cancellation Failed', description: userMessageOf(error, 'We could not cancel your booking. Please try again.'), variant: 'destructive' });
      },
    });
  return (
    <AlertDialog.Root open={open} onOpenChange={setOpen}>
      <AlertDialog.Trigger asChild>
        <Button variant="danger">Cancel booking</Button>
      </AlertDialog.Trigger>
      {/* Cancelled, the Cancel button goes with the booking's changes: the keyboard goes to the details, which say Cancelled. */}
      <ConfirmDialogContent
        title="Cancel your booking?"
        description={`Your appointment on ${formatLondonDate(appointment.appointmentDate)} will be cancelled and the slot released.${paid ? (appointment.noTechnicianChoice ? ' No technician has taken it, so your payment is refunded in full to your card.' : ' Cancelling more than 24 hours ahead is free: your payment is refunded in full to your card.') : ''}`}
        handOff={{ done: cancelled, focusId: 'appointment-details' }}
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
