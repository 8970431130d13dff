// Issue 37 item 3, who is coming: the technician's photo (PUT/DELETE /api/repairer/photo, the
// customers' pipeline, public at its token) and the appointment answer's `technician`, null until
// one accepts, with the same facts in the customer's e-mails after acceptance
// (docs/decisions/0035-who-is-coming.md).
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createRepairer, createUser } from '../../src/server/db/factories';
import { auditLog, repairerPhotos, repairerReviews, repairers, users, warranties } from '../../src/server/db/schema';
import { photoRemovalMessages } from '../../src/shared/api/technician-applications';
import { photoTooLargeMessage, photoTypeMessage } from '../../src/shared/photo-rules';
import { technicianPhotoMessages } from '../../src/shared/api/repairer-accounts';
import { slotStartsAt } from '../../src/shared/calendar';
import { addDays } from '../../src/shared/calendar-date';
import { londonDateOf } from '../../src/shared/london-time';
import { sweepOrphanPhotos } from '../../src/server/modules/assessments';
import { createTestApp, signInAs, type TestApp } from '../helpers/app';
import { emailsTo, paidBooking, post, workingDay } from '../helpers/checkout';
import { hugePng, jpegPhoto } from '../helpers/images';
import { multipartBody, type FilePart } from '../helpers/multipart';

let t: TestApp;
let adminCookie: string;
let jpeg: Buffer;

beforeAll(async () => {
  t = await createTestApp({ env: { AUTO_DISPATCH: 'false' } });
  await t.database.db.update(repairers).set({ isVerified: false });
  const admin = await createUser(t.database.db, { role: 'admin' });
  adminCookie = await signInAs(t.app, admin.email, admin.password);
  jpeg = await jpegPhoto(900, 1200, { gps: true });
});
afterAll(() => t?.close());
afterEach(() => vi.useRealTimers());

/** A verified, vetted technician near the test bookings, signed in. */
async function technician(overrides: Parameters<typeof createRepairer>[1] = {}) {
  const db = t.database.db;
  const business = await createRepairer(db, { latitude: 51.51, longitude: -0.13, contactName: 'Sam Taylor', businessName: 'Shine Mobile Repairs', yearsExperience: 8, ...overrides });
  const user = await createUser(db, { role: 'repairer', repairerId: business.id });
  return { id: business.id, cookie: await signInAs(t.app, user.email, user.password) };
}

const file = (data: Buffer, filename = 'me.jpg', contentType = 'image/jpeg', field = 'photo'): FilePart => ({ field, filename, contentType, data });
function upload(cookie: string, files: FilePart[]) {
  const { body, headers } = multipartBody({}, files);
  return t.app.inject({ method: 'PUT', url: '/api/repairer/photo', payload: body, headers: { ...headers, cookie } });
}
const photoRow = async (repairerId: number) => (await t.database.db.select().from(repairerPhotos).where(eq(repairerPhotos.repairerId, repairerId)))[0];

function technicianFiles(): string[] {
  const walk = (dir: string): string[] => {
    try {
      return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(join(dir, e.name)) : [join(dir, e.name)]));
    } catch {
      return [];
    }
  };
  return walk(t.config.uploadsDir).filter((path) => path.includes('/technician-'));
}
const tmpFiles = () => readdirSync(join(t.config.dataDir, 'tmp')).filter((name) => name.startsWith('upload-'));

