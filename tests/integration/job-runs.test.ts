// Long background runs (issue 13): one running run per kind, progress kept in the database and
// added up in single statements, a stop asked for by the admin and honoured between chunks, and
// a run that has ended refusing to end again (409).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../src/server/db/factories';
import { continueOrEnd, failRun, findRun, recordProgress, startRun } from '../../src/server/modules/job-runs';
import { createTestApp, signInAs, type TestApp } from '../helpers/app';

let t: TestApp;
let cookie: string;
beforeAll(async () => {
  t = await createTestApp({ engine: 'auto' });
  const admin = await createUser(t.database.db, { role: 'admin' });
  cookie = await signInAs(t.app, admin.email, admin.password);
});
afterAll(() => t.close());

const latest = async (kind: string) => (await t.app.inject({ method: 'GET', url: `/api/admin/job-runs/${kind}`, headers: { cookie } })).json();

describe('job runs', () => {
  it('answers null before the first run of a kind, and whether a run of it can start on this server', async () => {
    // No GOOGLE_PLACES_API_KEY here: the Places import says so before anyone presses its button.
    expect(await latest('places_import')).toEqual({ run: null, configured: false });
    expect(await latest('email_collection')).toEqual({ run: null, configured: true });
  });

  it('keeps one running run per kind, adds up progress from concurrent reports, and finishes', async () => {
    const db = t.database.db;
    const run = await startRun(db, 'places_import', { total: 10, detail: { cities: ['London'] } });
    await expect(startRun(db, 'places_import')).rejects.toMatchObject({ statusCode: 409 });
    await Promise.all(Array.from({ length: 10 }, (_, i) => recordProgress(db, run.id, { processed: 1, succeeded: i % 2, failed: 1 - (i % 2) })));
    await recordProgress(db, run.id, { addToTotal: 5, detail: { pages: 3 } });
    const middle = (await latest('places_import')).run;
    expect(middle).toMatchObject({ status: 'running', total: 15, processed: 10, succeeded: 5, failed: 5, percent: 66, detail: { cities: ['London'], pages: 3 } });

    expect(await continueOrEnd(db, run.id, false)).toBe(true);
    expect(await continueOrEnd(db, run.id, true)).toBe(false);
    expect((await latest('places_import')).run).toMatchObject({ status: 'done', percent: 100, stopRequested: false });
    // Progress reported after the end changes nothing, and an ended run cannot fail.
    await recordProgress(db, run.id, { processed: 3 });
    expect((await findRun(db, run.id))!.processed).toBe(10);
    await expect(failRun(db, run.id, 'late')).rejects.toMatchObject({ statusCode: 409 });
    // A new run may start once the last one has ended.
    const next = await startRun(db, 'places_import');
    expect(await continueOrEnd(db, next.id, true)).toBe(false);
  });

  it('stops between chunks when the admin asks, and says when nothing is running', async () => {
    const db = t.database.db;
    const stopNothing = await t.app.inject({ method: 'POST', url: '/api/admin/job-runs/email_collection/stop', headers: { cookie } });
    expect(stopNothing.statusCode).toBe(409);
    expect(stopNothing.json().message).toBe('Nothing of that kind is running.');

    const run = await startRun(db, 'email_collection', { total: 4 });
    const stop = await t.app.inject({ method: 'POST', url: '/api/admin/job-runs/email_collection/stop', headers: { cookie } });
    expect(stop.statusCode).toBe(200);
    expect(stop.json()).toMatchObject({ id: run.id, status: 'running', stopRequested: true });
    // The chunk in hand finishes; the run then ends as stopped, not done, even with items left.
    await recordProgress(db, run.id, { processed: 1, succeeded: 1 });
    expect(await continueOrEnd(db, run.id, false)).toBe(false);
    expect((await latest('email_collection')).run).toMatchObject({ status: 'stopped', processed: 1, percent: 100 });
  });

  it('refuses a kind it does not know with a clear message', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/admin/job-runs/everything', headers: { cookie } });
    expect(response.statusCode).toBe(400);
  });
});
