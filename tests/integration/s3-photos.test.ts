// Issue 14 item 1: photos in an S3-compatible bucket, against s3rver on 127.0.0.1 (a real S3
// HTTP API over a temporary folder). A submission through the app stores its photos in the
// bucket and nothing on disk; the photo reads stream back from the bucket; the orphan sweeper
// clears the bucket page by page; `npm run photos:migrate` copies the disk store and can be
// run again without copying twice.
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assessmentImages } from '../../src/server/db/schema';
import { ORPHAN_GRACE_MS, sweepOrphanPhotos } from '../../src/server/modules/assessments';
import { DiskFileStore, migratePhotos, S3FileStore } from '../../src/server/modules/images';
import { cookieHeader, createTestApp, type TestApp } from '../helpers/app';
import { jpegPhoto } from '../helpers/images';
import { multipartBody, validDetails } from '../helpers/multipart';
import { startLocalS3, type LocalS3 } from '../helpers/s3';

const run = promisify(execFile);

let s3: LocalS3;
let t: TestApp;
let bucket: S3FileStore;

beforeAll(async () => {
  s3 = await startLocalS3();
  t = await createTestApp({ env: s3.env });
  bucket = new S3FileStore(s3.config());
});
afterAll(async () => {
  bucket?.close();
  await t?.close();
  await s3?.close();
});

const keysIn = async (store: S3FileStore, prefix = 'photos/') => (await store.list(prefix)).map((file) => file.key).sort();

function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile()).map((entry) => entry.name);
}

describe('photos in a bucket (S3_BUCKET set)', () => {
  it('uses the bucket for the app’s store when S3_BUCKET is set', () => {
    expect(t.app.deps.store).toBeInstanceOf(S3FileStore);
    expect((t.app.deps.store as S3FileStore).bucket).toBe(s3.bucket);
  });

  it('stores a submission’s photos in the bucket, none on disk, and streams them back to the customer only', async () => {
    const jpeg = await jpegPhoto(1200, 900);
    const { body, headers } = multipartBody(validDetails, [
      { filename: 'front.jpg', contentType: 'image/jpeg', data: jpeg },
      { filename: 'side.jpg', contentType: 'image/jpeg', data: await jpegPhoto(800, 600) },
    ]);
    const submitted = await t.app.inject({ method: 'POST', url: '/api/assessments', payload: body, headers });
    expect(submitted.statusCode, submitted.body).toBe(201);
    const cookie = cookieHeader(submitted);
    const [first] = submitted.json().images as number[];
    const rows = await t.database.db.select().from(assessmentImages).where(eq(assessmentImages.assessmentId, submitted.json().id));
    expect(rows).toHaveLength(2);
    const stored = await keysIn(bucket);
    for (const row of rows) expect(stored).toEqual(expect.arrayContaining([row.displayKey, row.thumbKey]));
    expect(filesUnder(t.config.uploadsDir)).toEqual([]);

    const row = rows.find((r) => r.id === first)!;
    const thumb = await t.app.inject({ url: `/api/images/${first}?size=thumb`, headers: { cookie } });
    expect(thumb.statusCode).toBe(200);
    expect(thumb.headers['content-type']).toBe('image/jpeg');
    expect(Number(thumb.headers['content-length'])).toBe(row.thumbBytes);
    expect(thumb.rawPayload.equals((await bucket.get(row.thumbKey))!)).toBe(true);
    // Without the grant the photo is not found, as on disk (D10).
    expect((await t.app.inject({ url: `/api/images/${first}?size=thumb` })).statusCode).toBe(404);

    // Over a real socket too: GetObject's body is piped to the response as it arrives.
    const address = await t.app.listen({ host: '127.0.0.1', port: 0 });
    const display = await fetch(`${address}/api/images/${first}`, { headers: { cookie } });
    expect(display.status).toBe(200);
    expect(Buffer.from(await display.arrayBuffer()).equals((await bucket.get(row.displayKey))!)).toBe(true);

    // A photo whose object has gone answers the photo-not-found sentence, not an error page.
    await bucket.delete(row.displayKey);
    const gone = await t.app.inject({ url: `/api/images/${first}`, headers: { cookie } });
    expect(gone.statusCode).toBe(404);
    expect(gone.json().message).toMatch(/photo/i);
  });

  it('sweeps orphans out of the bucket a page at a time, keeping recorded photos and recent writes', async () => {
    const recorded = await keysIn(bucket);
    const orphans = Array.from({ length: 5 }, (_, i) => `photos/2026/crashed${i}/0-display.jpg`);
    for (const key of orphans) await bucket.put(key, Buffer.from('orphan'));
    // Written just now: inside the grace period, so a submission could still be writing them.
    expect(await sweepOrphanPhotos(t.database.db, t.app.deps.store, new Date())).toBe(0);
    // Pages of two keys: the sweep crosses several pages and must still find all five.
    const paged = new S3FileStore(s3.config(), { pageSize: 2 });
    try {
      expect(await sweepOrphanPhotos(t.database.db, paged, new Date(Date.now() + ORPHAN_GRACE_MS + 60_000))).toBe(5);
    } finally {
      paged.close();
    }
    const left = await keysIn(bucket);
    expect(left.filter((key) => key.includes('crashed'))).toEqual([]);
    // The display photo deleted by the previous test has no object, so it cannot be removed twice; the rest are kept.
    expect(left).toEqual(recorded);
  });
});