describe('a technician’s photo', () => {
  it('goes through the customers’ pipeline, is public at its token, and replacing it removes the old files', async () => {
    const me = await technician();
    const first = await upload(me.cookie, [file(jpeg)]);
    expect(first.statusCode, first.body).toBe(200);
    const photo = first.json().photo as { url: string; width: number; height: number };
    expect(photo.url).toMatch(/^\/api\/technician-photos\/[0-9a-f]{32}\?size=thumb$/);
    expect([photo.width, photo.height]).toEqual([300, 400]); // the 400-pixel thumbnail, its shape kept
    // Public, for ever at that address, re-encoded with nothing of the camera's left (GPS included).
    const served = await t.app.inject({ method: 'GET', url: photo.url });
    expect([served.statusCode, served.headers['content-type'], served.headers['cache-control']]).toEqual([200, 'image/jpeg', 'public, max-age=31536000, immutable']);
    const meta = await sharp(served.rawPayload).metadata();
    expect([meta.format, meta.exif]).toEqual(['jpeg', undefined]);
    const display = await t.app.inject({ method: 'GET', url: photo.url.replace('?size=thumb', '') });
    expect((await sharp(display.rawPayload).metadata()).height).toBe(1200);
    const firstFiles = technicianFiles();
    expect(firstFiles).toHaveLength(2);
    expect((await t.app.inject({ method: 'GET', url: '/api/repairer/profile', headers: { cookie: me.cookie } })).json().photo).toEqual(photo);

    const second = await upload(me.cookie, [file(await jpegPhoto(800, 800))]);
    expect(second.statusCode, second.body).toBe(200);
    const replaced = second.json().photo as { url: string };
    expect(replaced.url).not.toBe(photo.url);
    expect((await t.app.inject({ method: 'GET', url: photo.url })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: replaced.url })).statusCode).toBe(200);
    const secondFiles = technicianFiles();
    expect(secondFiles).toHaveLength(2);
    expect(secondFiles.some((path) => firstFiles.includes(path))).toBe(false); // no orphans
    // The sweeper knows these files are someone's.
    expect(await sweepOrphanPhotos(t.database.db, t.app.deps.store, new Date(Date.now() + 24 * 60 * 60_000))).toBe(0);
    expect(technicianFiles()).toEqual(secondFiles);

    const removed = await t.app.inject({ method: 'DELETE', url: '/api/repairer/photo', headers: { cookie: me.cookie } });
    expect([removed.statusCode, removed.json().photo]).toEqual([200, null]);
    expect(technicianFiles()).toEqual([]);
    expect((await t.app.inject({ method: 'GET', url: replaced.url })).statusCode).toBe(404);
    expect(await photoRow(me.id)).toBeUndefined();
  });

  it('refuses bad input with a sentence, and changes nothing', async () => {
    const me = await technician();
    expect((await upload(me.cookie, [file(jpeg)])).statusCode).toBe(200);
    const before = await photoRow(me.id);
    const filesBefore = technicianFiles();
    const refusals: [FilePart[], number, string][] = [
      [[file(Buffer.from('not a photo at all'), 'notes.txt', 'text/plain')], 422, photoTypeMessage],
      [[file(Buffer.from('GIF89a....'), 'me.jpg', 'image/jpeg')], 422, photoTypeMessage], // the bytes are judged, not the name
      [[file(Buffer.alloc(0))], 422, 'File is smaller than 1 byte: this file is empty'],
      [[file(hugePng(), 'huge.png', 'image/png')], 422, 'This photo is too large to process (maximum 50 megapixels)'], // refused before its pixels are decoded
      [[file(Buffer.alloc(10 * 1024 * 1024 + 1, 1))], 413, photoTooLargeMessage],
      [[file(jpeg), file(jpeg, 'two.jpg')], 413, technicianPhotoMessages.tooMany],
      [[file(jpeg, 'me.jpg', 'image/jpeg', 'images')], 400, 'Unexpected file field "images": attach the photo as "photo".'],
      [[], 400, technicianPhotoMessages.required],
    ];
    for (const [files, status, message] of refusals) {
      const refused = await upload(me.cookie, files);
      expect([refused.statusCode, refused.json().message], files.map((f) => f.filename).join()).toEqual([status, message]);
    }
    const json = await t.app.inject({ method: 'PUT', url: '/api/repairer/photo', payload: { photo: 'x' }, headers: { cookie: me.cookie } });
    expect([json.statusCode, json.json().message]).toEqual([415, technicianPhotoMessages.notMultipart]);
    expect(await photoRow(me.id)).toEqual(before);
    expect(technicianFiles().sort()).toEqual(filesBefore.sort());
    expect(tmpFiles()).toEqual([]);
  });
});

