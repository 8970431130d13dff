import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cities } from '../../src/shared/cities';
import { londonDateOf } from '../../src/shared/london-time';
import { seedDemoDataIfEmpty } from '../../src/server/db/seed';
import { repairers, users } from '../../src/server/db/schema';
import { specialisations } from '../../src/shared/damage';
import { covers, freePlacesIn, techniciansReaching } from '../../src/server/modules/booking';
import { createTestApp, signInAs, type TestApp } from '../helpers/app';
import { workingDay } from '../helpers/dates';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('demo seed', () => {
  it('creates one admin and repairers around every covered city, once, with sign-ins that work', async () => {
    const accounts = await seedDemoDataIfEmpty(t.database.db);
    expect(accounts?.map((a) => a.role)).toEqual(['admin', 'repairer', 'repairer', 'repairer']);
    const all = await t.database.db.select().from(repairers);
    expect(new Set(all.map((r) => r.city))).toEqual(new Set(cities.map((c) => c.name)));
    expect(await t.database.db.$count(users, eq(users.role, 'admin'))).toBe(1);
    // D6 (issue 35 item 5): every verified demo repairer has every vetting check recorded, its insurance in date.
    const verified = all.filter((r) => r.isVerified);
    expect(verified.length).toBeGreaterThan(0);
    const today = londonDateOf(new Date());
    for (const r of verified) {
      expect([r.insuranceCheckedAt, r.identityCheckedAt, r.skillsAssessedAt].every((at) => at !== null), r.businessName).toBe(true);
      expect(r.insuranceExpiryDate! > today, r.businessName).toBe(true);
    }

    const admin = accounts![0]!;
    const cookie = await signInAs(t.app, admin.email, admin.password);
    expect((await t.app.inject({ url: '/api/auth/me', headers: { cookie } })).json().user.role).toBe('admin');

    // Issue 35: demand without supply on the Network tab, and nobody near Inverness (IV2).
    const demand = (await t.app.inject({ url: '/api/admin/demand', headers: { cookie } })).json().rows as { district: string; service: string; enquiries: number; waiting: number }[];
    expect(demand[0]).toMatchObject({ district: 'IV2', service: 'Paintless Dent Removal (PDR)', enquiries: 2, waiting: 1 });
    expect(new Set(demand.map((row) => row.district))).toEqual(new Set(['IV2', 'AB10', 'TR1', 'LL57']));

    // Issue 37: a few reviews on confirmed, paid demo repairs, so the pages are not empty; a rating
    // only where reviews are.
    const reviews = (await t.app.inject({ url: '/api/reviews' })).json() as { summary: { count: number; hidden: number }; items: { firstName: string; month: string }[] };
    expect(reviews.summary).toMatchObject({ count: 6, hidden: 0 });
    expect(reviews.items[0]!.firstName).toBe('Aisha');
    const rated = (await t.database.db.select().from(repairers)).filter((r) => r.ratingTenths !== null).map((r) => r.businessName);
    expect(new Set(rated)).toEqual(new Set(['London Alloy & Paint Mobile', 'Manchester Alloy & Bodywork', 'Bristol Mobile Smart Repairs']));

    expect(await seedDemoDataIfEmpty(t.database.db)).toBeNull();
    expect(await t.database.db.$count(repairers)).toBe(all.length);
  });

  it('gives the network weekly patterns and radii: a London customer can book every service on a working day, Inverness (IV2) has nobody', async () => {
    const all = await t.database.db.select().from(repairers);
    expect(new Set(all.map((r) => r.serviceRadiusMiles)).size).toBeGreaterThan(1);
    expect(new Set(all.map((r) => r.weeklyHalves)).size).toBeGreaterThan(1);
    expect(new Set(all.map((r) => r.jobsPerSlot)).size).toBeGreaterThan(1);

    const london = { latitude: 51.5014, longitude: -0.1419 }; // SW1A's centre
    const inverness = { latitude: 57.48, longitude: -4.22 }; // IV2
    const day = workingDay(3);
    const near = await techniciansReaching(t.database.db, [london], day, day);
    for (const specialisation of specialisations) {
      for (const slot of ['morning', 'afternoon'] as const) {
        expect(near.some((r) => covers(r, { point: london, specialisation }) && freePlacesIn(r, { date: day, slot }) > 0), `${specialisation} ${slot}`).toBe(true);
      }
    }
    expect(await techniciansReaching(t.database.db, [inverness], day, day)).toEqual([]);
  });
});
