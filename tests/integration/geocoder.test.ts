// Issue 12: the embedded geocoder places any UK postcode at its district's centre, from the
// outcode table migration 0008 loads on first start; bad input is null, never a crash.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assessments, outcodes } from '../../src/server/db/schema';
import { importOutcodes, outcodeGeocoder, parseOutcodeCsv, postcodesIoGeocoder } from '../../src/server/modules/geo';
import { createTestApp, type TestApp } from '../helpers/app';
import { jpegPhoto } from '../helpers/images';
import { multipartBody, validDetails } from '../helpers/multipart';

describe('the embedded geocoder (outcode centres)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  it('has every district of the shipped list after migrating', async () => {
    const [row] = await t.database.db.select({ count: sql<number>`count(*)::int` }).from(outcodes);
    expect(row?.count).toBe(2975);
  });

  it('places a postcode at its district centre, whatever its spacing and case', async () => {
    const geocoder = outcodeGeocoder(t.database.db);
    const westminster = await geocoder.locate('sw1a1aa');
    expect(westminster?.precision).toBe('district');
    expect(westminster?.latitude).toBeCloseTo(51.503, 2);
    expect(westminster?.longitude).toBeCloseTo(-0.131, 2);
    const manchester = await geocoder.locate('M1 1AE');
    expect(manchester?.latitude).toBeCloseTo(53.477, 2);
    expect(manchester?.longitude).toBeCloseTo(-2.235, 2);
    expect((await geocoder.locate(' bt1 5gs '))?.latitude).toBeCloseTo(54.599, 2);
  });

  it('answers null, never throws, for what is not a UK postcode', async () => {
    const geocoder = outcodeGeocoder(t.database.db);
    expect(await geocoder.locate('not a postcode')).toBeNull();
    expect(await geocoder.locate('')).toBeNull();
    expect(await geocoder.locate("SW1A 1AA'; DROP TABLE outcodes; --")).toBeNull();
  });
});

describe('a postcodes.io-compatible API (POSTCODES_API_URL)', () => {
  let t: TestApp;
  let server: Server;
  let base: string;
  const asked: string[] = [];
  let mode: 'ok' | 'fail' | 'slow' = 'ok';
  beforeAll(async () => {
    // Speaks the protocol of GET /postcodes/{postcode}: 200 with a result, 404 for an unknown one.
    server = createServer((request, response) => {
      const postcode = decodeURIComponent((request.url ?? '').replace('/postcodes/', ''));
      asked.push(postcode);
      if (mode === 'slow') return; // never answers
      if (mode === 'fail') return void response.writeHead(500).end('{"status":500,"error":"down"}');
      if (postcode === 'SW1A 1AA') return void response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ status: 200, result: { postcode, latitude: 51.501009, longitude: -0.141588 } }));
      response.writeHead(404, { 'content-type': 'application/json' }).end('{"status":404,"error":"Postcode not found"}');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    t = await createTestApp({ env: { POSTCODES_API_URL: base } });
  });
  afterAll(async () => {
    await t?.close();
    server?.closeAllConnections();
    await new Promise((resolve) => server?.close(resolve));
  });

  it('places a known postcode exactly, and asks the service once (the answer is kept)', async () => {
    asked.length = 0;
    expect(await t.app.deps.geocoder.locate('sw1a 1aa')).toEqual({ latitude: 51.501009, longitude: -0.141588, precision: 'postcode' });
    expect(await t.app.deps.geocoder.locate('SW1A1AA')).toEqual({ latitude: 51.501009, longitude: -0.141588, precision: 'postcode' });
    expect(asked).toEqual(['SW1A 1AA']);
  });

  it('falls back to the district centre for a postcode it does not know (kept), a failure and a timeout (not kept)', async () => {
    asked.length = 0;
    expect((await t.app.deps.geocoder.locate('M1 9ZZ'))?.precision).toBe('district');
    expect((await t.app.deps.geocoder.locate('M1 9ZZ'))?.precision).toBe('district');
    expect(asked).toEqual(['M1 9ZZ']);
    mode = 'fail';
    expect((await t.app.deps.geocoder.locate('BS1 5TY'))?.latitude).toBeCloseTo(51.45, 1);
    mode = 'ok';
    expect(asked.filter((p) => p === 'BS1 5TY')).toHaveLength(1);
    const slow = postcodesIoGeocoder(t.database.db, { baseUrl: base, timeoutMs: 200 });
    mode = 'slow';
    expect((await slow.locate('LS1 4AP'))?.precision).toBe('district');
    mode = 'ok';
    expect(await slow.locate('not a postcode')).toBeNull();
  });

  it('gives a customer coordinates when their assessment is saved', async () => {
    const photo = await jpegPhoto();
    const { body, headers } = multipartBody({ ...validDetails, postcode: 'SW1A 1AA' }, [{ field: 'images', filename: 'a.jpg', contentType: 'image/jpeg', data: photo }]);
    const response = await t.app.inject({ method: 'POST', url: '/api/assessments', payload: body, headers });
    expect(response.statusCode, response.body).toBe(201);
    const [row] = await t.database.db.select().from(assessments).where(eq(assessments.id, (response.json() as { id: number }).id));
    expect([row!.latitude, row!.longitude]).toEqual([51.501009, -0.141588]);
  });
});

describe('npm run geo:import (an operator’s fresher outcode list)', () => {
  it('names every bad line and imports nothing from a file that has one', () => {
    const { errors } = parseOutcodeCsv('outcode,latitude,longitude\nSW1A,51.5,-0.13\nNOWHERE1,51,0\nM1,53.4,\nBT1,40.0,-5.9\nSW1A,51.6,-0.1\n');
    expect(errors).toEqual([
      'Line 3: "NOWHERE1" is not a UK postcode district (for example SW1A or M1).',
      'Line 4: the latitude and longitude must be numbers.',
      'Line 5: 40, -5.9 is not in the UK.',
      'Line 6: SW1A appears twice.',
    ]);
    expect(parseOutcodeCsv('outcode,latitude,longitude\n').errors).toEqual(['The file has no districts in it.']);
  });

  it('updates districts held and adds new ones, all in one transaction', async () => {
    const t = await createTestApp();
    try {
      const { rows, errors } = parseOutcodeCsv('outcode,latitude,longitude\r\nsw1a,51.6,-0.2\r\nZZ9,55.0,-3.0\r\n');
      expect(errors).toEqual([]);
      expect(await importOutcodes(t.database.db, rows)).toBe(2);
      const held = await t.database.db.select().from(outcodes).where(eq(outcodes.outcode, 'SW1A'));
      expect(held[0]).toEqual({ outcode: 'SW1A', latitude: 51.6, longitude: -0.2 });
      const [count] = await t.database.db.select({ count: sql<number>`count(*)::int` }).from(outcodes);
      expect(count?.count).toBe(2976);
    } finally {
      await t.close();
    }
  });
});
