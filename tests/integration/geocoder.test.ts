// Issue 12: the embedded geocoder places any UK postcode at its district's centre, from the
// outcode table migration 0008 loads on first start; bad input is null, never a crash.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outcodes } from '../../src/server/db/schema';
import { outcodeGeocoder } from '../../src/server/modules/geo/geocoder';
import { createTestApp, type TestApp } from '../helpers/app';

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
