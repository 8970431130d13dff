// The import from Google Places (issue 13 item 3, D17) as a job run: one search (a covered city
// and a kind of mobile repair) per job, each job enqueueing the next, so a restart loses at most
// the search in hand and the admin can stop it between two searches.
import { and, eq, sql } from 'drizzle-orm';
import { cities } from '../../../shared/cities';
import { placesImportMessages, type PopulateFromPlacesResult } from '../../../shared/api/places-import';
import type { GooglePlacesConfig } from '../../config/config';
import type { Db } from '../../db/database';
import { jobRuns } from '../../db/schema';
import type { Enqueue } from '../../jobs';
import type { JobContext } from '../../jobs/registry';
import { notConfigured } from '../../plugins/errors';
import { continueOrEnd, failRun, findRun, jobRunView, startRun } from '../job-runs/job-runs.repo';
import { placeRecord, SEARCH_TERMS } from './place-record';
import { PlacesKeyRefusedError, PlacesSearchError, searchText } from './places-client';
import { countRepairers, storePlace } from './places.repo';

export const PLACES_IMPORT_JOB = 'import-places-search' as const;

/** SPEC's nearby radius (30 miles), in metres: the search prefers businesses within it. */
const SEARCH_RADIUS_METRES = 48_280;

export interface PlacesSearch {
  index: number;
  city: (typeof cities)[number];
  term: (typeof SEARCH_TERMS)[number];
  textQuery: string;
}

export function searchCount(): number {
  return cities.length * SEARCH_TERMS.length;
}

/** The index-th search of a run: city by city, each kind of repair in turn. */
export function searchAt(index: number): PlacesSearch {
  const city = cities[Math.floor(index / SEARCH_TERMS.length)]!;
  const term = SEARCH_TERMS[index % SEARCH_TERMS.length]!;
  return { index, city, term, textQuery: `${term.text} in ${city.name}` };
}

/** Starts a run (409 when one is running; 503 not_configured without a key) and queues its first search. */
export async function startPlacesImport(db: Db, jobs: Enqueue, config: GooglePlacesConfig): Promise<PopulateFromPlacesResult> {
  if (!config.apiKey) throw notConfigured(placesImportMessages.notConfigured);
  const repairersBefore = await countRepairers(db);
  const run = await startRun(db, 'places_import', {
    total: searchCount(),
    detail: { repairersBefore, added: 0, updated: 0, skipped: 0, cities: cities.length, searchesPerCity: SEARCH_TERMS.length },
  });
  try {
    await jobs.enqueue(PLACES_IMPORT_JOB, { runId: run.id, index: 0 });
  } catch (error) {
    await failRun(db, run.id, 'The import could not be queued.');
    throw error;
  }
  return { repairerCount: repairersBefore, run: jobRunView(run) };
}

interface SearchOutcome {
  added: number;
  updated: number;
  skipped: number;
  error?: string;
}

/**
 * Counts one search into the run, once: the update only applies while `processed` still equals
 * the search's index, so a search delivered twice is counted once. The run's figures are added
 * to in the same statement (safe against any other writer).
 */
async function recordSearch(db: Db, runId: number, search: PlacesSearch, outcome: SearchOutcome): Promise<boolean> {
  const add = (key: string, n: number) => sql`jsonb_build_object(${key}::text, coalesce((${jobRuns.detail} ->> ${key}::text)::int, 0) + ${n}::int)`;
  const detail = sql`${jobRuns.detail} || ${add('added', outcome.added)} || ${add('updated', outcome.updated)} || ${add('skipped', outcome.skipped)} || ${JSON.stringify({
    lastQuery: search.textQuery,
    ...(outcome.error ? { lastError: `${search.textQuery}: ${outcome.error}` } : {}),
  })}::jsonb`;
  const rows = await db
    .update(jobRuns)
    .set({
      processed: sql`${jobRuns.processed} + 1`,
      succeeded: sql`${jobRuns.succeeded} + ${outcome.error ? 0 : 1}`,
      failed: sql`${jobRuns.failed} + ${outcome.error ? 1 : 0}`,
      detail,
      updatedAt: new Date(),
    })
    .where(and(eq(jobRuns.id, runId), eq(jobRuns.status, 'running'), eq(jobRuns.processed, search.index)))
    .returning({ id: jobRuns.id });
  return rows.length > 0;
}

async function runSearch(context: JobContext, apiKey: string, search: PlacesSearch): Promise<SearchOutcome> {
  const outcome: SearchOutcome = { added: 0, updated: 0, skipped: 0 };
  const { places } = await searchText(context.config.googlePlaces, apiKey, {
    textQuery: search.textQuery,
    near: { latitude: search.city.latitude, longitude: search.city.longitude, radiusMetres: SEARCH_RADIUS_METRES },
  });
  for (const place of places) {
    const record = placeRecord(place);
    if ('skip' in record) {
      outcome.skipped += 1;
      continue;
    }
    if (record.latitude === null || record.longitude === null) {
      const located = await context.geocoder.locate(record.postcode);
      if (located) Object.assign(record, { latitude: located.latitude, longitude: located.longitude });
    }
    const stored = await storePlace(context.db, record, { city: search.city.name, county: search.city.region, specialisations: search.term.specialisations });
    outcome[stored] += 1;
  }
  return outcome;
}

/** One job: the index-th search of run `runId`, then the next search queued (or the run ended). */
export async function runPlacesSearch(context: JobContext, payload: { runId: number; index: number }): Promise<void> {
  const { db, log } = context;
  const run = await findRun(db, payload.runId);
  if (!run || run.status !== 'running' || run.kind !== 'places_import') return;
  // Counted already: a second delivery of this search. It only makes sure the run goes on.
  if (run.processed !== payload.index) {
    if (run.processed === payload.index + 1) await continueWith(context, payload.runId, payload.index + 1, run.total);
    return;
  }
  const apiKey = context.config.googlePlaces.apiKey;
  if (!apiKey) {
    await failRun(db, run.id, placesImportMessages.notConfigured);
    return;
  }
  if (run.stopRequestedAt) {
    await continueOrEnd(db, run.id, false);
    return;
  }
  const search = searchAt(payload.index);
  let outcome: SearchOutcome;
  try {
    outcome = await runSearch(context, apiKey, search);
  } catch (error) {
    if (error instanceof PlacesKeyRefusedError) {
      log.warn({ runId: run.id, err: error }, 'Google Places refused the key: the import stops');
      await failRun(db, run.id, error.message);
      return;
    }
    if (!(error instanceof PlacesSearchError)) throw error;
    log.warn({ runId: run.id, query: search.textQuery, err: error }, 'a Google Places search failed; the import goes on');
    outcome = { added: 0, updated: 0, skipped: 0, error: error.message };
  }
  if (!(await recordSearch(db, run.id, search, outcome))) return;
  await continueWith(context, run.id, payload.index + 1, run.total);
}

async function continueWith(context: JobContext, runId: number, next: number, total: number): Promise<void> {
  if (await continueOrEnd(context.db, runId, next >= total)) {
    await context.jobs.enqueue(PLACES_IMPORT_JOB, { runId, index: next });
  } else {
    const ended = await findRun(context.db, runId);
    if (ended) context.log.info({ runId, status: ended.status, processed: ended.processed, failed: ended.failed, detail: ended.detail }, 'Google Places import ended');
  }
}