describe('the team takes down a technician’s photo (issue 37)', () => {
  const takeDown = (id: number, payload: unknown, cookie = adminCookie) =>
    t.app.inject({ method: 'DELETE', url: `/api/admin/repairers/${id}/photo`, payload: payload as object, headers: { cookie } });

  it('for a stated reason, recorded in the audit log; the row goes, then the files, and its address answers 404', async () => {
    const me = await technician();
    const others = technicianFiles();
    const uploaded = await upload(me.cookie, [file(jpeg)]);
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const url = (uploaded.json().photo as { url: string }).url;
    // The team's detail shows it.
    const before = await t.app.inject({ url: `/api/admin/repairers/${me.id}/vetting`, headers: { cookie: adminCookie } });
    expect((before.json() as { photo: { url: string } | null }).photo?.url).toBe(url);

    // A reason is required.
    const noReason = await takeDown(me.id, { reason: ' ' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.body).toContain(photoRemovalMessages.reason);
    expect(await photoRow(me.id)).toBeDefined();

    const removed = await takeDown(me.id, { reason: 'Not a photo of the technician' });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json()).toMatchObject({ id: me.id, photo: null });
    expect(await photoRow(me.id)).toBeUndefined();
    expect(technicianFiles()).toEqual(others);
    expect((await t.app.inject({ url })).statusCode).toBe(404);
    expect((await t.app.inject({ url: '/api/repairer/profile', headers: { cookie: me.cookie } })).json().photo).toBeNull();
    const [line] = await t.database.db.select().from(auditLog).where(and(eq(auditLog.action, 'repairer_photo_removed'), eq(auditLog.entityId, me.id)));
    expect(line).toMatchObject({ entity: 'repairer', detail: { reason: 'Not a photo of the technician' } });

    // Again: there is nothing to take down (409); an unknown technician is a 404.
    expect((await takeDown(me.id, { reason: 'Twice' })).statusCode).toBe(409);
    expect((await takeDown(2 ** 30, { reason: 'Nobody' })).statusCode).toBe(404);
  });
});

describe('a technician removed from the network (issue 37: retention and erasure)', () => {
  it('takes their photo row with them, and the sweeper then removes the files, which no row names', async () => {
    const me = await technician();
    const others = technicianFiles();
    expect((await upload(me.cookie, [file(jpeg)])).statusCode).toBe(200);
    const row = (await photoRow(me.id))!;
    expect(technicianFiles()).toHaveLength(others.length + 2);
    // Erasing a technician is done by hand (docs/operations.md): their rows deleted.
    await t.database.db.delete(users).where(eq(users.repairerId, me.id));
    await t.database.db.delete(repairers).where(eq(repairers.id, me.id));
    expect(await photoRow(me.id)).toBeUndefined();
    expect((await t.app.inject({ url: `/api/technician-photos/${row.token}` })).statusCode).toBe(404);
    // The hourly sweep, past its grace period, finds the two files no row names and removes them.
    expect(await sweepOrphanPhotos(t.database.db, t.app.deps.store, new Date(Date.now() + 24 * 60 * 60_000))).toBe(2);
    // Only theirs: the other technicians' photos are someone's.
    expect(technicianFiles()).toEqual(others);
  });
});

