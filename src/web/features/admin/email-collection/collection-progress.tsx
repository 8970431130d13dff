import { Button } from '../../../components/ui/button';
import { toast } from '../../../components/ui/use-toast';
import { userMessageOf } from '../../../lib/api';
import type { JobRun } from '../../../../shared/api/job-runs';
import { successRate } from './collection-messages';
import { useStopCollection } from './email-collection-api';

const ended: Record<Exclude<JobRun['status'], 'running'>, string> = {
  done: 'Finished',
  stopped: 'Stopped',
  failed: 'Failed',
};

/** The latest run: a live progress bar (polled every second while it runs), its figures and Stop. */
export function CollectionProgress({ run }: { run: JobRun }) {
  const stop = useStopCollection();
  const running = run.status === 'running';
  const rate = successRate(run.succeeded, run.processed);
  const figures = `${run.processed.toLocaleString('en-GB')} of ${run.total.toLocaleString('en-GB')} repairers tried`;
  return (
    <section aria-labelledby="collection-progress-heading" className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="collection-progress-heading" className="text-xl font-bold text-navy-900">
          {running ? (run.stopRequested ? 'Stopping…' : 'Collecting…') : `${ended[run.status as keyof typeof ended]}: the last collection`}
        </h2>
        {running ? (
          <Button
            variant="danger"
            size="sm"
            pending={run.stopRequested || stop.isPending}
            onClick={() => stop.mutate(undefined, { onError: (error) => toast({ title: 'Error', description: userMessageOf(error), variant: 'destructive' }) })}
          >
            {run.stopRequested ? 'Stopping…' : 'Stop'}
          </Button>
        ) : null}
      </div>
      <div
        role="progressbar"
        aria-label="E-mail collection progress"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={run.percent}
        aria-valuetext={`${run.percent}%: ${figures}`}
        className="mt-3 h-4 w-full overflow-hidden rounded-full bg-slate-200"
      >
        <div className="h-full rounded-full bg-teal-brand transition-[width]" style={{ width: `${run.percent}%` }} />
      </div>
      <p className="mt-2 text-slate-800" aria-live="polite">
        {run.percent}% · {figures}: {run.succeeded.toLocaleString('en-GB')} found, {run.failed.toLocaleString('en-GB')} not found · success rate {rate}%
      </p>
      {run.status === 'stopped' ? <p className="mt-1 text-sm text-slate-700">Stopped at the admin’s request; the addresses found so far are kept.</p> : null}
    </section>
  );
}
