// Issue 4: POST /api/assessments and who may read what it stores (D7, D8, D10).
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { photosRequiredMessage } from '../../src/shared/customer-details';
import { createUser, type CreatedUser } from '../../src/server/db/factories';
import { assessments, outboxEmails } from '../../src/server/db/schema';
import { cookieHeader, createTestApp, signInAs, type TestApp } from '../helpers/app';
import { heicPhoto, hugePng, jpegPhoto, pngPhoto } from '../helpers/images';
import { multipartBody, validDetails, type FilePart } from '../helpers/multipart';
import { answeredSoon, holdWrites } from '../helpers/slow-store';

let t: TestApp;
let admin: CreatedUser;
let adminCookie: string;
let jpeg: Buffer;

beforeAll(async () => {
  t = await createTestApp({ configure: (config) => (config.assessmentsPerHourPerAddress = 1000) });
  admin = await createUser(t.database.db, { role: 'admin' });
  adminCookie = await signInAs(t.app, admin.email, admin.password);
  jpeg = await jpegPhoto(1600, 1200, { gps: true });
});
afterAll(() => t.close());

const photo = (data: Buffer, filename = 'damage.jpg', contentType = 'image/jpeg'): FilePart => ({ filename, contentType, data });

function submit(files: FilePart[], fields: Record<string, string | string[]> = validDetails, headers: Record<string, string> = {}) {
  const { body, headers: multipartHeaders } = multipartBody(fields, files);
  return t.app.inject({ method: 'POST', url: '/api/assessments', payload: body, headers: { ...multipartHeaders, ...headers } });
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

const countAssessments = () => t.database.db.$count(assessments);

describe('a good submission', () => {
  it('stores the assessment with its photos, normalised details and a grant cookie', async () => {
    const response = await submit([photo(jpeg), photo(await pngPhoto(), 'side.png', 'image/png'), photo(heicPhoto(), 'IMG_0001.HEIC', 'image/heic')]);
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body).toMatchObject({
      status: 'submitted',
      name: 'Jane Customer',
      email: 'jane.customer@example.com',
      phone: '+447700900123',
      postcode: 'NW1 6XE',
      vehicleYear: '2018',
      damageType: 'scratch',
      damageLocations: ['driver_door', 'wing_left'],
      customer: { state: 'Greater London', zipCode: 'NW1 6XE', county: 'Greater London', postcode: 'NW1 6XE' },
      quote: null,
    });
    expect(body.reference).toMatch(/^AR-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/);
    expect(body.images).toHaveLength(3);
    expect(response.cookies.find((c) => c.name === 'ar_access')).toMatchObject({ httpOnly: true, sameSite: 'Lax' });
    expect(filesOnDisk()).toHaveLength(6); // a display size and a thumbnail each, nothing else
  });

  it('re-encodes every photo as JPEG without metadata, in a display size and a thumbnail', async () => {
    const response = await submit([photo(jpeg)]);
    const cookie = cookieHeader(response);
    const [imageId] = response.json().images;
    const display = await t.app.inject({ url: `/api/images/${imageId}`, headers: { cookie } });
    expect(display.statusCode).toBe(200);
    expect(display.headers['content-type']).toBe('image/jpeg');
    expect(display.headers['cache-control']).toBe('private, max-age=86400');
    // An API answer: opened on its own it loads and runs nothing, and no other site may embed it.
    expect(display.headers['content-security-policy']).toBe("default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'");
    expect(display.headers['cross-origin-resource-policy']).toBe('same-origin');
    const meta = await sharp(display.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 1600, height: 1200 });
    expect(meta.exif).toBeUndefined();
    const thumb = await t.app.inject({ url: `/api/images/${imageId}?size=thumb`, headers: { cookie } });
    expect(await sharp(thumb.rawPayload).metadata()).toMatchObject({ width: 400, height: 300 });
    const again = await t.app.inject({ url: `/api/images/${imageId}`, headers: { cookie, 'if-none-match': display.headers.etag as string } });
    expect(again.statusCode).toBe(304);
  });

  it('writes the customer a receipt with a private link, and tells the team', async () => {
    const response = await submit([photo(jpeg)], { ...validDetails, email: 'receipt@example.com' });
    const { id, reference } = response.json();
    const emails = await t.database.db.select().from(outboxEmails);
    const receipt = emails.find((e) => e.toAddress === 'receipt@example.com')!;
    expect(receipt.subject).toBe(`We have your photos – reference ${reference}`);
    expect(receipt.textBody).toContain('usually within 2–4 working hours, and always within 24 hours');
    const link = receipt.textBody.match(/http:\/\/localhost:3000(\/access\/\S+)/)![1]!;
    expect(emails.some((e) => e.toAddress === t.config.teamEmail && e.subject.includes(reference))).toBe(true);

    // The link opens the quote page on another device, and only then can it read the record.
    expect((await t.app.inject(`/api/assessments/${id}`)).statusCode).toBe(404);
    const opened = await t.app.inject(link);
    expect(opened.statusCode).toBe(303);
    expect(opened.headers.location).toBe(`/quote/${id}`);
    expect((await t.app.inject({ url: `/api/assessments/${id}`, headers: { cookie: cookieHeader(opened) } })).json().reference).toBe(reference);
  });
});

