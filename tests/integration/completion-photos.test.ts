// Issue 12: the technician's optional AFTER photos when marking a job done (multipart "images",
// the intake's image pipeline, stored as assessment_images kind 'after'), and an admin releasing a
// payout held after a reported problem. Bad photos change nothing and leave no files behind; the
// customer's damage-photo list stays damage photos only.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createRepairer, createUser } from '../../src/server/db/factories';
import { appointments, assessmentImages, payments, payouts, repairers, warranties } from '../../src/server/db/schema';
import { completionMessages } from '../../src/shared/api/appointments';
import { photoEmptyMessage, tooManyPhotosMessage } from '../../src/shared/customer-details';
import { releaseHeldPayout } from '../../src/server/modules/booking';
import { createStripeClient } from '../../src/server/kernel/stripe';
import { createTestApp, signInAs, type TestApp } from '../helpers/app';
import { startStripeStandIn } from '../helpers/stripe-server';
import { paidBooking, post, workingDay } from '../helpers/checkout';
import { jpegPhoto } from '../helpers/images';
import { multipartBody, type FilePart } from '../helpers/multipart';
import { answeredSoon, holdWrites } from '../helpers/slow-store';

let t: TestApp;
let jpeg: Buffer;
let adminCookie: string;

beforeAll(async () => {
  t = await createTestApp({ env: { AUTO_DISPATCH: 'false', SESSION_TTL_HOURS: '2160' } });
  await t.database.db.update(repairers).set({ isVerified: false });
  const admin = await createUser(t.database.db, { role: 'admin' });
  adminCookie = await signInAs(t.app, admin.email, admin.password);
  jpeg = await jpegPhoto(1200, 900);
});
afterAll(() => t?.close());
afterEach(() => vi.useRealTimers());

/** A paid booking on `day`, sent to and accepted by a signed-in repairer (the real dispatch calls). */
async function assignedJob(day: string, repairerOverrides: Parameters<typeof createRepairer>[1] = {}) {
  const db = t.database.db;
  const business = await createRepairer(db, { latitude: 51.51, longitude: -0.13, ...repairerOverrides });
  const user = await createUser(db, { role: 'repairer', repairerId: business.id });
  const repairer = await signInAs(t.app, user.email, user.password);
  const booking = await paidBooking(t, day);
  const sent = await post(t, `/api/admin/quotes/${booking.quote.id}/send-to-repairer`, { repairerId: business.id }, adminCookie);
  expect(sent.statusCode, sent.body).toBe(200);
  expect((await post(t, `/api/repairer/notifications/${sent.json().notification.id}/accept`, {}, repairer)).statusCode).toBe(200);
  const [payment] = await db.select().from(payments).where(eq(payments.appointmentId, booking.appointmentId));
  const payoutRow = async () => (await db.select().from(payouts).where(eq(payouts.paymentId, payment!.id)))[0]!;
  return { ...booking, repairer, repairerId: business.id, day, payoutRow };
}

const onThe = (day: string, hours = 10) => new Date(`${day}T${String(hours).padStart(2, '0')}:00:00Z`);
const photo = (data: Buffer, filename = 'after.jpg', contentType = 'image/jpeg'): FilePart => ({ filename, contentType, data });

function completeWith(id: number, cookie: string, files: FilePart[]) {
  const { body, headers } = multipartBody({}, files);
  return t.app.inject({ method: 'POST', url: `/api/repairer/appointments/${id}/complete`, payload: body, headers: { ...headers, cookie } });
}

function filesOnDisk(): string[] {
  const walk = (dir: string): string[] => {
    try {
      return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(join(dir, e.name)) : [join(dir, e.name)]));
    } catch {
      return [];
    }
  };
  return [...walk(t.config.uploadsDir), ...walk(join(t.config.dataDir, 'tmp'))];
}

const afterRows = (assessmentId: number) =>
  t.database.db.select().from(assessmentImages).where(and(eq(assessmentImages.assessmentId, assessmentId), eq(assessmentImages.kind, 'after')));

async function unchanged(job: Awaited<ReturnType<typeof assignedJob>>, filesBefore: string[]) {
  const [row] = await t.database.db.select().from(appointments).where(eq(appointments.id, job.appointmentId));
  expect(row!.status).toBe('assigned');
  expect(row!.completedAt).toBeNull();
  expect(await afterRows(job.quote.assessmentId)).toHaveLength(0);
  expect(await t.database.db.select().from(warranties).where(eq(warranties.appointmentId, job.appointmentId))).toHaveLength(0);
  expect((await job.payoutRow()).releaseAfterAt).toBeNull();
  expect(filesOnDisk().sort()).toEqual([...filesBefore].sort());
}

