// Issue 37 item 1: prices up front. GET /api/price-guide answers anyone, from the damage alone,
// the same guide the customer's pending quote shows (D12); GET /api/price-guide/services the
// services page's "from" prices; both follow the admin's edits at once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { priceGuideMessages } from '../../src/shared/api/price-guide';
import { decimalStringToPence } from '../../src/shared/money';
import { defaultPriceList, type PriceListEntry } from '../../src/shared/price-list';
import { createUser } from '../../src/server/db/factories';
import { replacePriceList } from '../../src/server/modules/quotes';
import { cookieHeader, createTestApp, signInAs, type TestApp } from '../helpers/app';
import { jpegPhoto } from '../helpers/images';
import { multipartBody, validDetails } from '../helpers/multipart';

let t: TestApp;
let adminCookie: string;
let jpeg: Buffer;
let address = 0;
/** Each test asks from its own address, so the rate limit one test reaches is its own. */
const nextAddress = () => `203.0.113.${++address}`;

beforeAll(async () => {
  t = await createTestApp({
    configure: (config) => {
      config.assessmentsPerHourPerAddress = 1000;
      config.priceGuideReadsPerMinutePerAddress = 30;
    },
  });
  const admin = await createUser(t.database.db, { role: 'admin' });
  adminCookie = await signInAs(t.app, admin.email, admin.password);
  jpeg = await jpegPhoto(800, 600);
});
afterAll(() => t.close());

const guide = (query: string, remoteAddress = nextAddress()) => t.app.inject({ method: 'GET', url: `/api/price-guide?${query}`, remoteAddress });

/** A real submission; its receipt's grant cookie reads the pending assessment with its guide. */
async function submitted(damageType: string, damageLocations: string[]) {
  const { body, headers } = multipartBody({ ...validDetails, damageType, damageLocations }, [{ filename: 'damage.jpg', contentType: 'image/jpeg', data: jpeg }]);
  const response = await t.app.inject({ method: 'POST', url: '/api/assessments', payload: body, headers, remoteAddress: nextAddress() });
  expect(response.statusCode).toBe(201);
  const id = (response.json() as { id: number }).id;
  const read = await t.app.inject({ url: `/api/assessments/${id}`, headers: { cookie: cookieHeader(response) } });
  const quote = await t.app.inject({ url: `/api/quotes/assessment/${id}`, headers: { cookie: adminCookie } });
  return { guidePrice: (read.json() as { guidePrice: unknown }).guidePrice, draft: quote.json() as { status: string; totalCost: string } };
}

