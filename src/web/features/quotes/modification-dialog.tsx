import { Dialog } from 'radix-ui';
import { useEffect, type RefObject } from 'react';
import { useForm } from 'react-hook-form';
import { MODIFICATION_MESSAGE_MAX, ModificationRequestBodySchema } from '../../../shared/api/quotes';
import { TextAreaField } from '../../components/form';
import { Button } from '../../components/ui/button';
import { toast } from '../../components/ui/use-toast';
import { isApiError } from '../../lib/api';
import { schemaResolver } from '../../lib/schema-check';
import { useRequestModification } from './api/request-modification';

type FormValues = { message: string };

type ModificationDialogProps = {
  quoteId: number;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The message the dialog opens with (an expired quote's request for a fresh one). */
  initialMessage?: string;
  title: string;
  /** Opened by one of several buttons rather than a Radix trigger: focus goes back to it on close. */
  returnFocus: RefObject<HTMLElement | null>;
};

const messageId = 'quote-modification-message';

/** D21: the customer says what they would like changed; the team is told and answers within 24 hours. */
export function ModificationDialog({ quoteId, open, onOpenChange, initialMessage = '', title, returnFocus }: ModificationDialogProps) {
  const form = useForm<FormValues>({ resolver: schemaResolver(ModificationRequestBodySchema), defaultValues: { message: initialMessage } });
  const mutation = useRequestModification(quoteId);
  const { register, handleSubmit, reset, watch, formState } = form;
  const length = watch('message').length;

  // Each opening starts from the message it was opened with, not last time's half-typed text
  // (and without last time's refusal): only when it opens.
  useEffect(() => {
    if (open) {
      reset({ message: initialMessage });
      mutation.reset();
    }
  }, [open, initialMessage]);

  const send = handleSubmit((values) => {
    mutation.mutate(values, {
      onSuccess: () => {
        onOpenChange(false);
        toast({
          title: 'Modification Request Sent',
          description: 'Thank you. Our team will read your message and contact you within 24 hours.',
          variant: 'success',
        });
      },
    });
  });

  const failure = mutation.error
    ? (isApiError(mutation.error) ? mutation.error.userMessage : undefined) ?? 'We could not send your message. Please try again.'
    : undefined;

  return (
    <Dialog.Root open={open} onOpenChange={(next) => !mutation.isPending && onOpenChange(next)}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-900/60" />
        <Dialog.Content
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            if (returnFocus.current?.isConnected) returnFocus.current.focus();
          }}
          className="fixed top-1/2 left-1/2 z-50 flex max-h-[92vh] w-[calc(100%-1.5rem)] max-w-xl -translate-x-1/2 -translate-y-1/2 flex-col overflow-y-auto rounded-xl bg-white p-5 shadow-2xl">
          <Dialog.Title className="text-xl font-bold text-navy-900">{title}</Dialog.Title>
          <Dialog.Description className="mt-1 text-slate-700">
            Tell us what you would like changed, for example the work, the price or the timing. We reply within 24 hours.
          </Dialog.Description>
          <form onSubmit={(event) => void send(event)} noValidate className="mt-4 grid gap-3">
            <TextAreaField
              {...register('message')}
              id={messageId}
              label="Your message"
              rows={6}
              maxLength={MODIFICATION_MESSAGE_MAX}
              error={formState.errors.message?.message}
              hint="Between 10 and 1,000 characters."
            />
            <p className="text-right text-sm text-slate-700">
              {length}/{MODIFICATION_MESSAGE_MAX.toLocaleString('en-GB')} characters
            </p>
            {failure ? (
              <p role="alert" className="rounded-md border border-red-700 bg-red-50 p-3 text-sm text-red-900">
                {failure}
              </p>
            ) : null}
            <div className="flex flex-col gap-3 sm:flex-row sm:justify-end">
              <Dialog.Close asChild>
                <Button variant="outline" pending={mutation.isPending}>
                  Cancel
                </Button>
              </Dialog.Close>
              <Button type="submit" pending={mutation.isPending}>
                {mutation.isPending ? 'Sending…' : 'Send request'}
              </Button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
