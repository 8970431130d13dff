import { AlertDialog } from 'radix-ui';
import { useRef, useState } from 'react';
import { Button, buttonClasses } from '../../components/ui/button';
import { toast } from '../../components/ui/use-toast';
import { isApiError } from '../../lib/api';
import { ConfirmDialogContent } from '../../components/ui/confirm-dialog';
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
      {/* Deleted, the card (and its button) left the list: the keyboard goes to the list's heading. */}
      <ConfirmDialogContent
        title={`Delete enquiry ${reference}?`}
        description={`This permanently deletes ${name}'s enquiry, its quote and photos. Their link will say the assessment cannot be found. This cannot be undone.`}
        handOff={{ done: deleted, focusId: 'pending-quotes' }}
      >
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
      </ConfirmDialogContent>
    </AlertDialog.Root>
  );
}