describe('GET /api/price-guide', () => {
  it('answers, with no cookie and no personal data, the range the pending quote shows, around its draft total', async () => {
    const cases: Array<[string, string[]]> = [
      ['scratch', ['driver_door']],
      ['scuff', ['front_bumper', 'rear_bumper']],
      ['dent', ['bonnet', 'roof', 'boot', 'sill']],
      ['paint_damage', ['wing_left', 'wing_right', 'pillar']],
      ['alloy_wheel', ['wheel_front_left', 'wheel_rear_right']],
    ];
    for (const [damageType, locations] of cases) {
      const { guidePrice, draft } = await submitted(damageType, locations);
      const response = await guide(`damageType=${damageType}&damageLocations=${locations.join(',')}`);
      expect(response.statusCode, damageType).toBe(200);
      expect(response.json(), damageType).toEqual({ guidePrice });
      expect(response.headers['set-cookie'], 'no cookie is set').toBeUndefined();
      expect(draft.status).toBe('pending');
      const { low, high } = guidePrice as { low: string; high: string };
      const total = decimalStringToPence(draft.totalCost)!;
      expect(total).toBeGreaterThanOrEqual(decimalStringToPence(low)!);
      expect(total).toBeLessThanOrEqual(decimalStringToPence(high)!);
    }
  });

  it('reads the places comma-separated or repeated, and counts each place once', async () => {
    const once = (await guide('damageType=scratch&damageLocations=bonnet,roof')).json();
    expect((await guide('damageType=scratch&damageLocations=bonnet&damageLocations=roof')).json()).toEqual(once);
    expect((await guide('damageType=scratch&damageLocations=bonnet,roof,bonnet')).json()).toEqual(once);
    expect(once).toEqual({ guidePrice: { low: expect.any(String), high: expect.any(String) } });
  });

  it('answers bad input with 400 and a sentence naming what to send', async () => {
    const cases: Array<[string, string]> = [
      ['', priceGuideMessages.damageType],
      ['damageType=rust&damageLocations=bonnet', priceGuideMessages.damageType],
      ['damageType=scratch', priceGuideMessages.damageLocations],
      ['damageType=scratch&damageLocations=', priceGuideMessages.damageLocations],
      ['damageType=scratch&damageLocations=bonnet,exhaust', priceGuideMessages.unknownLocation],
      ['damageType=scratch&damageLocations=wheel_front_left', 'Wheel positions go with Alloy Wheel Repair'],
      ['damageType=alloy_wheel&damageLocations=bonnet', 'Please choose which wheels are damaged'],
    ];
    for (const [query, message] of cases) {
      const response = await guide(query);
      expect(response.statusCode, query).toBe(400);
      expect(response.json(), query).toMatchObject({ message });
    }
  });

  it('says so, without a range, for damage the price list cannot price', async () => {
    const list = defaultPriceList.filter((entry) => !(entry.damageType === 'dent' && entry.locationBand === 2));
    await replacePriceList(t.database.db, list);
    try {
      expect((await guide('damageType=dent&damageLocations=bonnet,roof')).json()).toEqual({ guidePrice: null });
      const services = (await t.app.inject({ url: '/api/price-guide/services', remoteAddress: nextAddress() })).json() as { prices: Array<{ damageType: string; from: string | null }> };
      expect(services.prices.find((price) => price.damageType === 'dent')?.from).not.toBeNull();
    } finally {
      await replacePriceList(t.database.db, defaultPriceList);
    }
  });

  it(`is rate-limited per address`, async () => {
    const from = nextAddress();
    for (let hit = 0; hit < 30; hit++) expect((await guide('damageType=scratch&damageLocations=bonnet', from)).statusCode).toBe(200);
    const refused = await guide('damageType=scratch&damageLocations=bonnet', from);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ message: priceGuideMessages.tooMany });
    expect((await guide('damageType=scratch&damageLocations=bonnet')).statusCode, 'another address').toBe(200);
  });
});

describe('GET /api/price-guide/services', () => {
  const services = async () => (await t.app.inject({ url: '/api/price-guide/services', remoteAddress: nextAddress() })).json() as { prices: Array<{ damageType: string; from: string | null }> };

  it("answers each service's lowest guide price, and the admin's edit at once", async () => {
    const before = await services();
    const scratchOne = (await guide('damageType=scratch&damageLocations=bonnet')).json() as { guidePrice: { low: string } };
    expect(before.prices.map((price) => price.damageType)).toEqual(['scratch', 'scuff', 'dent', 'paint_damage', 'alloy_wheel']);
    expect(before.prices.find((price) => price.damageType === 'scratch')?.from).toBe(scratchOne.guidePrice.low);
    expect(before.prices.find((price) => price.damageType === 'scratch')?.from).toBe('105.00');

    const doubled: PriceListEntry[] = defaultPriceList.map((entry) => (entry.damageType === 'scratch' ? { ...entry, laborPence: entry.laborPence * 2 } : entry));
    const saved = await t.app.inject({ method: 'PUT', url: '/api/admin/price-list', payload: doubled, headers: { cookie: adminCookie } });
    expect(saved.statusCode).toBe(200);
    try {
      const after = await services();
      expect(decimalStringToPence(after.prices.find((price) => price.damageType === 'scratch')!.from!)).toBeGreaterThan(10_500);
      expect(after.prices.find((price) => price.damageType === 'scuff')).toEqual(before.prices.find((price) => price.damageType === 'scuff'));
    } finally {
      await t.app.inject({ method: 'PUT', url: '/api/admin/price-list', payload: [...defaultPriceList], headers: { cookie: adminCookie } });
    }
  });
});
