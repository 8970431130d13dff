import type { AppointmentView } from '../../../shared/api/appointments';
import { onDemand, useDialogOnDemand } from '../../components/on-demand';
import { Button } from '../../components/ui/button';

// The confirmation (Radix's AlertDialog and the cancel request) is fetched when the customer first
// asks to cancel: the appointment page shows without it (issue 36).
const CancelDialog = onDemand(async () => (await import('./cancel-dialog')).CancelDialog);

/** 'Cancel booking', which opens its confirmation (D14). */
export function CancelButton({ appointment }: { appointment: AppointmentView }) {
  const { open, setOpen, opened, buttonId, buttonProps } = useDialogOnDemand();
  return (
    <>
      <Button variant="danger" {...buttonProps}>
        Cancel booking
      </Button>
      {opened ? <CancelDialog appointment={appointment} open={open} onOpenChange={setOpen} returnFocusId={buttonId} /> : null}
    </>
  );
}
