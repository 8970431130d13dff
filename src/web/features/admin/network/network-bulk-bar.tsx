import { Button } from '../../../components/ui/button';
import { ConfirmButton } from '../../../components/ui/confirm-button';
import { toast } from '../../../components/ui/use-toast';
import { userMessageOf } from '../../../lib/api';
import { focusById } from '../../../lib/focus';
import type { BulkAction, BulkActionResult } from '../../../../shared/api/outreach';
import { useBulkAction, useSendIntroAll } from './outreach-api';

const plural = (n: number, one: string, many = `${one}s`) => `${n.toLocaleString('en-GB')} ${n === 1 ? one : many}`;

function bulkToast(result: BulkActionResult) {
  if (result.action === 'send-intro') {
    return {
      title: 'Bulk Email Complete',
      description: `${plural(result.successCount, 'introduction')} queued${result.failureCount ? `; ${plural(result.failureCount, 'repairer')} not written to (no valid address, already introduced, has an account or unsubscribed)` : ''}.`,
    };
  }
  const done = result.action === 'verify' ? 'verified' : 'set to Pending Verification';
  return { title: result.action === 'verify' ? 'Repairers verified' : 'Verification removed', description: `${plural(result.successCount, 'repairer')} ${done}${result.failureCount ? `; ${result.failureCount} not found` : ''}.` };
}

/** Issue 13: actions on the selected rows, and an introduction to everyone not yet introduced. */
export function NetworkBulkBar({ selectedIds, onDone }: { selectedIds: number[]; onDone: () => void }) {
  const bulk = useBulkAction();
  const all = useSendIntroAll();
  const run = (action: BulkAction) =>
    bulk.mutate(
      { action, ids: selectedIds },
      {
        onSuccess: (result) => {
          toast({ ...bulkToast(result), variant: 'success' });
          onDone();
          // The selection is cleared and these buttons are disabled: the keyboard goes to the line that says so.
          focusById('network-selection');
        },
        onError: (error) => toast({ title: 'Error', description: action === 'send-intro' ? 'Failed to send bulk emails' : userMessageOf(error), variant: 'destructive' }),
      },
    );
  const introduceAll = () => {
    if (!window.confirm('Send an introduction e-mail to every repairer with an address who has not had one and has not unsubscribed? They leave at a steady rate over the next while.')) return;
    all.mutate(undefined, {
      onSuccess: ({ successCount, failureCount, skippedCount }) =>
        toast({
          title: 'Bulk Email Complete',
          description: `${plural(successCount, 'introduction')} queued, ${failureCount.toLocaleString('en-GB')} failed (address not valid); ${skippedCount.toLocaleString('en-GB')} skipped (already introduced or unsubscribed).`,
          variant: 'success',
        }),
      onError: () => toast({ title: 'Error', description: 'Failed to send bulk emails', variant: 'destructive' }),
    });
  };
  const none = selectedIds.length === 0;
  return (
    <div className="mt-3 flex flex-wrap items-center gap-2 rounded-lg border border-slate-200 bg-slate-50 p-2">
      <p id="network-selection" tabIndex={-1} className="mr-2 text-sm font-semibold text-slate-800 focus:outline-none" aria-live="polite">
        {none ? 'No repairers selected' : `${plural(selectedIds.length, 'repairer')} selected`}
      </p>
      <ConfirmButton
        size="sm"
        variant="outline"
        disabled={none || bulk.isPending}
        onConfirm={() => run('verify')}
        title={`Verify ${plural(selectedIds.length, 'repairer')}?`}
        consequence="Each can then be offered paid jobs and, once they accept one, see that customer's name, phone and address."
        confirmLabel="Verify"
      >
        Verify selected
      </ConfirmButton>
      <Button size="sm" variant="outline" disabled={none || bulk.isPending} onClick={() => run('unverify')}>
        Unverify selected
      </Button>
      <Button size="sm" variant="outline" disabled={none || bulk.isPending} onClick={() => run('send-intro')}>
        Introduce selected
      </Button>
      <Button size="sm" className="sm:ml-auto" pending={all.isPending} onClick={introduceAll}>
        {all.isPending ? 'Sending…' : 'Introduce everyone not yet introduced'}
      </Button>
    </div>
  );
}
