// The import from Google Places (issue 13 item 3, D17) against a local stand-in for the Places
// API (New): key and field-mask headers checked, answers paged with nextPageToken. Run twice
// with no duplicates; businesses already held matched by phone, website, or name and postcode;
// a failed search counted and the run carried on; a refused key failing the run; a stop honoured.
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createRepairer, createUser } from '../../src/server/db/factories';
import { repairers } from '../../src/server/db/schema';
import { requestStop } from '../../src/server/modules/job-runs';
import { placeRecord, PLACES_FIELD_MASK, storePlace } from '../../src/server/modules/places';
import { ConfigError, loadConfig } from '../../src/server/config/config';
import { placesImportMessages } from '../../src/shared/api/places-import';
import { createTestApp, signInAs, type TestApp } from '../helpers/app';
import { drainJobs } from '../helpers/jobs';
import { startPlacesStandIn, standInPlace, type PlacesStandIn, type StandInPlace } from '../helpers/places-server';

let google: PlacesStandIn;
let t: TestApp;
let cookie: string;

beforeAll(async () => {
  google = await startPlacesStandIn({ tokenDelayMs: 40 });
  t = await createTestApp({
    engine: 'auto',
    env: { GOOGLE_PLACES_API_KEY: google.apiKey, GOOGLE_PLACES_BASE_URL: google.url, GOOGLE_PLACES_PAGE_DELAY_MS: '50' },
    configure: (config) => {
      config.googlePlaces.timeoutMs = 400;
    },
  });
  const admin = await createUser(t.database.db, { role: 'admin' });
  cookie = await signInAs(t.app, admin.email, admin.password);
});
afterAll(async () => {
  await t.close();
  await google.close();
});
beforeEach(() => {
  google.results.clear();
  google.failing.clear();
  google.hanging.clear();
  google.brokenBodies.clear();
  google.onRequest = undefined;
  google.requests.length = 0;
  t.config.googlePlaces.apiKey = google.apiKey;
});

const populate = (payload?: Record<string, unknown>) => t.app.inject({ method: 'POST', url: '/api/repairers/populate-from-google', headers: { cookie }, ...(payload === undefined ? {} : { payload }) });
const latestRun = async () => (await t.app.inject({ method: 'GET', url: '/api/admin/job-runs/places_import', headers: { cookie } })).json().run;
const byPlaceId = async (id: string) => (await t.database.db.select().from(repairers).where(eq(repairers.googlePlaceId, id)))[0];
const repairerTotal = async () => (await t.database.db.select({ n: count() }).from(repairers))[0]!.n;

/** A place near Leeds as Google writes it. */
const leeds = (overrides: Partial<StandInPlace> & { name?: string } = {}) => standInPlace(overrides);