describe('who is coming, on the appointment and in the e-mails', () => {
  it('is null until a technician accepts; then the customer reads who, their record and our checks, and nothing else of theirs', async () => {
    const db = t.database.db;
    const me = await technician();
    expect((await upload(me.cookie, [file(jpeg)])).statusCode).toBe(200);
    // Two earlier repairs of theirs, one reviewed 4 and one 5 stars (rows as completion writes them).
    for (const [n, rating] of [[30, 4], [31, 5]] as const) {
      const earlier = await paidBooking(t, workingDay(n));
      await db.insert(warranties).values({ appointmentId: earlier.appointmentId, repairerId: me.id, startsDate: '2026-01-01', endsDate: '2027-01-01' });
      await db.insert(repairerReviews).values({ appointmentId: earlier.appointmentId, repairerId: me.id, rating });
    }
    const day = workingDay(20);
    const booking = await paidBooking(t, day);
    const read = async (cookie?: string) => t.app.inject({ method: 'GET', url: `/api/appointments/${booking.appointmentId}`, headers: cookie ? { cookie } : {} });
    expect((await read(booking.cookie)).json().technician).toBeNull();

    const sent = await post(t, `/api/admin/quotes/${booking.quote.id}/send-to-repairer`, { repairerId: me.id }, adminCookie);
    expect(sent.statusCode, sent.body).toBe(200);
    expect((await read(booking.cookie)).json().technician).toBeNull(); // offered is not accepted
    expect((await post(t, `/api/repairer/notifications/${sent.json().notification.id}/accept`, {}, me.cookie)).statusCode).toBe(200);

    const answer = (await read(booking.cookie)).json();
    const photoUrl = (await photoRow(me.id))!.token;
    expect(answer.technician).toEqual({
      firstName: 'Sam',
      businessName: 'Shine Mobile Repairs',
      photoUrl: `/api/technician-photos/${photoUrl}?size=thumb`,
      yearsExperience: 8,
      rating: { average: 4.5, count: 2 },
      completedRepairs: 2,
      checks: { insurance: true, identity: true, skills: true },
    });
    expect(JSON.stringify(answer.technician)).not.toMatch(/\+44|7700|WC2N|@/); // no phone, address or e-mail of theirs

    // The team and the technician read the same; another customer and another technician get the 404 of a missing id.
    expect((await read(adminCookie)).json().technician).toEqual(answer.technician);
    expect((await read(me.cookie)).json().technician).toEqual(answer.technician);
    const stranger = await paidBooking(t, workingDay(21));
    const otherTechnician = await technician({ businessName: 'Other Repairs' });
    for (const cookie of [stranger.cookie, otherTechnician.cookie, undefined]) expect((await read(cookie)).statusCode).toBe(404);

    // The technician-assigned e-mail says the same, without their phone.
    const [assigned] = (await emailsTo(t, booking.assessment.email)).filter((email) => email.kind === 'technician-assigned');
    expect(assigned!.textBody).toContain('Your technician: Sam, of Shine Mobile Repairs.');
    expect(assigned!.textBody).toContain('8 years’ experience; rated 4.5 out of 5 by 2 customers; 2 repairs completed through AutoRevive.');
    expect(assigned!.textBody).toContain('What we checked: public liability insurance seen and in date; identity checked; skills assessed.');
    expect(assigned!.textBody).toContain('Their photo is on your booking page.');
    expect(assigned!.textBody).not.toContain('7700 900000');

    // A policy that has ended is not a check passed; the reminder the day before says who is coming too.
    await db.update(repairers).set({ insuranceExpiryDate: addDays(londonDateOf(new Date()), -1) }).where(eq(repairers.id, me.id));
    expect((await read(booking.cookie)).json().technician.checks).toEqual({ insurance: false, identity: true, skills: true });
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(slotStartsAt(day, 'morning').getTime() - 2 * 60 * 60_000));
    await t.app.deps.jobs.run('send-appointment-reminders', {});
    const [reminder] = (await emailsTo(t, booking.assessment.email)).filter((email) => email.kind === 'booking-reminder');
    expect(reminder!.textBody).toContain('Your technician: Sam, of Shine Mobile Repairs.');
    expect(reminder!.textBody).toContain('What we checked: identity checked; skills assessed.');
  });

  it('says so plainly of a technician with no photo, no reviews and no repairs yet', async () => {
    const me = await technician({ contactName: null, yearsExperience: null, businessName: 'New Repairs' });
    const booking = await paidBooking(t, workingDay(22));
    const sent = await post(t, `/api/admin/quotes/${booking.quote.id}/send-to-repairer`, { repairerId: me.id }, adminCookie);
    expect((await post(t, `/api/repairer/notifications/${sent.json().notification.id}/accept`, {}, me.cookie)).statusCode).toBe(200);
    const answer = (await t.app.inject({ method: 'GET', url: `/api/appointments/${booking.appointmentId}`, headers: { cookie: booking.cookie } })).json();
    expect(answer.technician).toMatchObject({ firstName: 'Your technician', photoUrl: null, yearsExperience: null, rating: { average: null, count: 0 }, completedRepairs: 0 });
    const [assigned] = (await emailsTo(t, booking.assessment.email)).filter((email) => email.kind === 'technician-assigned');
    expect(assigned!.textBody).toContain('No reviews yet; 0 repairs completed through AutoRevive.');
    expect(assigned!.textBody).not.toContain('Their photo');
  });
});
