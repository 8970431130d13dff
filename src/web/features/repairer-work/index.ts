// Issue 12: the repairer doing the job. Other features (the /repairer dashboard) use it only through here.
export { MarkJobDone } from './mark-job-done';
export { OnMyWay, onMyWayToday } from './on-my-way';
