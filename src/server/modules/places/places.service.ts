// The import from Google Places (issue 13 item 3, D17) as a job run: one covered city per job
// (its four searches, one per kind of mobile repair), each job queueing the next city, so a
// restart loses at most the search in hand, and the admin can stop it between two searches.
import { cities, findCity, type City } from '../../../shared/cities';
import { placesImportDetail, placesImportMessages, type PopulateFromPlacesBody, type PopulateFromPlacesResult } from '../../../shared/api/places-import';
import type { GooglePlacesConfig } from '../../config/config';
import type { Db } from '../../db/database';
import type { Enqueue } from '../../kernel/jobs';
import type { JobContext } from '../../kernel/jobs';
import { notConfigured } from '../../kernel/errors';
import { continueOrEnd, failRun, findRun, jobRunView, recordItemOnce, startRun, type JobRunRow } from '../job-runs';
import { placeRecord, SEARCH_TERMS, type SearchTerm } from './place-record';
import { PlacesKeyRefusedError, PlacesSearchError, searchText } from './places-client';
import { countRepairers } from '../repairers';
import { storePlace } from './store-place';

import { PLACES_IMPORT_JOB } from '../../kernel/jobs';
export { PLACES_IMPORT_JOB };

/** SPEC's nearby radius (30 miles), in metres: the search prefers businesses within it. */
const SEARCH_RADIUS_METRES = 48_280;

export interface PlacesSearch {
  index: number;
  city: City;
  term: SearchTerm;
  textQuery: string;
}

/** The index-th search of a run over `citySlugs`: city by city, each kind of repair in turn. */
export function searchAt(citySlugs: readonly string[], index: number): PlacesSearch {
  const city = findCity(citySlugs[Math.floor(index / SEARCH_TERMS.length)]!)!;
  const term = SEARCH_TERMS[index % SEARCH_TERMS.length]!;
  return { index, city, term, textQuery: `${term.text} in ${city.name}` };
}

/** Starts a run (409 when one is running; 503 not_configured without a key) and queues its first city. */
export async function startPlacesImport(db: Db, jobs: Enqueue, config: GooglePlacesConfig, body: PopulateFromPlacesBody): Promise<PopulateFromPlacesResult> {
  if (!config.apiKey) throw notConfigured(placesImportMessages.notConfigured);
  const chosen = new Set(body?.cities ?? cities.map((city) => city.slug));
  const citySlugs = cities.filter((city) => chosen.has(city.slug)).map((city) => city.slug);
  const repairersBefore = await countRepairers(db);
  const run = await startRun(db, 'places_import', {
    total: citySlugs.length * SEARCH_TERMS.length,
    detail: { repairersBefore, added: 0, updated: 0, skipped: 0, cities: citySlugs },
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
  return recordItemOnce(db, runId, search.index, {
    failed: Boolean(outcome.error),
    counts: { added: outcome.added, updated: outcome.updated, skipped: outcome.skipped },
    detail: { lastQuery: search.textQuery, ...(outcome.error ? { lastError: `${search.textQuery}: ${outcome.error}` } : {}) },
  });
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

type ChunkEnd = 'next' | 'ended';

/** One search of the chunk, counted once; 'ended' when the run stopped, failed or was counted by another delivery. */
async function doSearch(context: JobContext, run: JobRunRow, apiKey: string, search: PlacesSearch): Promise<ChunkEnd> {
  const { db, log } = context;
  let outcome: SearchOutcome;
  try {
    outcome = await runSearch(context, apiKey, search);
  } catch (error) {
    if (error instanceof PlacesKeyRefusedError) {
      log.warn({ runId: run.id, err: error }, 'Google Places refused the key: the import stops');
      await failRun(db, run.id, error.message);
      return 'ended';
    }
    if (!(error instanceof PlacesSearchError)) throw error;
    log.warn({ runId: run.id, query: search.textQuery, err: error }, 'a Google Places search failed; the import goes on');
    outcome = { added: 0, updated: 0, skipped: 0, error: error.message };
  }
  return (await recordSearch(db, run.id, search, outcome)) ? 'next' : 'ended';
}

/**
 * One job: the searches of one city (from `index`, the run's first search of that city), then
 * the next city queued or the run ended. Searches already counted (a second delivery, or a
 * retry after a restart) are not run again.
 */
export async function runPlacesCity(context: JobContext, payload: { runId: number; index: number }): Promise<void> {
  const { db } = context;
  let run = await findRun(db, payload.runId);
  if (!run || run.status !== 'running' || run.kind !== 'places_import') return;
  const citySlugs = placesImportDetail(run.detail).cities;
  const cityEnd = Math.min(run.total, payload.index + SEARCH_TERMS.length);
  if (run.processed < payload.index || run.processed > cityEnd) return; // not this city's turn, or long done
  const apiKey = context.config.googlePlaces.apiKey;
  if (!apiKey) {
    await failRun(db, run.id, placesImportMessages.notConfigured);
    return;
  }
  for (let index = run.processed; index < cityEnd; index++) {
    if (run.stopRequestedAt) break;
    if ((await doSearch(context, run, apiKey, searchAt(citySlugs, index))) === 'ended') return;
    run = await findRun(db, run.id);
    if (!run || run.status !== 'running') return;
  }
  // Stopped: ends now, between two searches. Otherwise the next city, or done.
  if (await continueOrEnd(db, run.id, cityEnd >= run.total)) {
    await context.jobs.enqueue(PLACES_IMPORT_JOB, { runId: run.id, index: cityEnd });
    return;
  }
  const ended = await findRun(db, run.id);
  if (ended) context.log.info({ runId: run.id, status: ended.status, processed: ended.processed, failed: ended.failed, detail: ended.detail }, 'Google Places import ended');
}
