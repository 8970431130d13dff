import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buffer as readAll } from 'node:stream/consumers';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DiskFileStore, InvalidFileKeyError } from './file-store';

let root: string;
let store: DiskFileStore;

beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'autorevive-files-'));
  store = new DiskFileStore(join(root, 'uploads'));
});
afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

describe('DiskFileStore', () => {
  it('stores, reads, streams and deletes a file, creating folders as needed', async () => {
    const key = 'assessments/ab/abcdef.jpg';
    const data = Buffer.from('jpeg bytes');
    await store.put(key, data);
    expect(await store.get(key)).toEqual(data);
    const stream = await store.stream(key);
    expect(stream).not.toBeNull();
    expect(await readAll(stream!)).toEqual(data);
    expect(await store.listKeys()).toEqual([key]);
    await store.delete(key);
    expect(await store.get(key)).toBeNull();
    expect(await store.stream(key)).toBeNull();
    expect(await store.listKeys()).toEqual([]);
  });

  it('treats a missing key as absent, and deleting it twice as fine', async () => {
    expect(await store.get('assessments/zz/missing.jpg')).toBeNull();
    expect(await store.stream('assessments/zz/missing.jpg')).toBeNull();
    await store.put('a/b.jpg', Buffer.from('x'));
    await store.delete('a/b.jpg');
    await expect(store.delete('a/b.jpg')).resolves.toBeUndefined();
    await expect(store.delete('never/was.jpg')).resolves.toBeUndefined();
    expect(await store.listKeys()).toEqual([]);
  });

  it('replaces a file whole, leaving no temporary file behind', async () => {
    await store.put('photos/1.jpg', Buffer.from('first version'));
    await store.put('photos/1.jpg', Buffer.from('second'));
    expect((await store.get('photos/1.jpg'))?.toString()).toBe('second');
    expect(await store.listKeys()).toEqual(['photos/1.jpg']);
  });

  it('lets readers see the old or the new file during a write, never a part of one', async () => {
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
    expect(await store.listKeys()).toEqual(['big/photo.jpg']);
  });

  it('ends concurrent writes to one key with one whole version and no leftovers', async () => {
    const versions = Array.from({ length: 8 }, (_, i) => Buffer.alloc(256 * 1024, 0x30 + i));
    await Promise.all(versions.map((v) => store.put('race/photo.jpg', v)));
    const final = await store.get('race/photo.jpg');
    expect(versions.some((v) => v.equals(final!))).toBe(true);
    expect(await store.listKeys()).toEqual(['race/photo.jpg']);
  });

  it('removes its temporary file when a write fails', async () => {
    // A directory where the file should go makes the final rename fail.
    await mkdir(join(store.rootDir, 'clash', 'photo.jpg', 'inner'), { recursive: true });
    await expect(store.put('clash/photo.jpg', Buffer.from('x'))).rejects.toThrow();
    expect(await readdir(join(store.rootDir, 'clash'))).toEqual(['photo.jpg']);
    expect(await store.listKeys()).toEqual([]);
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
    await expect(store.get(key)).rejects.toBeInstanceOf(InvalidFileKeyError);
    await expect(store.stream(key)).rejects.toBeInstanceOf(InvalidFileKeyError);
    await expect(store.delete(key)).rejects.toBeInstanceOf(InvalidFileKeyError);
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
