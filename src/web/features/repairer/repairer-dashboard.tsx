import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { buttonClasses } from '../../components/ui/button';
import { Skeleton } from '../../components/ui/skeleton';
import { userMessageOf } from '../../lib/api';
import type { RepairerJob } from '../../../shared/api/repairer-jobs';
import { useRepairerJobs } from './api/jobs';
import { useProfile } from './api/profile';
import { JobCard } from './job-card';
import { isOpenOffer, isUpcoming } from './job-format';
import { JobPanel } from './job-panel';
import { UpcomingJobCard } from './upcoming-job-card';
import { OnMyWay, onMyWayToday } from '../repairer-work';

/** The clock the time-remaining badges count down from, ticking every 30 seconds. */
function useNow(): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), 30_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

function JobList({
  title,
  jobs,
  empty,
  now,
  selected,
  onSelect,
  upcoming = false,
}: {
  title: string;
  jobs: RepairerJob[];
  empty: string;
  now: Date;
  selected: number | null;
  onSelect: (id: number) => void;
  /** Jobs the repairer holds: shown with when, who and where (UpcomingJobCard). */
  upcoming?: boolean;
}) {
  const id = `jobs-${title.toLowerCase().replace(/\W+/g, '-')}`;
  return (
    <section aria-labelledby={id} className="mt-6 first:mt-0">
      <h2 id={id} className="text-lg font-bold text-navy-900">
        {title} <span className="text-base font-normal text-slate-700">({jobs.length})</span>
      </h2>
      {jobs.length === 0 ? (
        <p className="mt-2 text-slate-800">{empty}</p>
      ) : (
        <ul className="mt-2 grid gap-3">
          {jobs.map((job) => (
            <li key={job.id}>
              {upcoming ? (
                <UpcomingJobCard job={job} selected={selected === job.id} onSelect={() => onSelect(job.id)}>
                  {onMyWayToday(job, now) ? <OnMyWay job={job} now={now} /> : null}
                </UpcomingJobCard>
              ) : (
                <JobCard job={job} now={now} selected={selected === job.id} onSelect={() => onSelect(job.id)} />
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

const whenKey = (job: RepairerJob) => `${job.appointment?.appointmentDate ?? '9999-12-31'} ${job.appointment?.timeSlot === 'afternoon' ? 1 : 0}`;

/** SPEC's repairer dashboard for the signed-in repairer (D11): their offers, their upcoming jobs, and one job in detail. */
export function RepairerDashboard({ repairerId, name }: { repairerId: number; name: string }) {
  const jobs = useRepairerJobs(repairerId);
  const profile = useProfile();
  const now = useNow();
  const [selected, setSelected] = useState<number | null>(null);
  const panel = useRef<HTMLDivElement>(null);
  // Below lg the job's detail sits under every list: a tap on a job would seem to do nothing.
  const choose = (id: number) => {
    setSelected(id);
    if (window.matchMedia?.('(min-width: 64rem)').matches) return;
    panel.current?.scrollIntoView?.({ block: 'start' });
    panel.current?.focus({ preventScroll: true });
  };

  if (jobs.isPending) {
    return (
      <Page>
        <div role="status" className="mt-6 grid gap-4">
          <span className="sr-only">Loading your jobs…</span>
          <Skeleton className="h-32 w-full" />
        </div>
      </Page>
    );
  }
  if (jobs.isError) {
    return (
      <Page>
        <p className="mt-6" role="alert">
          {userMessageOf(jobs.error, 'We could not load your jobs. Please try again.')}
        </p>
      </Page>
    );
  }
  const all = jobs.data;
  const open = all.filter(isOpenOffer);
  // Soonest first: the date, then the morning before the afternoon.
  const upcoming = all.filter(isUpcoming).sort((a, b) => whenKey(a).localeCompare(whenKey(b)));
  const past = all.filter((job) => !isOpenOffer(job) && !isUpcoming(job));
  const chosen = selected !== null && all.some((job) => job.id === selected) ? selected : null;

  return (
    <Page>
      <p className="mt-2 text-lg text-slate-800" aria-live="polite">
        {name}: <strong>{open.length === 1 ? '1 job available' : `${open.length} jobs available`}</strong> near you.
      </p>
      {profile.data && !profile.data.isVerified ? (
        // D16 offers jobs to verified repairers only: one waiting would otherwise wait for offers that never come.
        <p className="mt-3 rounded-md border border-amber-300 bg-amber-50 p-3 text-amber-950">
          <strong>Pending Verification.</strong> Our team checks new repairers before offering them jobs, so none are offered to you yet. Meanwhile, keep
          your{' '}
          <Link to="/repairer/profile" className="font-semibold underline">
            profile
          </Link>{' '}
          up to date.
        </p>
      ) : null}
      <div className="mt-6 grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
        <div>
          <JobList title="Available jobs" jobs={open} empty="No jobs are waiting for you right now. New ones near you appear here and by e-mail." now={now} selected={chosen} onSelect={choose} />
          <JobList title="Your upcoming jobs" upcoming jobs={upcoming} empty="Jobs you accept appear here with the customer's details." now={now} selected={chosen} onSelect={choose} />
          {past.length > 0 ? <JobList title="Done and past offers" jobs={past} empty="" now={now} selected={chosen} onSelect={choose} /> : null}
        </div>
        <div ref={panel} tabIndex={-1} role="region" aria-label="Job details" className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm focus:outline-none lg:sticky lg:top-4 lg:self-start">
          {chosen === null ? <p className="text-slate-800">Choose a job to see its photos and pricing, and to accept or decline it.</p> : <JobPanel key={chosen} jobId={chosen} now={now} />}
        </div>
      </div>
    </Page>
  );
}

/** SPEC's page title, in every state. */
function Page({ children }: { children: React.ReactNode }) {
  return (
    <div className="mx-auto max-w-6xl px-3 py-8 sm:px-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-3xl font-bold text-navy-900">Repairer dashboard</h1>
        <div className="flex flex-wrap gap-3">
          <Link to="/repairer/availability" className={buttonClasses('outline')}>
            Your availability
          </Link>
          <Link to="/repairer/profile" className={buttonClasses('outline')}>
            Your profile and payouts
          </Link>
        </div>
      </div>
      {children}
    </div>
  );
}
