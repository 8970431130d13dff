import type { UseMutationResult } from '@tanstack/react-query';
import { AlertDialog } from 'radix-ui';
import { useRef, useState, type FormEvent, type ReactNode } from 'react';
import type { z } from 'zod';
import { TextAreaField } from '../../../components/form';
import { Button } from '../../../components/ui/button';
import { ConfirmDialogContent } from '../../../components/ui/confirm-dialog';
import { DialogFormActions } from '../../../components/ui/dialog-form-actions';
import { userMessageOf } from '../../../lib/api';
import { focusById } from '../../../lib/focus';
import { checkWith } from '../../../lib/schema-check';

interface ReasonDialogProps<Result> {
  /** The button that opens it. */
  trigger: string;
  title: string;
  description: ReactNode;
  field: { id: string; label: string; hint: string; maxLength: number };
  /** The body's rules, checked before anything is sent: its first message shows under the field. */
  schema: z.ZodType<{ reason: string }>;
  mutation: UseMutationResult<Result, Error, { reason: string }>;
  actions: { keep: string; act: string; pending: string };
  onDone(result: Result): void;
  /** Reads the list the dialog was opened from again: only once it has closed, or the item (and the dialog with it) would go before a refusal shows. */
  refresh(): void;
  /** Where the keyboard goes after the action, whose item has left its list. */
  focusAfter: string;
}

/**
 * An irreversible action on one item of an admin list that needs the team's reason first (refund
 * the customer after a problem, take a job back from its technician): the reason is checked as the
 * server checks it, the server's refusal stays written in the dialog, and a cancelled dialog gives
 * the keyboard back to the button that opened it.
 */
export function ReasonDialog<Result>({ trigger, title, description, field, schema, mutation, actions, onDone, refresh, focusAfter }: ReasonDialogProps<Result>) {
  const [open, setOpen] = useState(false);
  const done = useRef(false);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const close = () => {
    setOpen(false);
    setError(null);
    refresh();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = checkWith(schema, { reason });
    if (!checked.ok) {
      setError(checked.first);
      focusById(field.id);
      return;
    }
    mutation.mutate(checked.data, {
      onSuccess: (result) => {
        done.current = true;
        close();
        onDone(result);
      },
      onError: (failure) => setError(userMessageOf(failure)),
    });
  };
  return (
    <AlertDialog.Root open={open} onOpenChange={(next) => (next ? setOpen(true) : close())}>
      <AlertDialog.Trigger asChild>
        <Button className="mt-3" size="sm" variant="outline">
          {trigger}
        </Button>
      </AlertDialog.Trigger>
      <ConfirmDialogContent title={title} description={description} handOff={{ done, focusId: focusAfter }}>
        <form onSubmit={submit} noValidate className="mt-4">
          <TextAreaField
            id={field.id}
            label={field.label}
            hint={field.hint}
            error={error ?? undefined}
            rows={3}
            maxLength={field.maxLength}
            value={reason}
            onChange={(event) => {
              setReason(event.target.value);
              setError(null);
            }}
          />
          <DialogFormActions keep={actions.keep} act={actions.act} pendingLabel={actions.pending} pending={mutation.isPending} />
        </form>
      </ConfirmDialogContent>
    </AlertDialog.Root>
  );
}
