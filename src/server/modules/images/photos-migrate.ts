// `npm run photos:migrate` (issue 14): copies the photos of the disk store (DATA_DIR/uploads)
// into the bucket named by the S3_ settings. Each file is streamed from disk with its length,
// never read whole. An object already in the bucket with the same size is skipped, so the
// copy can be stopped and run again, or run once more just before switching S3_BUCKET on to
// pick up what arrived meanwhile; nothing on disk is changed or removed.
import { createReadStream } from 'node:fs';
import { join } from 'node:path';
import type { DiskFileStore, FileStore } from './file-store';

export interface MigrationCounts {
  /** Files on disk. */
  found: number;
  copied: number;
  /** Already in the bucket with the same size. */
  skipped: number;
  failed: { key: string; error: string }[];
  bytesCopied: number;
}

export async function migratePhotos(
  source: DiskFileStore,
  target: FileStore,
  options: { concurrency?: number; onProgress?: (counts: MigrationCounts) => void } = {},
): Promise<MigrationCounts> {
  const inTarget = new Map<string, number>();
  for await (const page of target.scan('')) for (const file of page) inTarget.set(file.key, file.size);
  const counts: MigrationCounts = { found: 0, copied: 0, skipped: 0, failed: [], bytesCopied: 0 };
  const queue: { key: string; size: number }[] = [];
  for await (const page of source.scan('')) {
    for (const file of page) {
      counts.found++;
      if (inTarget.get(file.key) === file.size) counts.skipped++;
      else queue.push({ key: file.key, size: file.size });
    }
  }
  // A few uploads at once: a bucket is far away, one at a time leaves the line idle.
  const workers = Array.from({ length: Math.max(1, options.concurrency ?? 4) }, async () => {
    for (let next = queue.shift(); next; next = queue.shift()) {
      try {
        await target.putStream(next.key, createReadStream(join(source.rootDir, ...next.key.split('/'))), next.size);
        counts.copied++;
        counts.bytesCopied += next.size;
      } catch (error) {
        counts.failed.push({ key: next.key, error: error instanceof Error ? error.message : String(error) });
      }
      options.onProgress?.(counts);
    }
  });
  await Promise.all(workers);
  return counts;
}
