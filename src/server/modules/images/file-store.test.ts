// The file store's contract, run against both stores: DiskFileStore (DATA_DIR/uploads) and
// S3FileStore against s3rver, a real S3 API on 127.0.0.1 started here (issue 14). What only
// the disk can get wrong (temporary files, paths outside the root) is tested on the disk alone.
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { buffer as readAll } from 'node:stream/consumers';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startLocalS3, type LocalS3 } from '../../../../tests/helpers/s3';
import { DiskFileStore, InvalidFileKeyError, listAll, type FileStore } from './file-store';
import { S3FileStore } from './s3-file-store';

let root: string;
let disk: DiskFileStore;
let s3: LocalS3;

beforeAll(async () => {
  s3 = await startLocalS3();
}, 30_000);
afterAll(() => s3?.close());

beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'autorevive-files-'));
  disk = new DiskFileStore(join(root, 'uploads'));
});
afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

const keysOf = async (store: FileStore) => (await store.list('')).map((file) => file.key).sort();

// s3rver writes an object in place, so a read during a write can meet part of it; S3 itself
// replaces objects atomically. That one promise is checked on the disk store only.
const stores: [string, () => Promise<FileStore>, { atomicReplace: boolean }][] = [
  ['DiskFileStore', async () => disk, { atomicReplace: true }],
  // A bucket of its own per test; pages of 3 keys so listing crosses pages with a handful.
  ['S3FileStore', async () => new S3FileStore(await s3.newBucket(), { pageSize: 3 }), { atomicReplace: false }],
];

describe.each(stores)('%s keeps the file store contract', (_name, makeStore, { atomicReplace }) => {
  let store: FileStore;
  beforeEach(async () => {
    store = await makeStore();
  });
  afterEach(() => store.close?.());

  it('stores, reads, streams and deletes a file', async () => {
    const key = 'assessments/ab/abcdef.jpg';
    const data = Buffer.from('jpeg bytes');
    await store.put(key, data);
    expect(await store.get(key)).toEqual(data);
    const stream = await store.stream(key);
    expect(stream).not.toBeNull();
    expect(await readAll(stream!)).toEqual(data);
    expect(await keysOf(store)).toEqual([key]);
    await store.delete(key);
    expect(await store.get(key)).toBeNull();
    expect(await store.stream(key)).toBeNull();
    expect(await keysOf(store)).toEqual([]);
  });

  it('treats a missing key as absent, and deleting it twice as fine', async () => {
    expect(await store.get('assessments/zz/missing.jpg')).toBeNull();
    expect(await store.stream('assessments/zz/missing.jpg')).toBeNull();
    await store.put('a/b.jpg', Buffer.from('x'));
    await store.delete('a/b.jpg');
    await expect(store.delete('a/b.jpg')).resolves.toBeUndefined();
    await expect(store.delete('never/was.jpg')).resolves.toBeUndefined();
    expect(await keysOf(store)).toEqual([]);
  });

  it('replaces a file whole', async () => {
    await store.put('photos/1.jpg', Buffer.from('first version'));
    await store.put('photos/1.jpg', Buffer.from('second'));
    expect((await store.get('photos/1.jpg'))?.toString()).toBe('second');
    expect(await keysOf(store)).toEqual(['photos/1.jpg']);
  });

  it.runIf(atomicReplace)('lets readers see the old or the new file during a write, never a part of one', async () => {
    const oldData = Buffer.alloc(1024 * 1024, 0x61);
    const newData = Buffer.alloc(1536 * 1024, 0x62);
    await store.put('big/photo.jpg', oldData);
    let writing = true;
    const write = store.put('big/photo.jpg', newData).finally(() => (writing = false));
    const seen: string[] = [];
    while (writing) {
      const read = await store.get('big/photo.jpg');
      seen.push(read === null ? 'missing' : read.equals(oldData) ? 'old' : read.equals(newData) ? 'new' : 'torn');
      await new Promise((resolve) => setTimeout(resolve, 1));
    }
    await write;
    expect(seen.filter((state) => state !== 'old' && state !== 'new')).toEqual([]);
    // Buffer.equals, because a deep toEqual over megabytes takes seconds.
    expect((await store.get('big/photo.jpg'))?.equals(newData)).toBe(true);
    expect(await keysOf(store)).toEqual(['big/photo.jpg']);
  });

  it('ends concurrent writes to one key with one whole version and no leftovers', async () => {
    const versions = Array.from({ length: 8 }, (_, i) => Buffer.alloc(256 * 1024, 0x30 + i));
    await Promise.all(versions.map((v) => store.put('race/photo.jpg', v)));
    const final = await store.get('race/photo.jpg');
    // Whole: S3 replaces an object atomically, but s3rver writes in place, so two of its writes
    // to one key can interleave (CI met one). As above, that promise is the disk store's to prove.
    if (atomicReplace) expect(versions.some((v) => v.equals(final!))).toBe(true);
    expect(final).toHaveLength(256 * 1024);
    expect(await keysOf(store)).toEqual(['race/photo.jpg']);
  });

  it('stores a stream of the length announced, and nothing from one that ends short or runs long', async () => {
    // Chunks as a file read would give them: never one buffer of the whole.
    const chunks = (count: number) => Readable.from(Array.from({ length: count }, (_, i) => Buffer.alloc(64 * 1024, 0x41 + i)));
    await store.putStream('streamed/whole.jpg', chunks(5), 5 * 64 * 1024);
    const whole = await store.get('streamed/whole.jpg');
    expect(whole?.length).toBe(5 * 64 * 1024);
    expect([whole![0], whole![whole!.length - 1]]).toEqual([0x41, 0x45]);
    await expect(store.putStream('streamed/short.jpg', chunks(2), 3 * 64 * 1024)).rejects.toThrow(/ended after 131072 of 196608 bytes/);
    await expect(store.putStream('streamed/long.jpg', chunks(4), 3 * 64 * 1024)).rejects.toThrow(/longer than the 196608 bytes/);
    expect(await keysOf(store)).toEqual(['streamed/whole.jpg']);
  });

  it('lists keys under a prefix with their sizes and times, a page at a time, across pages', async () => {
    const before = Date.now() - 2000; // S3 times are whole seconds
    for (let i = 0; i < 7; i++) await store.put(`photos/2026/p${i}.jpg`, Buffer.alloc(i + 1, 1));
    await store.put('other/x.jpg', Buffer.from('not under the prefix'));
    const pages = [];
    for await (const page of store.scan('photos/')) pages.push(page);
    const files = pages.flat().sort((a, b) => a.key.localeCompare(b.key));
    expect(files.map((f) => [f.key, f.size])).toEqual(Array.from({ length: 7 }, (_, i) => [`photos/2026/p${i}.jpg`, i + 1]));
    expect(files.every((f) => f.modifiedAt.getTime() >= before && f.modifiedAt.getTime() <= Date.now() + 1000)).toBe(true);
    expect((await listAll(store.scan('photos/'))).length).toBe(7);
    expect(await store.list('nothing-here/')).toEqual([]);
  });

  it.each([
    '../outside.jpg',
    'assessments/../../outside.jpg',
    'assessments/./x.jpg',
    '..',
    '/etc/passwd',
    '/tmp/x.jpg',
    'C:/Windows/x.jpg',
    'assessments\\..\\x.jpg',
    'assessments//x.jpg',
    'assessments/x.jpg/',
    '.hidden.jpg',
    'assessments/.abc.tmp',
    'nul\0byte.jpg',
    'spaces in name.jpg',
    '',
    'a/'.repeat(300) + 'x.jpg',
  ])('refuses the key %j for every operation', async (key) => {
    await expect(store.put(key, Buffer.from('x'))).rejects.toBeInstanceOf(InvalidFileKeyError);
    await expect(store.putStream(key, Readable.from([Buffer.from('x')]), 1)).rejects.toBeInstanceOf(InvalidFileKeyError);
    await expect(store.get(key)).rejects.toBeInstanceOf(InvalidFileKeyError);
    await expect(store.stream(key)).rejects.toBeInstanceOf(InvalidFileKeyError);
    await expect(store.delete(key)).rejects.toBeInstanceOf(InvalidFileKeyError);
  });
});

