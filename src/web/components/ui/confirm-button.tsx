import { useId, useState, type ReactNode } from 'react';
import { onDemand } from '../on-demand';
import { Button, type ButtonProps } from './button';

// The question (Radix's AlertDialog) is fetched the first time the button is pressed, so a screen
// with such a button (the customer's appointment page) shows without it (issue 36).
const ConfirmButtonDialog = onDemand(async () => (await import('./confirm-button-dialog')).ConfirmButtonDialog);

/**
 * Issue 37 item 6: a button whose action cannot be undone (it releases money, e-mails a customer,
 * commits a technician) asks once first, in the same dialog cancelling uses, saying the
 * consequence in one sentence. `onConfirm` runs as the dialog closes, so the button's own pending
 * state, toasts and focus hand-offs work as they did without the pause.
 */
export function ConfirmButton({
  title,
  consequence,
  confirmLabel,
  keepLabel = 'Not yet',
  onConfirm,
  children,
  ...button
}: Omit<ButtonProps, 'onClick'> & { title: string; consequence: ReactNode; confirmLabel: string; keepLabel?: string; onConfirm: () => void; children: ReactNode }) {
  const [open, setOpen] = useState(false);
  // Mounted from its first opening on, so it closes (and returns focus) as a dialog does.
  const [asked, setAsked] = useState(false);
  const ownId = useId();
  const buttonId = button.id ?? ownId;
  const onOpenChange = (next: boolean) => setOpen(next && !button.pending);
  return (
    <>
      <Button
        {...button}
        id={buttonId}
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => {
          setAsked(true);
          onOpenChange(true);
        }}
      >
        {children}
      </Button>
      {asked ? (
        <ConfirmButtonDialog
          open={open}
          onOpenChange={onOpenChange}
          title={title}
          consequence={consequence}
          confirmLabel={confirmLabel}
          keepLabel={keepLabel}
          onConfirm={onConfirm}
          returnFocusId={buttonId}
        />
      ) : null}
    </>
  );
}
