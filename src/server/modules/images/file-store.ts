// Photos live in a file store (ARCHITECTURE: ./data/uploads by default, an S3-compatible bucket
// at scale). Keys are ours, never a customer's file name, and D10 says photos are personal
// data, so a key that could reach outside the store's root is refused outright.
// Two stores: DiskFileStore here, S3FileStore (s3-file-store.ts) when S3_BUCKET is set.
import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, open, readdir, readFile, rename, rm, stat, unlink } from 'node:fs/promises';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { FileStore, StoredFile } from '../../kernel/ports';

export type { FileStore, StoredFile };



/** Collects a scan (tests and small stores). */
export async function listAll(pages: AsyncIterable<StoredFile[]>): Promise<StoredFile[]> {
  const files: StoredFile[] = [];
  for await (const page of pages) files.push(...page);
  return files;
}

export class InvalidFileKeyError extends Error {
  constructor(readonly key: string) {
    super(`Invalid file store key: ${JSON.stringify(key)}`);
    this.name = 'InvalidFileKeyError';
  }
}

// Slash-separated segments of letters, digits, '.', '_' and '-', none starting with a dot:
// so no '..', no absolute path, no backslash or drive letter, and no clash with our '.tmp' files.
const KEY_SEGMENT = /^[A-Za-z0-9_-][A-Za-z0-9._-]{0,127}$/;
const MAX_KEY_LENGTH = 512;

export function assertValidKey(key: string): void {
  if (typeof key !== 'string' || key.length === 0 || key.length > MAX_KEY_LENGTH) throw new InvalidFileKeyError(key);
  if (!key.split('/').every((segment) => KEY_SEGMENT.test(segment))) throw new InvalidFileKeyError(key);
}

export class DiskFileStore implements FileStore {
  readonly rootDir: string;

  constructor(rootDir: string) {
    this.rootDir = resolve(rootDir);
  }

  async put(key: string, data: Buffer): Promise<void> {
    await this.#writeAtomically(key, async (temp) => {
      const handle = await open(temp, 'wx', 0o640);
      try {
        await handle.writeFile(data);
        await handle.sync();
      } finally {
        await handle.close();
      }
    });
  }

  async putStream(key: string, data: NodeJS.ReadableStream, byteLength: number): Promise<void> {
    await this.#writeAtomically(key, async (temp) => {
      let written = 0;
      await pipeline(
        data,
        async function* (source: AsyncIterable<string | Buffer>) {
          for await (const item of source) {
            const chunk = typeof item === 'string' ? Buffer.from(item) : item;
            written += chunk.length;
            if (written > byteLength) throw new Error(`The stream for ${key} is longer than the ${byteLength} bytes announced`);
            yield chunk;
          }
        },
        createWriteStream(temp, { flags: 'wx', mode: 0o640 }),
      );
      if (written !== byteLength) throw new Error(`The stream for ${key} ended after ${written} of ${byteLength} bytes`);
      const handle = await open(temp, 'r+');
      try {
        await handle.sync();
      } finally {
        await handle.close();
      }
    });
  }

  /**
   * Writes beside the target (write: fill and flush the temporary file), then renames: rename
   * within one directory is atomic, so a crash or a concurrent reader never meets a half-written
   * photo, and a failed write leaves nothing behind.
   */
  async #writeAtomically(key: string, write: (temp: string) => Promise<void>): Promise<void> {
    const target = this.#pathFor(key);
    const dir = dirname(target);
    await mkdir(dir, { recursive: true });
    const temp = join(dir, `.${randomUUID()}.tmp`);
    try {
      await write(temp);
      await rename(temp, target);
    } catch (error) {
      await rm(temp, { force: true });
      throw error;
    }
    await syncDirectory(dir);
  }

  async get(key: string): Promise<Buffer | null> {
    try {
      return await readFile(this.#pathFor(key));
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async stream(key: string): Promise<NodeJS.ReadableStream | null> {
    // Open first, so a missing file is a null here rather than an error mid-response, and a
    // delete after this point cannot cut the stream short (the open descriptor keeps the data).
    let handle;
    try {
      handle = await open(this.#pathFor(key), 'r');
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
    return handle.createReadStream();
  }

  async delete(key: string): Promise<void> {
    try {
      await unlink(this.#pathFor(key));
    } catch (error) {
      if (!isMissing(error)) throw error;
    }
  }

  async list(prefix: string): Promise<StoredFile[]> {
    return listAll(this.scan(prefix));
  }

  /** Pages of up to 1,000 files; the names come from one directory walk, the sizes a page at a time. */
  async *scan(prefix: string): AsyncIterable<StoredFile[]> {
    const keys = (await this.listKeys()).filter((key) => key.startsWith(prefix) && !key.split('/').some((segment) => segment.startsWith('.')));
    for (let i = 0; i < keys.length; i += 1000) {
      const page: StoredFile[] = [];
      for (const key of keys.slice(i, i + 1000)) {
        try {
          const info = await stat(this.#pathFor(key));
          page.push({ key, modifiedAt: info.mtime, size: info.size });
        } catch (error) {
          if (!isMissing(error)) throw error;
        }
      }
      if (page.length > 0) yield page;
    }
  }

  /** Every file under the root, temporary ones included, as sorted '/'-separated paths. */
  async listKeys(): Promise<string[]> {
    let entries;
    try {
      entries = await readdir(this.rootDir, { recursive: true, withFileTypes: true });
    } catch (error) {
      if (isMissing(error)) return [];
      throw error;
    }
    return entries
      .filter((entry) => entry.isFile())
      .map((entry) => relative(this.rootDir, join(entry.parentPath, entry.name)).split(sep).join('/'))
      .sort();
  }

  #pathFor(key: string): string {
    assertValidKey(key);
    const path = resolve(this.rootDir, ...key.split('/'));
    // Belt and braces: the key rules already keep every path inside the root.
    if (!path.startsWith(this.rootDir + sep)) throw new InvalidFileKeyError(key);
    return path;
  }
}

/** Makes the rename itself durable. Some platforms cannot fsync a directory; that is fine. */
async function syncDirectory(dir: string): Promise<void> {
  try {
    const handle = await open(dir, 'r');
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
  } catch {
    // Best effort only (Windows cannot open a directory for fsync).
  }
}

/**
 * Deletes the files of records that are gone (after their transaction commits). A file that
 * cannot be deleted now is logged and left: the orphan sweeper removes it later.
 */
export async function deleteFilesOfGoneRecords(store: FileStore, keys: readonly string[], log: { warn(details: object, message: string): void }): Promise<void> {
  await Promise.all(keys.map((key) => store.delete(key).catch((error: unknown) => log.warn({ err: error, key }, 'photo file left behind; the sweeper removes it'))));
}

function isMissing(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  return code === 'ENOENT' || code === 'ENOTDIR' || code === 'EISDIR';
}