describe('S3FileStore', () => {
  it('answers a missing bucket with an error, not with "no such photo"', async () => {
    const store = new S3FileStore(s3.config('no-such-bucket'));
    try {
      await expect(store.get('photos/x.jpg')).rejects.toMatchObject({ name: 'NoSuchBucket' });
    } finally {
      store.close();
    }
  });
});

describe('DiskFileStore', () => {
  let store: DiskFileStore;
  beforeEach(() => {
    store = disk;
  });

  it('leaves no temporary file behind after replacing or streaming a file', async () => {
    await store.put('photos/1.jpg', Buffer.from('first version'));
    await store.put('photos/1.jpg', Buffer.from('second'));
    await expect(store.putStream('photos/2.jpg', Readable.from([Buffer.from('ab')]), 3)).rejects.toThrow();
    expect(await store.listKeys()).toEqual(['photos/1.jpg']);
  });

  it('removes its temporary file when a write fails', async () => {
    // A directory where the file should go makes the final rename fail.
    await mkdir(join(store.rootDir, 'clash', 'photo.jpg', 'inner'), { recursive: true });
    await expect(store.put('clash/photo.jpg', Buffer.from('x'))).rejects.toThrow();
    expect(await readdir(join(store.rootDir, 'clash'))).toEqual(['photo.jpg']);
    expect(await store.listKeys()).toEqual([]);
  });

  it('never writes outside its root', async () => {
    await writeFile(join(root, 'outside.jpg'), 'keep me');
    await expect(store.put('../outside.jpg', Buffer.from('overwrite'))).rejects.toThrow();
    await expect(store.delete('../outside.jpg')).rejects.toThrow();
    expect(await readdir(root)).toEqual(['outside.jpg']);
  });

  it('lists nothing for a root that does not exist yet', async () => {
    expect(await new DiskFileStore(join(root, 'not-yet')).listKeys()).toEqual([]);
  });
});
