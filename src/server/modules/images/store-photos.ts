// Processed photos into the file store, before the database hears of them: a slow store (an S3
// bucket taking its time) must never hold a transaction, and on PGlite the one connection. The
// caller inserts the rows in its transaction and, if anything fails, deletes every key in
// `written`; a crash in between leaves files no row names, which the orphan sweeper removes.
import { randomBytes } from 'node:crypto';
import type { assessmentImages } from '../../db/schema';
import type { FileStore } from './file-store';
import type { ProcessedImage } from './image-process';
import { clientGone } from './photo-work-queue';

/** A stored photo's row, but for the assessment it belongs to. */
export type StoredPhoto = Omit<typeof assessmentImages.$inferInsert, 'assessmentId'>;

export async function storePhotos(
  store: FileStore,
  processed: ProcessedImage[],
  { kind, now, written, signal }: { kind: 'damage' | 'after'; now: Date; written: string[]; signal?: AbortSignal | undefined },
): Promise<StoredPhoto[]> {
  const prefix = `photos/${now.getUTCFullYear()}/${randomBytes(12).toString('hex')}`;
  const name = kind === 'after' ? 'after-' : '';
  const stored: StoredPhoto[] = [];
  for (const [position, photo] of processed.entries()) {
    if (signal?.aborted) throw clientGone(); // nothing more is stored for a client that has gone
    const displayKey = `${prefix}/${name}${position}-display.jpg`;
    const thumbKey = `${prefix}/${name}${position}-thumb.jpg`;
    written.push(displayKey, thumbKey);
    await store.put(displayKey, photo.display.data);
    await store.put(thumbKey, photo.thumb.data);
    stored.push({
      kind,
      position,
      sourceType: photo.sourceType,
      contentType: photo.display.contentType,
      width: photo.display.width,
      height: photo.display.height,
      displayKey,
      displayBytes: photo.display.data.length,
      thumbKey,
      thumbBytes: photo.thumb.data.length,
    });
  }
  return stored;
}
