// Issue 4: no file is left behind by a crash. Photos are written before the transaction that
// records them commits; a crash in between leaves files no row refers to. The sweeper removes
// such files once they are old enough that no submission can still be writing them.
import { readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { Db } from '../../db/database';
import { referencedPhotoKeys } from './assessments.repo';
import type { FileStore } from '../images';
import { RowFailures, type RowLog } from '../../jobs/row-failures';

export const ORPHAN_GRACE_MS = 60 * 60_000;
const BATCH = 500;

/**
 * Works through the store a page at a time (a bucket lists 1,000 keys a page), so a store of
 * any size is swept without listing it into memory; each page asks the database about its
 * keys in batches of 500. A file the store will not delete is logged on `log` and the sweep goes
 * on (the keys come in order, so it would otherwise stop every run at the same file); then this throws.
 */
export async function sweepOrphanPhotos(db: Db, store: FileStore, now = new Date(), log?: RowLog): Promise<number> {
  const cutoff = now.getTime() - ORPHAN_GRACE_MS;
  const failures = new RowFailures({ what: 'photo files no record refers to', log });
  let removed = 0;
  for await (const page of store.scan('photos/')) {
    const candidates = page.filter((file) => file.modifiedAt.getTime() < cutoff).map((file) => file.key);
    removed += await removeUnreferenced(db, store, candidates, failures);
  }
  failures.throwIfAny();
  return removed;
}

async function removeUnreferenced(db: Db, store: FileStore, candidates: string[], failures: RowFailures): Promise<number> {
  let removed = 0;
  for (let i = 0; i < candidates.length; i += BATCH) {
    const batch = candidates.slice(i, i + BATCH);
    const referenced = await referencedPhotoKeys(db, batch);
    for (const key of batch) {
      if (referenced.has(key)) continue;
      // A photo's key is random (photos/<year>/<random hex>/…, store-photos.ts): it names no one.
      if (await failures.attempt({ key }, async () => (await store.delete(key), true))) removed++;
    }
  }
  return removed;
}

/** Upload folders left by a crash mid-request (they are removed on every normal path); one that cannot be removed is logged and the others still are. */
export async function sweepStaleUploads(tmpRoot: string, now = new Date(), log?: RowLog): Promise<number> {
  let entries: string[];
  try {
    entries = await readdir(tmpRoot);
  } catch {
    return 0;
  }
  const failures = new RowFailures({ what: 'stale upload folders', log });
  let removed = 0;
  for (const entry of entries) {
    const path = join(tmpRoot, entry);
    const info = await stat(path).catch(() => null);
    if (info && now.getTime() - info.mtimeMs > ORPHAN_GRACE_MS) {
      if (await failures.attempt({ upload: entry }, async () => (await rm(path, { recursive: true, force: true }), true))) removed++;
    }
  }
  failures.throwIfAny();
  return removed;
}
