import { AlertDialog } from 'radix-ui';
import { useRef, useState } from 'react';
import type { AppointmentView } from '../../../shared/api/appointments';
import { formatLondonDate } from '../../../shared/london-time';
import { Button, buttonClasses } from '../../components/ui/button';
import { toast } from '../../components/ui/use-toast';
import { userMessageOf } from '../../lib/api';
import { focusById } from '../../lib/focus';
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
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-40 bg-slate-900/60" />
        <AlertDialog.Content
          onCloseAutoFocus={(event) => {
            if (!cancelled.current) return; // kept: back to the button that opened it
            // The Cancel button goes with the booking's changes: the keyboard goes to the details, which say Cancelled.
            event.preventDefault();
            focusById('appointment-details');
          }}
          className="fixed top-1/2 left-1/2 z-50 w-[calc(100%-1.5rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-xl bg-white p-5 shadow-2xl">
          <AlertDialog.Title className="text-xl font-bold text-navy-900">Cancel your booking?</AlertDialog.Title>
          <AlertDialog.Description className="mt-2 text-slate-800">
            Your appointment on {formatLondonDate(appointment.appointmentDate)} will be cancelled and the slot released.
            {paid ? ' Cancelling more than 24 hours ahead is free: your payment is refunded in full to your card.' : ''}
          </AlertDialog.Description>
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
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
