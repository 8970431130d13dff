import { useId, useState } from 'react';
import type { AppointmentView } from '../../../shared/api/appointments';
import { onDemand } from '../../components/on-demand';
import { Button } from '../../components/ui/button';

// The confirmation (Radix's AlertDialog and the cancel request) is fetched when the customer first
// asks to cancel: the appointment page shows without it (issue 36).
const CancelDialog = onDemand(async () => (await import('./cancel-dialog')).CancelDialog);

/** 'Cancel booking', which opens its confirmation (D14). */
export function CancelButton({ appointment }: { appointment: AppointmentView }) {
  const [open, setOpen] = useState(false);
  // Mounted from its first opening on, so it closes (and returns focus) as a dialog does.
  const [asked, setAsked] = useState(false);
  const buttonId = useId();
  return (
    <>
      <Button
        id={buttonId}
        variant="danger"
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => {
          setAsked(true);
          setOpen(true);
        }}
      >
        Cancel booking
      </Button>
      {asked ? <CancelDialog appointment={appointment} open={open} onOpenChange={setOpen} returnFocusId={buttonId} /> : null}
    </>
  );
}
