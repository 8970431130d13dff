import { AlertDialog } from 'radix-ui';
import { useRef, useState } from 'react';
import { Button, buttonClasses } from '../../components/ui/button';
import { toast } from '../../components/ui/use-toast';
import { isApiError } from '../../lib/api';
import { focusById } from '../../lib/focus';
import { adminQuoteMessages } from '../../../shared/api/admin';
import { useDeleteQuote } from './api/delete-quote';

/** Delete with a confirmation: the whole enquiry, its photos and the customer's link go (spam, withdrawn requests). */
export function DeleteQuoteDialog({ quoteId, reference, name }: { quoteId: number; reference: string; name: string }) {
  const [open, setOpen] = useState(false);
  const remove = useDeleteQuote(quoteId);
  const deleted = useRef(false);
  const onConfirm = () =>
    remove.mutate(undefined, {
      onSuccess: () => {
        deleted.current = true;
        setOpen(false);
        toast({ title: adminQuoteMessages.deleted, description: `${reference} and its photos have been deleted.`, variant: 'success' });
      },
      onError: (error) => {
        setOpen(false);
        toast({ title: 'Delete Failed', description: isApiError(error) && error.userMessage ? error.userMessage : 'The quote could not be deleted. Please try again.', variant: 'destructive' });
      },
    });
  return (
    <AlertDialog.Root open={open} onOpenChange={setOpen}>
      <AlertDialog.Trigger asChild>
        <Button variant="danger" size="sm" aria-label={`Delete enquiry ${reference}`}>
          Delete
        </Button>
      </AlertDialog.Trigger>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-40 bg-slate-900/60" />
        <AlertDialog.Content
          onCloseAutoFocus={(event) => {
            if (!deleted.current) return; // kept: back to the Delete button
            // The card (and its button) left the list: the keyboard goes to the list's heading.
            event.preventDefault();
            focusById('pending-quotes');
          }}
          className="fixed top-1/2 left-1/2 z-50 w-[calc(100%-1.5rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-xl bg-white p-5 shadow-2xl"
        >
          <AlertDialog.Title className="text-xl font-bold text-navy-900">Delete enquiry {reference}?</AlertDialog.Title>
          <AlertDialog.Description className="mt-2 text-slate-800">
            This permanently deletes {name}'s enquiry, its quote and photos. Their link will say the assessment cannot be found. This cannot be undone.
          </AlertDialog.Description>
          <div className="mt-5 flex flex-wrap justify-end gap-3">
            <AlertDialog.Cancel className={buttonClasses('outline')}>Keep it</AlertDialog.Cancel>
            <Button
              variant="danger"
              pending={remove.isPending}
              onClick={(event) => {
                event.preventDefault();
                onConfirm();
              }}
            >
              {remove.isPending ? 'Deleting…' : 'Delete permanently'}
            </Button>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
