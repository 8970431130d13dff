import { useQueryClient } from '@tanstack/react-query';
import { AlertDialog } from 'radix-ui';
import { useEffect, useRef, useState } from 'react';
import { TextField } from '../../../components/form';
import { Button, buttonClasses } from '../../../components/ui/button';
import { ConfirmDialogContent } from '../../../components/ui/confirm-dialog';
import { Skeleton } from '../../../components/ui/skeleton';
import { toast } from '../../../components/ui/use-toast';
import { userMessageOf } from '../../../lib/api';
import { COLLECTION_BATCH, parseBatchSize } from '../../../../shared/api/email-collection';
import { collectionFailedAlert, type CollectionKind } from './collection-messages';
import { CollectionProgress } from './collection-progress';
import { collectionResultsKey, collectionStatusKey, useCollectEmails, useCollectionRun, useCollectionStatus } from './email-collection-api';
import { RecentResults } from './recent-results';

function StatusCards() {
  const status = useCollectionStatus();
  const s = status.data;
  const cards = [
    { label: 'Completion rate', value: s ? `${s.completionRate.toLocaleString('en-GB')}%` : null, hint: 'Repairers with an e-mail address' },
    { label: 'With e-mails', value: s?.withEmails.toLocaleString('en-GB') },
    { label: 'Total repairers', value: s?.totalRepairers.toLocaleString('en-GB') },
    { label: 'Collected by AI', value: s?.collectedByAI.toLocaleString('en-GB'), hint: s && !s.model ? 'No model is set up' : 'Chosen by the model' },
    { label: 'Needs collection', value: s?.needsCollection.toLocaleString('en-GB'), hint: 'A website and no address' },
  ];
  return (
    <section aria-label="E-mail collection status">
      {status.isError ? (
        <p role="alert" className="mb-3 rounded-md border border-red-700 bg-red-50 p-3 text-red-900">
          We could not load the collection figures.
        </p>
      ) : null}
      {s && !s.model ? (
        // D18: plain rules choose without a model; the operator is told which is at work (an operator's review).
        <p className="mb-3 rounded-md border border-amber-700 bg-amber-50 p-3 text-slate-900">
          No language model is set up (LLM_BASE_URL, LLM_API_KEY and LLM_MODEL), so plain rules choose each repairer&rsquo;s address from their website.
        </p>
      ) : null}
      <dl className="grid grid-cols-2 gap-3 md:grid-cols-5">
        {cards.map((card) => (
          <div key={card.label} className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
            <dt className="text-sm font-semibold text-slate-700">{card.label}</dt>
            <dd className="mt-1 text-2xl font-bold text-navy-900">{card.value ?? (status.isError ? '—' : <Skeleton className="h-8 w-16" />)}</dd>
            {card.hint ? <dd className="text-xs text-slate-700">{card.hint}</dd> : null}
          </div>
        ))}
      </dl>
    </section>
  );
}

