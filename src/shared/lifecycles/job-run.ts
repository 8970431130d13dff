// A long background run an admin starts and watches (issue 13: importing businesses from
// Google Places, collecting e-mail addresses from repairers' websites). Its progress lives in
// the database, so it survives a restart and every instance shows the same figures; an admin
// may ask a running one to stop, which it does between two items.
import { defineLifecycle } from './lifecycle';

export const jobRunLifecycle = defineLifecycle({
  entity: 'jobRun',
  noun: 'run',
  table: 'job_runs',
  statuses: ['running', 'done', 'failed', 'stopped'],
  initial: 'running',
  describe: {
    running: 'is still running',
    done: 'has already finished',
    failed: 'has already failed',
    stopped: 'has already been stopped',
  },
  transitions: {
    finish: { from: ['running'], to: 'done', done: 'finished' },
    fail: { from: ['running'], to: 'failed', done: 'failed' },
    stop: { from: ['running'], to: 'stopped', done: 'stopped' },
  },
});

export type JobRunStatus = (typeof jobRunLifecycle.statuses)[number];
export const JOB_RUN_KINDS = ['places_import', 'email_collection'] as const;
export type JobRunKind = (typeof JOB_RUN_KINDS)[number];
