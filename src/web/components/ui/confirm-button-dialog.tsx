import { AlertDialog } from 'radix-ui';
import { useRef, type ReactNode } from 'react';
import { buttonClasses } from './button';
import { ConfirmDialogContent } from './confirm-dialog';

export type ConfirmButtonDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  consequence: ReactNode;
  confirmLabel: string;
  keepLabel: string;
  onConfirm: () => void;
  /** The button that opened it (not a Radix trigger): the keyboard goes back to it on close, as Radix's own return did. */
  returnFocusId: string;
};

/** ConfirmButton's question, fetched the first time it is asked (issue 36). */
export function ConfirmButtonDialog({ open, onOpenChange, title, consequence, confirmLabel, keepLabel, onConfirm, returnFocusId }: ConfirmButtonDialogProps) {
  const returnFocus = { done: useRef(true), focusId: returnFocusId };
  return (
    <AlertDialog.Root open={open} onOpenChange={onOpenChange}>
      <ConfirmDialogContent title={title} description={consequence} handOff={returnFocus}>
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
