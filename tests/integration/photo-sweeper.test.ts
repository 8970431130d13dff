// No file is left behind by a crash between writing photos and committing their rows.
import { mkdirSync, utimesSync, writeFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORPHAN_GRACE_MS, sweepOrphanPhotos, sweepStaleUploads } from '../../src/server/modules/assessments';
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

  it('goes on past a file the store will not delete, sweeps the uploads all the same, and fails the run so it is retried', async () => {
    const store = t.app.deps.store;
    const old = new Date(Date.now() - ORPHAN_GRACE_MS - 60_000);
    // The store lists keys in order: the file it refuses to delete comes first.
    const stuck = 'photos/2026/a-stuck/0-display.jpg';
    const orphans = ['photos/2026/b-crashed/0-display.jpg', 'photos/2026/c-crashed/0-thumb.jpg'];
    for (const key of [stuck, ...orphans]) {
      await store.put(key, Buffer.from('orphan'));
      utimesSync(join(t.config.uploadsDir, key), old, old);
    }
    const upload = join(t.config.dataDir, 'tmp', 'upload-left-behind');
    mkdirSync(upload, { recursive: true });
    utimesSync(upload, old, old);
    const remove = store.delete.bind(store);
    store.delete = async (key) => {
      if (key === stuck) throw Object.assign(new Error('EACCES: permission denied'), { code: 'EACCES' });
      return remove(key);
    };
    const run = await t.app.deps.jobs
      .run('sweep-orphan-photos', {})
      .then(() => null, (error: unknown) => error)
      .finally(() => (store.delete = remove));
    const keys = (await store.list('photos/')).map((f) => f.key);
    expect(keys).toContain(stuck);
    for (const key of orphans) expect(keys).not.toContain(key);
    expect(existsSync(upload)).toBe(false);
    expect(run).toMatchObject({ message: expect.stringMatching(/^photo files no record refers to: 1 of the 3 looked at failed, and the others went on; the first: EACCES/) });

    // The retry, the store willing again.
    await t.app.deps.jobs.run('sweep-orphan-photos', {});
    expect((await store.list('photos/')).map((f) => f.key)).not.toContain(stuck);
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
