import { AlertDialog } from 'radix-ui';
import { useId, useRef, useState } from 'react';
import type { ErasureResult } from '../../../shared/api/privacy';
import { TextField } from '../../components/form';
import { ConfirmDialogContent } from '../../components/ui/confirm-dialog';
import { DialogFormActions } from '../../components/ui/dialog-form-actions';
import { userMessageOf } from '../../lib/api';
import { useEraseData } from './privacy-api';

type EraseDataDialogProps = {
  assessmentId: number;
  reference: string;
  onErased: (result: ErasureResult) => void;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The "Erase my data" button that opened it (not a Radix trigger): the keyboard goes back to it on close. */
  returnFocusId: string;
};

/** Issue 14: erasing the enquiry's personal details and photos, confirmed by typing its reference. */
export function EraseDataDialog({ assessmentId, reference, onErased, open, onOpenChange, returnFocusId }: EraseDataDialogProps) {
  const [typed, setTyped] = useState('');
  const erase = useEraseData(assessmentId);
  const fieldId = useId();
  const returnFocus = { done: useRef(true), focusId: returnFocusId };
  const onConfirm = () => erase.mutate(typed, { onSuccess: (result) => onErased(result) });
  return (
    <AlertDialog.Root
      open={open}
      onOpenChange={(next) => {
        onOpenChange(next);
        if (!next) erase.reset();
      }}
    >
      <ConfirmDialogContent
        handOff={returnFocus}
        title="Erase your personal data?"
        description="Your name, contact details, address, registration, description and photos will be deleted for good, and the links in our e-mails will stop working. This cannot be undone. Download your data first if you want a copy."
      >
        <form
          className="mt-4"
          onSubmit={(event) => {
            event.preventDefault();
            onConfirm();
          }}
        >
          <TextField id={fieldId} label={`Type your reference (${reference}) to confirm`} value={typed} onChange={(event) => setTyped(event.target.value)} autoComplete="off" />
          {erase.isError ? (
            <p role="alert" className="mt-3 rounded-md border border-red-700 bg-red-50 p-3 text-sm text-red-900">
              {userMessageOf(erase.error, 'We could not erase your data. Please try again.')}
            </p>
          ) : null}
          <DialogFormActions keep="Keep my data" act="Erase my data" pendingLabel="Erasing…" pending={erase.isPending} disabled={typed.trim() === ''} />
        </form>
      </ConfirmDialogContent>
    </AlertDialog.Root>
  );
}