/** SPEC's AI Email Collection tab (D18): status cards, a batch or everyone, live progress, stop, the last 5 results. */
export function EmailCollectionTab() {
  const queryClient = useQueryClient();
  const [batchInput, setBatchInput] = useState(String(COLLECTION_BATCH.default));
  const [force, setForce] = useState(false);
  const [confirmAll, setConfirmAll] = useState(false);
  const [alert, setAlert] = useState<string | null>(null);
  const collect = useCollectEmails();
  const run = useCollectionRun().data?.run ?? null;
  const running = run?.status === 'running';
  const needsCollection = useCollectionStatus().data?.needsCollection;

  // Refresh the cards and results as the run tries repairers, and say how it ended.
  const seen = useRef<{ id: number; status: string; processed: number } | null>(null);
  useEffect(() => {
    if (!run) return;
    const before = seen.current;
    seen.current = { id: run.id, status: run.status, processed: run.processed };
    if (!before || before.id !== run.id || before.processed !== run.processed || before.status !== run.status) {
      void queryClient.invalidateQueries({ queryKey: collectionStatusKey });
      void queryClient.invalidateQueries({ queryKey: collectionResultsKey });
    }
    if (before && before.id === run.id && before.status === 'running' && run.status === 'failed') {
      setAlert(collectionFailedAlert(run.detail.collectAll === true ? 'all' : 'batch', { error: run.error }));
    }
  }, [run, queryClient]);

  const start = (kind: CollectionKind) => {
    setAlert(null);
    const body = kind === 'all' ? { collectAll: true, force } : { limit: parseBatchSize(batchInput), force };
    if (kind === 'batch') setBatchInput(String(body.limit));
    collect.mutate(body, {
      onSuccess: (result) => {
        setConfirmAll(false);
        if (!result.success) setAlert(collectionFailedAlert(kind, result));
        else toast({ title: 'Collection started', description: `Reading the websites of ${result.queued.toLocaleString('en-GB')} repairer${result.queued === 1 ? '' : 's'}. You can leave this page; the collection carries on.`, variant: 'success' });
      },
      onError: (error) => {
        setConfirmAll(false);
        setAlert(collectionFailedAlert(kind, error));
        toast({ title: 'Error', description: error instanceof TypeError ? 'Failed to collect emails' : userMessageOf(error, 'Failed to collect emails'), variant: 'destructive' });
      },
    });
  };

  return (
    <div className="space-y-6">
      <StatusCards />
      {alert ? (
        <p role="alert" className="rounded-md border border-red-700 bg-red-50 p-3 font-semibold text-red-900">
          {alert}
        </p>
      ) : null}
      <section aria-labelledby="collect-heading" className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
        <h2 id="collect-heading" className="text-xl font-bold text-navy-900">
          Collect e-mail addresses
        </h2>
        <p className="mt-1 text-slate-800">
          Reads each repairer’s own website (the home page and its contact page), obeying robots.txt and waiting between requests to one site.
        </p>
        <form
          className="mt-4 flex flex-wrap items-end gap-3"
          onSubmit={(event) => {
            event.preventDefault();
            start('batch');
          }}
        >
          <TextField
            id="collection-batch-size"
            label="Batch size"
            hint={`${COLLECTION_BATCH.min} to ${COLLECTION_BATCH.max} repairers; ${COLLECTION_BATCH.default} if left blank`}
            inputMode="numeric"
            value={batchInput}
            onChange={(event) => setBatchInput(event.target.value)}
            onBlur={() => setBatchInput(String(parseBatchSize(batchInput)))}
            className="w-56"
          />
          <Button type="submit" pending={running || collect.isPending}>
            Collect Batch
          </Button>
          <AlertDialog.Root open={confirmAll} onOpenChange={setConfirmAll}>
            <AlertDialog.Trigger asChild>
              <Button type="button" variant="secondary" pending={running || collect.isPending}>
                COLLECT ALL EMAILS
              </Button>
            </AlertDialog.Trigger>
            <ConfirmDialogContent
              title="Collect every e-mail address?"
              description={`This reads the website of every repairer still waiting for an address${needsCollection !== undefined ? ` (${needsCollection.toLocaleString('en-GB')})` : ''}. It may take 15–30 minutes. You can stop it at any time.`}
            >
              <div className="mt-5 flex flex-wrap justify-end gap-3">
                <AlertDialog.Cancel className={buttonClasses('outline')}>Cancel</AlertDialog.Cancel>
                <Button
                  pending={collect.isPending}
                  onClick={(event) => {
                    event.preventDefault();
                    start('all');
                  }}
                >
                  {collect.isPending ? 'Starting…' : 'Collect all'}
                </Button>
              </div>
            </ConfirmDialogContent>
          </AlertDialog.Root>
          <label className="flex min-h-11 items-center gap-2 text-slate-800">
            <input type="checkbox" className="size-5" checked={force} onChange={(event) => setForce(event.target.checked)} />
            Also re-check addresses collected before
          </label>
        </form>
      </section>
      {run ? <CollectionProgress run={run} /> : null}
      <RecentResults />
    </div>
  );
}