describe('importing repairers from Google Places', () => {
  it('answers 503 not_configured without GOOGLE_PLACES_API_KEY, and starts nothing', async () => {
    const configured = async () => (await t.app.inject({ method: 'GET', url: '/api/admin/job-runs/places_import', headers: { cookie } })).json().configured;
    expect(await configured()).toBe(true);
    t.config.googlePlaces.apiKey = undefined;
    // The tab reads this to say so before anyone presses its button.
    expect(await configured()).toBe(false);
    const response = await populate();
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({ error: 'not_configured', message: placesImportMessages.notConfigured });
    expect(await latestRun()).toBeNull();
    expect(google.requests).toHaveLength(0);
  });

  it('refuses cities it does not cover, and an empty list, with a 400 naming the field', async () => {
    const unknown = await populate({ cities: ['paris'] });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().fieldErrors['cities.0']).toBe('Choose covered cities only.');
    const empty = await populate({ cities: [] });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().fieldErrors.cities).toMatch(/at least one city/);
  });

  it('searches every covered city for each kind of repair, follows page tokens, stores what it finds, and a second run duplicates nothing', async () => {
    // 45 scratch repairers in Leeds: three pages of 20, 20 and 5.
    const many = Array.from({ length: 45 }, () => leeds());
    google.results.set('mobile car scratch repair in Leeds', many);
    // The same business found by two searches is one repairer with both kinds of work.
    const both = leeds({ name: 'Leeds Dent & Scratch', rating: 4.9 });
    google.results.set('mobile car dent repair in Leeds', [both, leeds({ name: 'Closed Panel Works', businessStatus: 'CLOSED_PERMANENTLY' }), leeds({ formattedAddress: 'Leeds, UK' })]);
    google.results.get('mobile car scratch repair in Leeds')!.push(both);
    const before = await repairerTotal();

    const started = await populate();
    expect(started.statusCode).toBe(200);
    expect(started.json()).toMatchObject({ repairerCount: before, run: { kind: 'places_import', status: 'running', total: 64, processed: 0, percent: 0 } });
    // One run at a time.
    const again = await populate();
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toMatch(/already running/);

    await drainJobs(t.app);
    const run = await latestRun();
    expect(run).toMatchObject({ status: 'done', total: 64, processed: 64, succeeded: 64, failed: 0, percent: 100, error: null });
    expect(run.detail).toMatchObject({ repairersBefore: before, added: 46, updated: 1, skipped: 2, lastQuery: 'mobile car paint repair in Belfast' });
    expect(await repairerTotal()).toBe(before + 46);

    // Every search carried the key and the field mask, asked for GB results in en-GB near the city.
    const first = google.requests.find((r) => r.textQuery === 'alloy wheel repair in Cardiff')!;
    expect(first).toMatchObject({ apiKey: google.apiKey, fieldMask: PLACES_FIELD_MASK, pageSize: 20 });
    expect(first.body).toMatchObject({ regionCode: 'GB', languageCode: 'en-GB', locationBias: { circle: { center: { latitude: 51.4796, longitude: -3.177 }, radius: 48280 } } });
    expect(new Set(google.requests.filter((r) => !r.pageToken).map((r) => r.textQuery)).size).toBe(64);
    // The 46 scratch results came in three pages, each token used after the stand-in's delay.
    const scratch = google.requests.filter((r) => r.textQuery === 'mobile car scratch repair in Leeds');
    expect(scratch.map((r) => r.pageToken === undefined)).toEqual([true, false, false]);

    const stored = await byPlaceId(both.id);
    expect(stored).toMatchObject({
      businessName: 'Leeds Dent & Scratch',
      address: both.formattedAddress,
      postcode: 'LS1 4AP',
      city: 'Leeds',
      county: 'West Yorkshire',
      phone: `+44${both.nationalPhoneNumber!.replace(/^0/, '').replace(/\s/g, '')}`,
      website: both.websiteUri,
      ratingTenths: 49,
      latitude: 53.7974,
      longitude: -1.5466,
      isVerified: false,
      email: null,
      emailSource: null,
    });
    expect([...stored!.specialisations].sort()).toEqual(['pdr', 'scratch', 'scuff']);

    // Second run: Google's details changed for one business; nothing is added.
    const changed = many[7]!;
    Object.assign(changed, { displayName: { text: 'Renamed Smart Repair', languageCode: 'en' }, rating: 3.9, nationalPhoneNumber: '0113 496 0999', websiteUri: 'https://renamed.example/' });
    expect((await populate()).json().repairerCount).toBe(before + 46);
    await drainJobs(t.app);
    expect(await latestRun()).toMatchObject({ status: 'done', processed: 64, detail: { added: 0, updated: 47, skipped: 2 } });
    expect(await repairerTotal()).toBe(before + 46);
    expect(await byPlaceId(changed.id)).toMatchObject({ businessName: 'Renamed Smart Repair', ratingTenths: 39, phone: '+441134960999', website: 'https://renamed.example/' });
  });

  it('updates a business already held with the same phone, website, or name and postcode, instead of adding it again', async () => {
    const byPhone = await createRepairer(t.database.db, { businessName: 'AB Mobile Repairs', phone: '+441134960501', googlePlaceId: null, city: 'Leeds', postcode: 'LS2 7EY', specialisations: ['paint'] });
    const byWebsite = await createRepairer(t.database.db, { businessName: 'Wheel Doctor', website: 'http://www.wheel-doctor.example', phone: null, googlePlaceId: null, city: 'Leeds', postcode: 'LS6 1AA' });
    const byName = await createRepairer(t.database.db, { businessName: "Bob's Dent-Fix Ltd", phone: null, website: null, googlePlaceId: null, city: 'Leeds', postcode: 'LS1 4AP', ratingTenths: 30 });
    // Signed up with an account: their own name and phone stay; Google's rating and place id are added.
    const withAccount = await createUser(t.database.db, { role: 'repairer', name: 'Own Name Repairs' });
    await t.database.db.update(repairers).set({ businessName: 'Own Name Repairs', phone: '+441134960777', website: null, postcode: 'LS3 1AB', googlePlaceId: null }).where(eq(repairers.id, withAccount.repairerId!));

    const phonePlace = leeds({ name: 'A.B. Mobile Repairs Leeds', nationalPhoneNumber: '0113 496 0501', formattedAddress: '9 Park Row, Leeds LS1 5HD, UK' });
    const websitePlace = leeds({ name: 'The Wheel Doctor', websiteUri: 'https://wheel-doctor.example/?utm_source=gmb', nationalPhoneNumber: '0113 496 0502' });
    const namePlace = leeds({ name: 'Bobs Dent Fix Ltd', nationalPhoneNumber: '0113 496 0503', websiteUri: 'https://bobs.example/', rating: 4.2 });
    const accountPlace = leeds({ name: 'Google Calls Them Something Else', nationalPhoneNumber: '0113 496 0777', websiteUri: 'https://own-name.example/', rating: 5 });
    google.results.set('alloy wheel repair in Leeds', [phonePlace, websitePlace, namePlace, accountPlace]);
    const before = await repairerTotal();

    expect((await populate({ cities: ['leeds'] })).json().run.total).toBe(4);
    await drainJobs(t.app);
    expect(await latestRun()).toMatchObject({ status: 'done', processed: 4, detail: { added: 0, updated: 4, cities: ['leeds'] } });
    expect(await repairerTotal()).toBe(before);

    expect(await byPlaceId(phonePlace.id)).toMatchObject({ id: byPhone.id, businessName: 'A.B. Mobile Repairs Leeds', postcode: 'LS1 5HD', city: 'Leeds' });
    expect((await byPlaceId(phonePlace.id))!.specialisations).toEqual(['paint', 'alloy']);
    expect(await byPlaceId(websitePlace.id)).toMatchObject({ id: byWebsite.id, website: websitePlace.websiteUri, phone: '+441134960502' });
    expect(await byPlaceId(namePlace.id)).toMatchObject({ id: byName.id, ratingTenths: 42, website: 'https://bobs.example/' });
    expect(await byPlaceId(accountPlace.id)).toMatchObject({ id: withAccount.repairerId, businessName: 'Own Name Repairs', phone: '+441134960777', postcode: 'LS3 1AB', website: 'https://own-name.example/', ratingTenths: 50 });
  });

  it('keeps two Google places that share a franchise website as two repairers', async () => {
    const franchise = 'https://www.chips-franchise.example/';
    const north = leeds({ name: 'Chips Franchise Leeds North', websiteUri: franchise, nationalPhoneNumber: '0113 496 0601' });
    const south = leeds({ name: 'Chips Franchise Leeds South', websiteUri: franchise, nationalPhoneNumber: '0113 496 0602' });
    google.results.set('mobile car paint repair in Leeds', [north, south]);
    await populate({ cities: ['leeds'] });
    await drainJobs(t.app);
    const [a, b] = [await byPlaceId(north.id), await byPlaceId(south.id)];
    expect(a && b && a.id !== b.id).toBe(true);
  });

  it('stores one row when several chunks store the same business at once', async () => {
    const place = leeds({ name: 'Racing Repairs', nationalPhoneNumber: '0113 496 0701' });
    const record = placeRecord(place);
    if ('skip' in record) throw new Error('expected a record');
    const outcomes = await Promise.all(Array.from({ length: 6 }, () => storePlace(t.database.db, { ...record }, { city: 'Leeds', county: 'West Yorkshire', specialisations: ['paint'] })));
    expect(outcomes.filter((o) => o === 'added')).toHaveLength(1);
    expect((await t.database.db.select().from(repairers).where(eq(repairers.phone, '+441134960701'))).length).toBe(1);
  });

  it('counts a city delivered twice once: the second delivery runs no search again', async () => {
    google.results.set('mobile car dent repair in Birmingham', [leeds({ name: 'Brum Dents', formattedAddress: '1 Colmore Row, Birmingham B3 2BJ, UK', nationalPhoneNumber: '0121 496 0123' })]);
    const { run } = (await populate({ cities: ['london', 'birmingham'] })).json();
    // pg-boss delivers at least once: the first city's job arrives twice.
    await t.app.deps.jobs.run('import-places-city', { runId: run.id, index: 0 });
    await t.app.deps.jobs.run('import-places-city', { runId: run.id, index: 0 });
    await drainJobs(t.app);
    expect(await latestRun()).toMatchObject({ status: 'done', processed: 8, succeeded: 8, detail: { added: 1, updated: 0 } });
    expect(google.requests).toHaveLength(8);
  });

  it('counts a failed or unanswered search as a failure of the run and carries on', async () => {
    google.failing.set('mobile car dent repair in Bristol', 500);
    google.hanging.add('alloy wheel repair in Bristol');
    const ok = leeds({ name: 'Bristol Bumpers', formattedAddress: '1 Broad Quay, Bristol BS1 4DJ, UK', nationalPhoneNumber: '0117 496 0123' });
    google.results.set('mobile car paint repair in Bristol', [ok]);
    await populate({ cities: ['bristol'] });
    await drainJobs(t.app);
    const run = await latestRun();
    expect(run).toMatchObject({ status: 'done', processed: 4, succeeded: 2, failed: 2, error: null, detail: { added: 1 } });
    expect(run.detail.lastError).toBe('alloy wheel repair in Bristol: Google Places did not answer within 0.4 s');
    expect(await byPlaceId(ok.id)).toMatchObject({ city: 'Bristol', postcode: 'BS1 4DJ' });
  });

  it('counts an answer whose body stalls, is cut off or runs past 2 MB as a failed search, and the run carries on to the end', async () => {
    google.brokenBodies.set('mobile car scratch repair in Bristol', 'huge');
    google.brokenBodies.set('mobile car dent repair in Bristol', 'stall');
    google.brokenBodies.set('alloy wheel repair in Bristol', 'reset');
    const ok = leeds({ name: 'Clifton Scratch Co', formattedAddress: '2 Broad Quay, Bristol BS1 4DJ, UK', nationalPhoneNumber: '0117 496 0456' });
    google.results.set('mobile car paint repair in Bristol', [ok]);
    await populate({ cities: ['bristol'] });
    await drainJobs(t.app); // throws if the city's job failed (a run then left 'running' for ever)
    const run = await latestRun();
    expect(run).toMatchObject({ status: 'done', processed: 4, succeeded: 1, failed: 3, error: null, detail: { added: 1 } });
    expect(run.detail.lastError).toMatch(/^alloy wheel repair in Bristol: Google Places/);
    expect(await byPlaceId(ok.id)).toMatchObject({ city: 'Bristol' });
    // Nothing holds the next import back.
    expect((await populate({ cities: ['bristol'] })).statusCode).toBe(200);
    await drainJobs(t.app);
  });

  it('fails the run with a clear error when Google refuses the key (403, or 400 API_KEY_INVALID), and a new run may start', async () => {
    for (const [key, status] of [
      ['wrong-key', '403'],
      ['malformed-key', '400'],
    ] as const) {
      t.config.googlePlaces.apiKey = key;
      google.results.set('mobile car scratch repair in London', [leeds()]);
      expect((await populate()).statusCode).toBe(200);
      await drainJobs(t.app);
      const run = await latestRun();
      expect(run).toMatchObject({ status: 'failed', processed: 0, percent: 100 });
      expect(run.error).toContain(`Google Places refused the API key (${status}`);
      expect(run.error).toContain('Check GOOGLE_PLACES_API_KEY');
      expect(google.requests.at(-1)!.apiKey).toBe(key);
    }
  });

  it('stops between two searches when the admin asks', async () => {
    google.onRequest = async (request) => {
      if (request.textQuery === 'alloy wheel repair in London') await requestStop(t.database.db, 'places_import');
    };
    google.results.set('alloy wheel repair in London', [leeds({ name: 'Stopped Midway Ltd', formattedAddress: '1 Strand, London WC2N 5DU, UK', nationalPhoneNumber: '020 7946 0123' })]);
    await populate();
    await drainJobs(t.app);
    const run = await latestRun();
    // The search in hand finishes and is counted; nothing after it runs.
    expect(run).toMatchObject({ status: 'stopped', processed: 3, stopRequested: true, detail: { added: 1 } });
    expect(google.requests.map((r) => r.textQuery)).toEqual(['mobile car scratch repair in London', 'mobile car dent repair in London', 'alloy wheel repair in London']);
  });
});

describe('the Google Places settings', () => {
  it('defaults to Google itself with a 2-second page-token wait, and refuses a base URL that is not http(s)', () => {
    expect(loadConfig({}).googlePlaces).toEqual({ apiKey: undefined, baseUrl: 'https://places.googleapis.com', pageDelayMs: 2000, timeoutMs: 15_000 });
    expect(loadConfig({ GOOGLE_PLACES_API_KEY: ' ', GOOGLE_PLACES_BASE_URL: 'http://127.0.0.1:9/' }).googlePlaces).toMatchObject({ apiKey: undefined, baseUrl: 'http://127.0.0.1:9' });
    expect(() => loadConfig({ GOOGLE_PLACES_BASE_URL: 'places.googleapis.com' })).toThrow(ConfigError);
    expect(() => loadConfig({ GOOGLE_PLACES_PAGE_DELAY_MS: 'soon' })).toThrow(/GOOGLE_PLACES_PAGE_DELAY_MS must be a whole number of milliseconds/);
  });
});
