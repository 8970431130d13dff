import { AlertDialog } from 'radix-ui';
import { useState, type ReactNode } from 'react';
import { Button, buttonClasses, type ButtonProps } from './button';
import { ConfirmDialogContent } from './confirm-dialog';

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
  return (
    <AlertDialog.Root open={open} onOpenChange={(next) => setOpen(next && !button.pending)}>
      <AlertDialog.Trigger asChild>
        <Button {...button}>{children}</Button>
      </AlertDialog.Trigger>
      <ConfirmDialogContent title={title} description={consequence}>
        <div className="mt-5 flex flex-wrap justify-end gap-3">
          <AlertDialog.Cancel className={buttonClasses('outline')}>{keepLabel}</AlertDialog.Cancel>
          <AlertDialog.Action className={buttonClasses('primary')} onClick={onConfirm}>
            {confirmLabel}
          </AlertDialog.Action>
        </div>
      </ConfirmDialogContent>
    </AlertDialog.Root>
  );
}