describe('after photos when marking a job done', () => {
  it('stores them as after photos the customer sees on the appointment, not among the damage photos', async () => {
    const job = await assignedJob(workingDay(20));
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(onThe(job.day, 14));
    const damageBefore = (await t.app.inject({ method: 'GET', url: `/api/assessments/${job.quote.assessmentId}`, headers: { cookie: job.cookie } })).json().images;
    const marked = await completeWith(job.appointmentId, job.repairer, [photo(jpeg), photo(jpeg, 'second.jpg')]);
    expect(marked.statusCode, marked.body).toBe(200);
    expect(marked.json().status).toBe('completed');
    const ids: number[] = marked.json().aftercare.afterPhotoIds;
    expect(ids).toHaveLength(2);
    const rows = await afterRows(job.quote.assessmentId);
    expect(rows.map((r) => r.id).sort()).toEqual([...ids].sort());
    expect(rows.every((r) => r.contentType === 'image/jpeg' && r.displayBytes > 0)).toBe(true);

    // The customer's appointment read lists them; their damage-photo list does not.
    const read = await t.app.inject({ method: 'GET', url: `/api/appointments/${job.appointmentId}`, headers: { cookie: job.cookie } });
    expect(read.json().aftercare.afterPhotoIds).toEqual(ids);
    const assessment = await t.app.inject({ method: 'GET', url: `/api/assessments/${job.quote.assessmentId}`, headers: { cookie: job.cookie } });
    expect(assessment.json().images).toEqual(damageBefore);
    // The customer and the technician can open them; a stranger cannot.
    for (const cookie of [job.cookie, job.repairer]) {
      const image = await t.app.inject({ method: 'GET', url: `/api/images/${ids[0]}?size=thumb`, headers: { cookie } });
      expect([image.statusCode, image.headers['content-type']]).toEqual([200, 'image/jpeg']);
    }
    expect((await t.app.inject({ method: 'GET', url: `/api/images/${ids[0]}` })).statusCode).toBe(404);
    expect(filesOnDisk().filter((f) => f.startsWith(join(t.config.dataDir, 'tmp')))).toEqual([]); // the upload's temporary files are gone
    expect(filesOnDisk().filter((f) => f.includes('/after-'))).toHaveLength(4); // display and thumbnail of each
  });

  it('holds no database transaction while the store writes them', async () => {
    const job = await assignedJob(workingDay(21));
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(onThe(job.day, 14));
    const slow = holdWrites(t.app.deps.store);
    try {
      const marking = completeWith(job.appointmentId, job.repairer, [photo(jpeg)]);
      await slow.writing;
      // PGlite has one connection: a transaction held across the write would keep this read waiting.
      expect(await answeredSoon(t.database.db.select().from(appointments).where(eq(appointments.id, job.appointmentId)))).toBe('answered');
      slow.open();
      expect((await marking).statusCode).toBe(200);
    } finally {
      slow.restore();
    }
  });

  it('refuses a file that is not a photo with a sentence, and changes nothing', async () => {
    const job = await assignedJob(workingDay(21));
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(onThe(job.day));
    const before = filesOnDisk();
    const bad = await completeWith(job.appointmentId, job.repairer, [photo(jpeg), photo(Buffer.from('not a photo at all'), 'notes.txt', 'text/plain')]);
    expect(bad.statusCode).toBe(422);
    expect(bad.json().message).toMatch(/^Photo 2: /);
    await unchanged(job, before);
  });

  it('refuses more than 10 photos, an empty file and a wrong field name, changing nothing', async () => {
    const job = await assignedJob(workingDay(22));
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(onThe(job.day));
    const before = filesOnDisk();
    const many = await completeWith(job.appointmentId, job.repairer, Array.from({ length: 11 }, () => photo(jpeg)));
    expect([many.statusCode, many.json().message]).toEqual([413, tooManyPhotosMessage]);
    const empty = await completeWith(job.appointmentId, job.repairer, [photo(Buffer.alloc(0))]);
    expect([empty.statusCode, empty.json().message]).toEqual([422, `Photo 1: ${photoEmptyMessage}`]);
    const field = await completeWith(job.appointmentId, job.repairer, [{ ...photo(jpeg), field: 'photos' }]);
    expect(field.statusCode).toBe(400);
    await unchanged(job, before);
  });

  it('answers 404 to another repairer and 409 before the day, before reading any photo', async () => {
    const job = await assignedJob(workingDay(23));
    const before = filesOnDisk();
    const stranger = await createUser(t.database.db, { role: 'repairer', repairerId: (await createRepairer(t.database.db)).id });
    const other = await completeWith(job.appointmentId, await signInAs(t.app, stranger.email, stranger.password), [photo(jpeg)]);
    expect(other.statusCode).toBe(404);
    const early = await completeWith(job.appointmentId, job.repairer, [photo(jpeg)]);
    expect([early.statusCode, early.json().message]).toEqual([409, completionMessages.tooEarly]);
    await unchanged(job, before);
    // Once done, a second mark (with photos) is a wrong state and adds no photos.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(onThe(job.day));
    expect((await completeWith(job.appointmentId, job.repairer, [photo(jpeg)])).statusCode).toBe(200);
    const again = await completeWith(job.appointmentId, job.repairer, [photo(jpeg)]);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toMatch(/\S/);
    expect(await afterRows(job.quote.assessmentId)).toHaveLength(1);
  });
});

