// Issue 4: no file is left behind by a crash. Photos are written before the transaction that
// records them commits; a crash in between leaves files no row refers to. The sweeper removes
// such files once they are old enough that no submission can still be writing them.
import { readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { inArray, or } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { assessmentImages } from '../../db/schema';
import type { FileStore } from '../images/file-store';

export const ORPHAN_GRACE_MS = 60 * 60_000;
const BATCH = 500;

/**
 * Works through the store a page at a time (a bucket lists 1,000 keys a page), so a store of
 * any size is swept without listing it into memory; each page asks the database about its
 * keys in batches of 500.
 */
export async function sweepOrphanPhotos(db: Db, store: FileStore, now = new Date()): Promise<number> {
  const cutoff = now.getTime() - ORPHAN_GRACE_MS;
  let removed = 0;
  for await (const page of store.scan('photos/')) {
    const candidates = page.filter((file) => file.modifiedAt.getTime() < cutoff).map((file) => file.key);
    removed += await removeUnreferenced(db, store, candidates);
  }
  return removed;
}

async function removeUnreferenced(db: Db, store: FileStore, candidates: string[]): Promise<number> {
  let removed = 0;
  for (let i = 0; i < candidates.length; i += BATCH) {
    const batch = candidates.slice(i, i + BATCH);
    const rows = await db
      .select({ display: assessmentImages.displayKey, thumb: assessmentImages.thumbKey })
      .from(assessmentImages)
      .where(or(inArray(assessmentImages.displayKey, batch), inArray(assessmentImages.thumbKey, batch)));
    const referenced = new Set(rows.flatMap((row) => [row.display, row.thumb]));
    for (const key of batch) {
      if (referenced.has(key)) continue;
      await store.delete(key);
      removed++;
    }
  }
  return removed;
}

/** Upload folders left by a crash mid-request (they are removed on every normal path). */
export async function sweepStaleUploads(tmpRoot: string, now = new Date()): Promise<number> {
  let entries: string[];
  try {
    entries = await readdir(tmpRoot);
  } catch {
    return 0;
  }
  let removed = 0;
  for (const entry of entries) {
    const path = join(tmpRoot, entry);
    const info = await stat(path).catch(() => null);
    if (info && now.getTime() - info.mtimeMs > ORPHAN_GRACE_MS) {
      await rm(path, { recursive: true, force: true });
      removed++;
    }
  }
  return removed;
}
