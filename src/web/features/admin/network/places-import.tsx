import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { toast } from '../../../components/ui/use-toast';
import { userMessageOf } from '../../../lib/api';
import { cities } from '../../../../shared/cities';
import { formatLondonDateTime } from '../../../../shared/london-time';
import type { JobRun } from '../../../../shared/api/job-runs';
import { placesImportDetail, placesImportMessages } from '../../../../shared/api/places-import';
import { refreshNetwork, usePlacesImportRun, useStartPlacesImport, useStopPlacesImport } from './places-import-api';

const selectClass = 'min-h-11 rounded-md border border-slate-400 bg-white px-2 font-normal';
const n = (value: number) => value.toLocaleString('en-GB');
const plural = (count: number, one: string, many: string) => `${n(count)} ${count === 1 ? one : many}`;

function figures(run: JobRun): string {
  const { added, updated, skipped } = placesImportDetail(run.detail);
  const parts = [`${n(added)} added`, `${n(updated)} updated`];
  if (skipped > 0) parts.push(`${n(skipped)} left out (closed, or no UK postcode)`);
  return parts.join(', ');
}

/** What the toasts say when a run the admin watched ends (SPEC section 8). */
function announceEnd(run: JobRun) {
  const { added, updated } = placesImportDetail(run.detail);
  if (run.status === 'done') {
    const failures = run.failed > 0 ? ` ${plural(run.failed, 'search', 'searches')} failed.` : '';
    toast({ title: 'Repairer Network Updated', description: `${plural(added, 'repairer', 'repairers')} added and ${n(updated)} updated from Google Places.${failures}`, variant: 'success' });
  } else if (run.status === 'failed') {
    toast({ title: 'Update Failed', description: `${placesImportMessages.failed}: ${run.error ?? 'Unknown error'}`, variant: 'destructive' });
  } else if (run.status === 'stopped') {
    toast({ title: 'Import stopped', description: `Stopped after ${n(run.processed)} of ${plural(run.total, 'search', 'searches')}: ${n(added)} added, ${n(updated)} updated.` });
  }
}

const statusText: Record<JobRun['status'], string> = { running: 'Running', done: 'Finished', failed: 'Failed', stopped: 'Stopped' };

function RunProgress({ run }: { run: JobRun }) {
  const running = run.status === 'running';
  const { lastQuery, lastError } = placesImportDetail(run.detail);
  const label = running ? 'Import from Google Places in progress' : 'Last import from Google Places';
  return (
    <div className="mt-3 grid gap-2">
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={run.percent}
        aria-valuetext={`${run.percent}%: ${n(run.processed)} of ${plural(run.total, 'search', 'searches')} done`}
        className="h-3 w-full overflow-hidden rounded-full bg-slate-200"
      >
        <div className={`h-full rounded-full transition-[width] ${run.status === 'failed' ? 'bg-red-700' : 'bg-teal-brand'}`} style={{ width: `${run.percent}%` }} />
      </div>
      <p className="text-sm text-slate-800">
        <span className="font-semibold">{running ? (run.stopRequested ? 'Stopping after the search in hand…' : `${run.percent}%`) : statusText[run.status]}</span>
        {' · '}
        {n(run.processed)} of {plural(run.total, 'search', 'searches')}
        {run.failed > 0 ? ` (${n(run.failed)} failed)` : ''} · {figures(run)}
      </p>
      {running && lastQuery ? <p className="text-sm text-slate-700">Last search: {lastQuery}</p> : null}
      {!running && run.finishedAt ? <p className="text-sm text-slate-700">Ended {formatLondonDateTime(new Date(run.finishedAt))}.</p> : null}
      {run.status === 'failed' && run.error ? <p className="text-sm font-semibold text-red-800">{run.error}</p> : null}
      {run.status !== 'failed' && lastError ? <p className="text-sm text-slate-700">Last failed search: {lastError}</p> : null}
    </div>
  );
}

/** Issue 13 item 3 (D17): 'Update from Google Places', its progress, a Stop button and SPEC's toasts. */
export function PlacesImport() {
  const queryClient = useQueryClient();
  const latest = usePlacesImportRun();
  const start = useStartPlacesImport();
  const stop = useStopPlacesImport();
  const [city, setCity] = useState('');
  const run = latest.data?.run ?? null;
  const running = run?.status === 'running';
  // D17: without its key the import cannot run; the tab says so up front, not only after a press.
  const unconfigured = latest.data?.configured === false;

  // A run seen running in this page: its end raises the toast and refreshes the list.
  const watched = useRef<number | null>(null);
  useEffect(() => {
    if (!run) return;
    if (run.status === 'running') {
      watched.current = run.id;
    } else if (watched.current === run.id) {
      watched.current = null;
      announceEnd(run);
      refreshNetwork(queryClient);
    }
  }, [run, queryClient]);

  const onStart = () =>
    start.mutate(city ? { cities: [city] } : {}, {
      onError: (error) => {
        toast({ title: 'Update Failed', description: `${placesImportMessages.failed}: ${userMessageOf(error)}`, variant: 'destructive' });
        void latest.refetch();
      },
    });
  const onStop = () => stop.mutate(undefined, { onError: (error) => toast({ title: 'Error', description: userMessageOf(error), variant: 'destructive' }) });

  return (
    <section aria-labelledby="places-import-heading" className="mt-4 rounded-lg border border-slate-200 bg-white p-4">
      <h3 id="places-import-heading" className="text-lg font-bold text-navy-900">
        Import from Google Places
      </h3>
      <p className="mt-1 text-slate-800">
        Finds mobile scratch, dent, alloy wheel and paint repairers around the covered cities. New businesses are added as Pending Verification without an e-mail address; businesses already
        in the network are updated, never added twice.
      </p>
      <div className="mt-3 flex flex-wrap items-end gap-3">
        <label className="grid gap-1 text-sm font-semibold">
          Cities
          <select className={selectClass} value={city} onChange={(event) => setCity(event.target.value)} disabled={running}>
            <option value="">All {cities.length} covered cities</option>
            {cities.map((c) => (
              <option key={c.slug} value={c.slug}>
                {c.name}
              </option>
            ))}
          </select>
        </label>
        <Button
          onClick={onStart}
          disabled={unconfigured || latest.isPending}
          pending={running || start.isPending}
          aria-describedby={unconfigured ? 'places-import-unconfigured' : running ? 'places-import-busy' : undefined}
        >
          {start.isPending ? 'Starting…' : 'Update from Google Places'}
        </Button>
        {running ? (
          <Button variant="outline" onClick={onStop} pending={run.stopRequested || stop.isPending}>
            {run.stopRequested ? 'Stopping…' : 'Stop'}
          </Button>
        ) : null}
      </div>
      {unconfigured ? (
        <p id="places-import-unconfigured" role="status" className="mt-2 rounded-md border border-amber-700 bg-amber-50 p-3 text-sm text-slate-900">
          {placesImportMessages.notConfigured}
        </p>
      ) : null}
      {running ? (
        <p id="places-import-busy" className="mt-2 text-sm text-slate-800">
          An import is running: wait for it to finish, or stop it, before starting another.
        </p>
      ) : null}
      {latest.isError ? <p className="mt-2 text-sm text-red-800">We could not load the import&apos;s progress. Please refresh the page.</p> : null}
      {run ? <RunProgress run={run} /> : null}
    </section>
  );
}
