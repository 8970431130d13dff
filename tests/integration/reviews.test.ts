// Issue 37 item 2: verified reviews, shown (docs/decisions/0034-verified-reviews-shown.md). Every
// review of a completed repair is listed, newest first, with the customer's first name and town
// only; the team hides one only for a stated reason, recorded in the audit log, and the lists say
// how many are hidden while the rating still counts it. A technician's profile lists theirs.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/server/db/database';
import { createRepairer, createUser, vettedColumns } from '../../src/server/db/factories';
import { auditLog, repairers } from '../../src/server/db/schema';
import { REVIEW_READS_PER_MINUTE, technicianRating } from '../../src/server/modules/reviews';
import { reviewMessages, ReviewsPageSchema, TechnicianProfileSchema, type ReviewsPage } from '../../src/shared/api/reviews';
import { REVIEWS_PAGE_SIZE } from '../../src/shared/reviews';
import { createTestApp, signInAs, type TestApp } from '../helpers/app';
import { reviewedRepair as reviewedRepairIn, type ReviewedRepair } from '../helpers/reviewed-repair';

let t: TestApp;
let admin: string;
let db: Db;

const reviewedRepair = (repairerId: number, review: ReviewedRepair) => reviewedRepairIn(db, repairerId, review);

const get = async (url: string) => {
  const response = await t.app.inject({ url, remoteAddress: '10.9.0.1' });
  expect(response.statusCode, response.body).toBe(200);
  return response;
};
const reviews = async (page = 1): Promise<ReviewsPage> => ReviewsPageSchema.parse((await get(`/api/reviews?page=${page}`)).json());
const hide = (id: number, payload: unknown) => t.app.inject({ method: 'POST', url: `/api/admin/reviews/${id}/hide`, payload: payload as object, headers: { cookie: admin } });
const showAgain = (id: number) => t.app.inject({ method: 'POST', url: `/api/admin/reviews/${id}/show`, headers: { cookie: admin } });

let verified: { id: number; publicId: string; businessName: string };
let unverified: { id: number; publicId: string };
let abusive: { reviewId: number };

beforeAll(async () => {
  t = await createTestApp({ env: { LOG_LEVEL: process.env.DEBUG_LOG ?? 'silent' } });
  db = t.database.db;
  const adminUser = await createUser(db, { role: 'admin' });
  admin = await signInAs(t.app, adminUser.email, adminUser.password);
  verified = await createRepairer(db, { businessName: 'Leeds Dent & Scratch Co', contactName: 'Robin Hale', isVerified: true, yearsExperience: 12, ...vettedColumns() });
  unverified = await createRepairer(db, { businessName: 'Not Yet Vetted Ltd', isVerified: false });
  await reviewedRepair(verified.id, { name: 'Margaret Thatcherson', city: 'Leeds', postcode: 'LS1 4AP', rating: 5, comment: 'Spotless.', at: new Date('2026-11-03T12:00:00Z') });
  abusive = await reviewedRepair(verified.id, { name: 'Dan Shouty', city: 'Wakefield', postcode: 'WF1 2AB', rating: 1, comment: 'Something abusive here.', at: new Date('2026-11-20T12:00:00Z'), damageType: 'dent' });
  await reviewedRepair(unverified.id, { name: 'kim o’neill', city: '  Harrogate ', postcode: 'HG1 1AA', rating: 4, comment: 'Good.', at: new Date('2026-12-01T00:30:00Z') });
});
afterAll(() => t?.close());

describe('GET /api/reviews', () => {
  it('lists every review newest first with the first name, town, service and London month, and nothing more personal', async () => {
    const page = await reviews();
    expect(page.summary).toEqual({ averageTenths: 33, count: 3, hidden: 0 });
    expect(page.shown).toBe(3);
    expect(page.items.map((r) => [r.firstName, r.town, r.service, r.month, r.rating])).toEqual([
      ['Kim', 'Harrogate', 'Scratch Repair', 'December 2026', 4],
      ['Dan', 'Wakefield', 'Paintless Dent Removal (PDR)', 'November 2026', 1],
      ['Margaret', 'Leeds', 'Scratch Repair', 'November 2026', 5],
    ]);
    // A verified technician's profile is linked by its opaque id; an unvetted one has no profile.
    expect(page.items[2]!.technician).toEqual({ businessName: 'Leeds Dent & Scratch Co', profilePath: `/technicians/leeds-dent-scratch-co-${verified.publicId}` });
    expect(page.items[0]!.technician.profilePath).toBeNull();
    const body = JSON.stringify(page);
    for (const personal of ['Thatcherson', 'Shouty', 'LS1', 'WF1', 'HG1', 'Baker', '@', '+44']) expect(body).not.toContain(personal);
  });

  it('pages newest first', async () => {
    const extra = await createRepairer(db, { isVerified: true, ...vettedColumns() });
    for (let i = 0; i < REVIEWS_PAGE_SIZE; i++) {
      await reviewedRepair(extra.id, { name: `Pat ${i}`, city: 'York', postcode: 'YO1 7HH', rating: 5, comment: `Paging ${i}`, at: new Date(Date.UTC(2026, 9, 1 + i)) });
    }
    const two = await reviews(2);
    expect(two.shown).toBe(REVIEWS_PAGE_SIZE + 3);
    const newest = ['Good.', 'Something abusive here.', 'Spotless.', ...Array.from({ length: REVIEWS_PAGE_SIZE }, (_, i) => `Paging ${REVIEWS_PAGE_SIZE - 1 - i}`)];
    expect((await reviews(1)).items.map((r) => r.comment)).toEqual(newest.slice(0, REVIEWS_PAGE_SIZE));
    expect(two.items.map((r) => r.comment)).toEqual(newest.slice(REVIEWS_PAGE_SIZE, 2 * REVIEWS_PAGE_SIZE));
    expect((await reviews(Math.ceil(newest.length / REVIEWS_PAGE_SIZE) + 1)).items).toEqual([]);
    expect((await t.app.inject({ url: '/api/reviews?page=0' })).statusCode).toBe(400);
  });

  it('is limited per address', async () => {
    const from = { remoteAddress: '10.9.9.9' };
    for (let i = 0; i < REVIEW_READS_PER_MINUTE; i++) expect((await t.app.inject({ url: '/api/reviews', ...from })).statusCode).toBe(200);
    const refused = await t.app.inject({ url: '/api/reviews', ...from });
    expect([refused.statusCode, refused.json().message]).toEqual([429, reviewMessages.tooMany]);
  });
});

