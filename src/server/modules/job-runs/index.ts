// The job-runs module as the rest of the server, the scripts and the tests see it: the only file they
// import it through (eslint's house/server-module-boundary refuses any other way in; only a
// *-cli.ts entry point may be imported directly). Named exports only, each from its own file.

export { continueOrEnd, failRun, findRun, jobRunView, latestRun, recordItemOnce, recordProgress, requestStop, startRun, type JobRunRow } from './job-runs.repo';
export { jobRunRoutes } from './job-runs.routes';