describe('an admin releasing a held payout', () => {
  it('releases it once after a reported problem, and refuses a payout that is not held', async () => {
    const job = await assignedJob(workingDay(24));
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(onThe(job.day));
    expect((await post(t, `/api/repairer/appointments/${job.appointmentId}/complete`, {}, job.repairer)).statusCode).toBe(200);
    const payout = await job.payoutRow();
    const owed = await post(t, `/api/admin/payouts/${payout.id}/release`, {}, adminCookie);
    expect([owed.statusCode, owed.json().message]).toEqual([409, completionMessages.payoutNotHeld]);
    expect((await job.payoutRow()).status).toBe('owed');

    await post(t, `/api/appointments/${job.appointmentId}/report-problem`, { message: 'A run of paint below the door handle.' }, job.cookie);
    expect((await job.payoutRow()).status).toBe('held');
    const released = await post(t, `/api/admin/payouts/${payout.id}/release`, {}, adminCookie);
    expect(released.statusCode, released.body).toBe(200);
    expect(released.json()).toEqual({ id: payout.id, status: 'released', amount: expect.stringMatching(/^\d+\.\d{2}$/), releasedAt: onThe(job.day).toISOString(), providerRef: `ledger:${payout.id}` });
    const twice = await post(t, `/api/admin/payouts/${payout.id}/release`, {}, adminCookie);
    expect([twice.statusCode, twice.json().message]).toEqual([409, completionMessages.payoutNotHeld]);
    expect((await post(t, '/api/admin/payouts/999999/release', {}, adminCookie)).statusCode).toBe(404);
  });

  it('with Stripe, makes one Connect transfer under the payout’s key, and refuses while the repairer has no account', async () => {
    const standIn = await startStripeStandIn();
    try {
      const url = new URL(standIn.url);
      const stripe = createStripeClient({ secretKey: standIn.secretKey, publishableKey: standIn.publishableKey, webhookSecret: standIn.webhookSecret, apiBase: { host: url.hostname, port: Number(url.port), protocol: 'http' } });
      const silent = { info() {}, warn() {} };
      const job = await assignedJob(workingDay(25));
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(onThe(job.day));
      await post(t, `/api/repairer/appointments/${job.appointmentId}/complete`, {}, job.repairer);
      await post(t, `/api/appointments/${job.appointmentId}/report-problem`, { message: 'The wheel rim still shows kerb marks.' }, job.cookie);
      vi.useRealTimers();
      const payout = await job.payoutRow();
      const ctx = { db: t.database.db, config: t.config, log: silent, stripe };
      await expect(releaseHeldPayout(ctx, payout.id, new Date())).rejects.toMatchObject({ statusCode: 409, message: completionMessages.payoutNoStripeAccount });
      expect(standIn.transfers).toHaveLength(0);
      await t.database.db.update(repairers).set({ stripeAccountId: 'acct_heldcase1' }).where(eq(repairers.id, job.repairerId));
      // Two admins pressing Release at once: one transfer, one release, the other told it is being sent or no longer held.
      const results = await Promise.allSettled([releaseHeldPayout(ctx, payout.id, new Date()), releaseHeldPayout(ctx, payout.id, new Date())]);
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
      const refused = results.find((r) => r.status === 'rejected');
      expect(refused?.reason).toMatchObject({ statusCode: 409, message: expect.stringMatching(new RegExp(`^(${completionMessages.payoutSending}|${completionMessages.payoutNotHeld})$`)) });
      expect(standIn.transfers).toHaveLength(1);
      expect(standIn.transfers[0]).toMatchObject({ amount: payout.amountPence, currency: 'gbp', destination: 'acct_heldcase1' });
      expect(standIn.requests.filter((r) => r.method === 'POST' && r.path === '/v1/transfers').every((r) => r.idempotencyKey === `payout-${payout.id}`)).toBe(true);
      expect(await job.payoutRow()).toMatchObject({ status: 'released', providerRef: standIn.transfers[0]!.id });
    } finally {
      await standIn.close();
    }
  });
});