describe('storing the photos', () => {
  it('holds no database transaction while the store writes, so a slow store does not stall every other request', async () => {
    // A store that takes its time (an S3 bucket answering slowly): the first write waits.
    const slow = holdWrites(t.app.deps.store);
    try {
      const submitted = submit([photo(jpeg)]);
      await slow.writing;
      // PGlite has one connection: a transaction held across the write would keep this read waiting.
      expect(await answeredSoon(countAssessments())).toBe('answered');
      slow.open();
      expect((await submitted).statusCode).toBe(201);
    } finally {
      slow.restore();
    }
  });
});

describe('who may read an assessment and its photos (D10)', () => {
  it('gives the grant holder and admins the record, and everyone else a 404 that reveals nothing', async () => {
    const response = await submit([photo(jpeg)]);
    const { id, images } = response.json();
    const owner = cookieHeader(response);
    const repairer = await createUser(t.database.db, { role: 'repairer' });
    const repairerCookie = await signInAs(t.app, repairer.email, repairer.password);
    const other = cookieHeader(await submit([photo(jpeg)]));

    expect((await t.app.inject({ url: `/api/assessments/${id}`, headers: { cookie: owner } })).statusCode).toBe(200);
    expect((await t.app.inject({ url: `/api/assessments/${id}`, headers: { cookie: adminCookie } })).statusCode).toBe(200);
    for (const cookie of [undefined, other, repairerCookie]) {
      const read = await t.app.inject({ url: `/api/assessments/${id}`, headers: cookie ? { cookie } : {} });
      expect(read.statusCode).toBe(404);
      expect(read.json()).toEqual({ error: 'not_found', message: "The assessment you're looking for could not be found." });
      expect(read.body).not.toContain('Jane');
      const image = await t.app.inject({ url: `/api/images/${images[0]}`, headers: cookie ? { cookie } : {} });
      expect(image.statusCode).toBe(404);
    }
    // A missing id answers exactly as a forbidden one does.
    expect((await t.app.inject({ url: '/api/assessments/999999', headers: { cookie: owner } })).json()).toEqual((await t.app.inject(`/api/assessments/${id}`)).json());
  });

  it('gives a record one address: an id in any other spelling is 400, even to its grant holder', async () => {
    const response = await submit([photo(jpeg)]);
    const { id, images } = response.json();
    const owner = cookieHeader(response);
    for (const spelling of [`${id}.0`, `0${id}`, `0x${id.toString(16)}`, `${id}e0`, `%20${id}`, `${id}%20`, '-1', '0', '2147483648', '99999999999']) {
      for (const url of [`/api/assessments/${spelling}`, `/api/images/${spelling}`, `/api/quotes/assessment/${spelling}`]) {
        const read = await t.app.inject({ url, headers: { cookie: owner } });
        expect([url, read.statusCode]).toEqual([url, 400]);
      }
    }
    expect((await t.app.inject({ url: `/api/images/${images[0]}`, headers: { cookie: owner } })).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/assessments/2147483647', headers: { cookie: owner } })).statusCode).toBe(404);
  });

  it('lists every assessment to admins only', async () => {
    expect((await t.app.inject('/api/assessments')).statusCode).toBe(401);
    const list = await t.app.inject({ url: '/api/assessments', headers: { cookie: adminCookie } });
    expect(list.statusCode).toBe(200);
    expect(list.json().length).toBe(await countAssessments());
  });
});

describe('retries (idempotency)', () => {
  it('creates one assessment for a retried submission with the same key', async () => {
    const before = await countAssessments();
    const key = '00000000-0000-4000-8000-000000000001';
    const first = await submit([photo(jpeg)], validDetails, { 'idempotency-key': key });
    const second = await submit([photo(jpeg)], validDetails, { 'idempotency-key': key, cookie: cookieHeader(first) });
    expect(first.statusCode).toBe(201);
    expect(second.statusCode).toBe(200);
    expect(second.json().id).toBe(first.json().id);
    expect(await countAssessments()).toBe(before + 1);
  });

  it('gives a retry from a browser that never got the first answer its own grant', async () => {
    const key = '00000000-0000-4000-8000-000000000002';
    const first = await submit([photo(jpeg)], validDetails, { 'idempotency-key': key });
    const lost = await submit([photo(jpeg)], validDetails, { 'idempotency-key': key });
    expect(lost.statusCode).toBe(200);
    expect((await t.app.inject({ url: `/api/assessments/${first.json().id}`, headers: { cookie: cookieHeader(lost) } })).statusCode).toBe(200);
  });

  it('refuses the same key with someone else\'s details', async () => {
    const key = '00000000-0000-4000-8000-000000000003';
    await submit([photo(jpeg)], validDetails, { 'idempotency-key': key });
    const other = await submit([photo(jpeg)], { ...validDetails, email: 'someone.else@example.com' }, { 'idempotency-key': key });
    expect(other.statusCode).toBe(409);
    expect(other.body).not.toContain('Jane');
  });
});

describe('bad input: a clear answer, and nothing stored', () => {
  let before: number;
  let filesBefore: number;
  beforeEach(async () => {
    before = await countAssessments();
    filesBefore = filesOnDisk().length;
  });
  async function expectNothingStored() {
    expect(await countAssessments()).toBe(before);
    expect(filesOnDisk()).toHaveLength(filesBefore);
  }

  it('missing and invalid fields: 400 with SPEC\'s message for each', async () => {
    const response = await submit([photo(jpeg)], { ...validDetails, name: 'J', email: 'not-an-email', postcode: 'ZZ99 9ZZZ', vehicleYear: '19', damageLocations: [], damageDescription: 'short' });
    expect(response.statusCode).toBe(400);
    expect(response.json().fieldErrors).toMatchObject({
      name: 'Name must be at least 2 characters',
      email: 'Please enter a valid email address',
      postcode: 'Please enter a valid UK postcode',
      vehicleYear: 'Please enter a valid year',
      damageLocations: 'Please select at least one damage location',
      damageDescription: 'Please provide more details about the damage',
    });
    await expectNothingStored();
  });

  it('no photos: 400 "Photos Required"', async () => {
    const response = await submit([]);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(photosRequiredMessage);
    await expectNothingStored();
  });

  it('eleven photos: 413', async () => {
    const response = await submit(Array.from({ length: 11 }, () => photo(jpeg)));
    expect(response.statusCode).toBe(413);
    expect(response.json().message).toBe('Too many files: you can upload up to 10 photos');
    await expectNothingStored();
  });

  it('an 11 MB file: 413', async () => {
    const response = await submit([photo(Buffer.concat([jpeg, Buffer.alloc(11 * 1024 * 1024)]))]);
    expect(response.statusCode).toBe(413);
    expect(response.json().message).toBe('File is larger than 10485760 bytes: each photo must be 10 MB or smaller');
    await expectNothingStored();
  });

  const rejects: [string, () => Promise<FilePart> | FilePart, string][] = [
    ['a text file named .jpg', () => photo(Buffer.from('just some text, not a photo'), 'photo.jpg'), 'File type must be JPEG, PNG, WebP or HEIC'],
    ['an HTML file named .jpg', () => photo(Buffer.from('<!doctype html><script>alert(1)</script>'), 'photo.jpg'), 'File type must be JPEG, PNG, WebP or HEIC'],
    ['an SVG', () => photo(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><circle r="5"/></svg>'), 'x.svg', 'image/svg+xml'), 'File type must be JPEG, PNG, WebP or HEIC'],
    ['a truncated JPEG', async () => photo(jpeg.subarray(0, Math.floor(jpeg.length / 2))), 'This photo could not be read. It may be damaged or incomplete.'],
    ['a 20,000 × 20,000 pixel image', () => photo(hugePng(), 'huge.png', 'image/png'), 'This photo is too large to process (maximum 50 megapixels)'],
  ];
  for (const [what, make, message] of rejects) {
    it(`${what}: 422 naming the photo`, async () => {
      const response = await submit([photo(jpeg), await make()]);
      expect(response.statusCode).toBe(422);
      expect(response.json().message).toBe(`Photo 2: ${message}`);
      await expectNothingStored();
    });
  }

  it('a request cut off halfway: 400, and nothing left behind', async () => {
    const { body, headers } = multipartBody(validDetails, [photo(jpeg)]);
    const response = await t.app.inject({ method: 'POST', url: '/api/assessments', payload: body.subarray(0, Math.floor(body.length * 0.7)), headers });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('The upload stopped before it finished. Please check your connection and try again.');
    await expectNothingStored();
  });

  it('JSON instead of a form: 415', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/assessments', payload: validDetails });
    expect(response.statusCode).toBe(415);
    await expectNothingStored();
  });

  it('a malformed idempotency key: 400', async () => {
    const response = await submit([photo(jpeg)], validDetails, { 'idempotency-key': 'x' });
    expect(response.statusCode).toBe(400);
    await expectNothingStored();
  });
});

describe('throttling', () => {
  it('refuses more submissions from one address than the hourly limit, before reading the upload', async () => {
    const limited = await createTestApp({ configure: (config) => (config.assessmentsPerHourPerAddress = 2) });
    try {
      const send = () => {
        const { body, headers } = multipartBody(validDetails, [photo(jpeg)]);
        return limited.app.inject({ method: 'POST', url: '/api/assessments', payload: body, headers, remoteAddress: '203.0.113.50' });
      };
      expect((await send()).statusCode).toBe(201);
      expect((await send()).statusCode).toBe(201);
      const third = await send();
      expect(third.statusCode).toBe(429);
      expect(third.json().message).toBe('You have sent a lot of assessments in a short time. Please wait an hour, or call us.');
      expect(await limited.database.db.$count(assessments)).toBe(2);
    } finally {
      await limited.close();
    }
  });
});
