// No file is left behind by a crash between writing photos and committing their rows.
import { mkdirSync, utimesSync, writeFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORPHAN_GRACE_MS, sweepOrphanPhotos, sweepStaleUploads } from '../../src/server/modules/assessments/photo-sweeper';
import { createTestApp, type TestApp } from '../helpers/app';
import { jpegPhoto } from '../helpers/images';
import { multipartBody, validDetails } from '../helpers/multipart';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('orphan sweeper', () => {
  it('removes old files no row refers to, and keeps recorded photos and recent writes', async () => {
    const { body, headers } = multipartBody(validDetails, [{ filename: 'a.jpg', contentType: 'image/jpeg', data: await jpegPhoto(400, 300) }]);
    expect((await t.app.inject({ method: 'POST', url: '/api/assessments', payload: body, headers })).statusCode).toBe(201);
    const store = t.app.deps.store;
    await store.put('photos/2026/crashed/0-display.jpg', Buffer.from('orphan'));
    await store.put('photos/2026/in-flight/0-display.jpg', Buffer.from('being written now'));
    const later = new Date(Date.now() + ORPHAN_GRACE_MS + 60_000);
    // Make the in-flight file look fresh at the sweep time; everything else is "old".
    const inFlight = join(t.config.uploadsDir, 'photos/2026/in-flight/0-display.jpg');
    utimesSync(inFlight, later, later);

    expect(await sweepOrphanPhotos(t.database.db, store, later)).toBe(1);
    const keys = (await store.list('photos/')).map((f) => f.key);
    expect(keys).not.toContain('photos/2026/crashed/0-display.jpg');
    expect(keys).toContain('photos/2026/in-flight/0-display.jpg');
    expect(keys.filter((k) => !k.includes('in-flight'))).toHaveLength(2); // the real photo's two sizes
  });

  it('removes upload folders left by a crash mid-request, once they are old', async () => {
    const tmpRoot = join(t.config.dataDir, 'tmp');
    mkdirSync(join(tmpRoot, 'upload-crashed'), { recursive: true });
    writeFileSync(join(tmpRoot, 'upload-crashed', 'photo-0'), 'partial');
    expect(await sweepStaleUploads(tmpRoot, new Date())).toBe(0);
    expect(await sweepStaleUploads(tmpRoot, new Date(Date.now() + ORPHAN_GRACE_MS + 1000))).toBe(1);
    expect(existsSync(join(tmpRoot, 'upload-crashed'))).toBe(false);
  });
});