describe('npm run photos:migrate', () => {
  let dataDir: string;
  let disk: DiskFileStore;
  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'autorevive-migrate-'));
    disk = new DiskFileStore(join(dataDir, 'uploads'));
    await disk.put('photos/2025/aaa/0-display.jpg', Buffer.alloc(300_000, 1));
    await disk.put('photos/2025/aaa/0-thumb.jpg', Buffer.alloc(20_000, 2));
    await disk.put('photos/2026/bbb/after-0-display.jpg', Buffer.alloc(150_000, 3));
    // A write interrupted on disk (a temporary file) is not a photo and is not copied.
    writeFileSync(join(disk.rootDir, 'photos/2026/bbb/.0f1e.tmp'), 'half a photo');
  });
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('copies every photo once, skips what is already there with the same size, and recopies a changed one', async () => {
    const target = new S3FileStore(await s3.newBucket());
    try {
      const first = await migratePhotos(disk, target);
      expect(first).toMatchObject({ found: 3, copied: 3, skipped: 0, failed: [], bytesCopied: 470_000 });
      expect((await target.list('')).map((f) => [f.key, f.size]).sort()).toEqual([
        ['photos/2025/aaa/0-display.jpg', 300_000],
        ['photos/2025/aaa/0-thumb.jpg', 20_000],
        ['photos/2026/bbb/after-0-display.jpg', 150_000],
      ]);
      expect((await target.get('photos/2025/aaa/0-display.jpg'))!.equals(Buffer.alloc(300_000, 1))).toBe(true);

      const again = await migratePhotos(disk, target);
      expect(again).toMatchObject({ found: 3, copied: 0, skipped: 3, failed: [] });
      expect(await target.list('')).toHaveLength(3);

      // A copy cut short by an earlier run has another size: it is copied again.
      await target.put('photos/2025/aaa/0-thumb.jpg', Buffer.alloc(100, 2));
      expect(await migratePhotos(disk, target)).toMatchObject({ copied: 1, skipped: 2, bytesCopied: 20_000 });
      expect((await target.get('photos/2025/aaa/0-thumb.jpg'))!.equals(Buffer.alloc(20_000, 2))).toBe(true);
    } finally {
      target.close();
    }
  });

  it('runs as npm run photos:migrate with the settings, printing the counts, and again without duplicates', async () => {
    const bucketConfig = await s3.newBucket();
    const env = { ...process.env, ...s3.env, S3_BUCKET: bucketConfig.bucket, DATA_DIR: dataDir, LOG_LEVEL: 'silent' };
    const cli = ['tsx', 'src/server/modules/images/photos-migrate-cli.ts'];
    const first = await run('npx', cli, { env });
    expect(first.stdout).toContain('3 files on disk: 3 copied (0.4 MB), 0 already in the bucket, 0 failed.');
    const second = await run('npx', cli, { env });
    expect(second.stdout).toContain('3 files on disk: 0 copied (0.0 MB), 3 already in the bucket, 0 failed.');
    // Without S3_BUCKET it says what to set, and changes nothing.
    const { S3_BUCKET: _bucket, ...withoutBucket } = env;
    const missing = await run('npx', cli, { env: { ...withoutBucket, S3_ENDPOINT: '', S3_REGION: '', S3_ACCESS_KEY_ID: '', S3_SECRET_ACCESS_KEY: '' } }).catch((error: { code: number; stderr: string }) => error);
    expect(missing).toMatchObject({ code: 1, stderr: expect.stringContaining('Set S3_BUCKET') });
  }, 60_000);
});