describe('hiding a review', () => {
  it('needs a stated reason, drops the review from every public list, says how many are hidden and keeps its rating counted', async () => {
    const before = await reviews();
    for (const payload of [{}, { reason: 'rude' }, { reason: '' }]) {
      const refused = await hide(abusive.reviewId, payload);
      expect([refused.statusCode, refused.json().fieldErrors]).toEqual([400, { reason: reviewMessages.badReason }]);
    }
    expect(await reviews()).toEqual(before);

    const hidden = await hide(abusive.reviewId, { reason: 'abusive' });
    expect(hidden.statusCode, hidden.body).toBe(200);
    expect(hidden.json().hidden).toMatchObject({ reason: 'abusive', by: expect.stringContaining('@') });
    const after = await reviews();
    expect(after.items.map((r) => r.comment)).not.toContain('Something abusive here.');
    expect(after.summary).toEqual({ ...before.summary, hidden: 1 });
    expect(after.shown).toBe(before.shown - 1);
    const profile = TechnicianProfileSchema.parse((await get(`/api/technicians/x-${verified.publicId}`)).json());
    expect(profile.reviews.items.map((r) => r.comment)).toEqual(['Spotless.']);
    expect(profile.reviews.summary).toEqual({ averageTenths: 30, count: 2, hidden: 1 });
    expect(await technicianRating(db, verified.id)).toEqual({ average: 3, averageTenths: 30, count: 2, hidden: 1 });

    const [line] = await db.select().from(auditLog).where(and(eq(auditLog.action, 'review_hidden'), eq(auditLog.entityId, abusive.reviewId)));
    expect(line).toMatchObject({ entity: 'review', actorRole: 'admin', detail: { hideReason: 'abusive', reason: 'It is abusive' } });

    const twice = await hide(abusive.reviewId, { reason: 'personal-data' });
    expect([twice.statusCode, twice.json().message]).toEqual([409, reviewMessages.alreadyHidden]);
    expect((await hide(999_999, { reason: 'abusive' })).statusCode).toBe(404);

    // The team's own list still has it, marked.
    const team = await t.app.inject({ url: '/api/admin/reviews', headers: { cookie: admin } });
    expect(team.json().items.find((r: { id: number }) => r.id === abusive.reviewId).hidden.reason).toBe('abusive');

    // Shown again (hidden by mistake): back in the lists, the count of hidden back to none.
    expect((await showAgain(abusive.reviewId)).statusCode).toBe(200);
    expect((await reviews()).summary.hidden).toBe(0);
    const again = await showAgain(abusive.reviewId);
    expect([again.statusCode, again.json().message]).toEqual([409, reviewMessages.notHidden]);
    expect(await db.$count(auditLog, eq(auditLog.action, 'review_shown_again'))).toBe(1);
    expect((await hide(abusive.reviewId, { reason: 'personal-data' })).statusCode).toBe(200);
  });
});

describe('GET /api/technicians/{slug}', () => {
  it('is a verified technician’s profile by an opaque id: checks, completed repairs, rating and their reviews only', async () => {
    const profile = TechnicianProfileSchema.parse((await get(`/api/technicians/leeds-dent-scratch-co-${verified.publicId}`)).json());
    expect(profile).toMatchObject({
      businessName: 'Leeds Dent & Scratch Co',
      firstName: 'Robin',
      yearsExperience: 12,
      completedRepairs: 2,
      checks: { insurance: true, identity: true, skills: true },
      profilePath: `/technicians/leeds-dent-scratch-co-${verified.publicId}`,
    });
    expect(profile.reviews.items.every((r) => r.technician.businessName === 'Leeds Dent & Scratch Co')).toBe(true);
    for (const url of [`/api/technicians/${verified.id}`, `/api/technicians/x-${unverified.publicId}`, '/api/technicians/x-0123456789ab']) {
      const missing = await t.app.inject({ url });
      expect([missing.statusCode, missing.json().message]).toEqual([404, reviewMessages.technicianNotFound]);
    }
    const [row] = await db.select({ publicId: repairers.publicId }).from(repairers).where(eq(repairers.id, verified.id));
    expect(row!.publicId).toMatch(/^[0-9a-f]{12}$/);
  });

  it('says the insurance is checked only while the policy seen is in date, as the appointment page does', async () => {
    const [before] = await db.select({ expiry: repairers.insuranceExpiryDate }).from(repairers).where(eq(repairers.id, verified.id));
    await db.update(repairers).set({ insuranceExpiryDate: '2020-01-31' }).where(eq(repairers.id, verified.id));
    try {
      const profile = TechnicianProfileSchema.parse((await get(`/api/technicians/x-${verified.publicId}`)).json());
      expect(profile.checks).toEqual({ insurance: false, identity: true, skills: true });
    } finally {
      await db.update(repairers).set({ insuranceExpiryDate: before!.expiry }).where(eq(repairers.id, verified.id));
    }
  });
});
