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

export interface PhotoPlace {
  kind: 'damage' | 'after';
  /** From photoFolder(): one folder per submission, so no two submissions share a key. */
  folder: string;
  /** Every key written is pushed here before its write starts, for the caller to delete on failure. */
  written: string[];
  signal?: AbortSignal | undefined;
}

export function photoFolder(now: Date): string {
  return `photos/${now.getUTCFullYear()}/${randomBytes(12).toString('hex')}`;
}

/**
 * One photo's display size and thumbnail, written side by side. The intake stores each photo as
 * soon as it is processed, while the next ones are decoded, rather than all of them afterwards
 * (issue 36 item 5: two fsynced writes a file, one after another, were the submission's tail).
 */
export async function storePhoto(store: FileStore, photo: ProcessedImage, position: number, { kind, folder, written, signal }: PhotoPlace): Promise<StoredPhoto> {
  if (signal?.aborted) throw clientGone(); // nothing more is stored for a client that has gone
  const name = kind === 'after' ? 'after-' : '';
  const displayKey = `${folder}/${name}${position}-display.jpg`;
  const thumbKey = `${folder}/${name}${position}-thumb.jpg`;
  written.push(displayKey, thumbKey);
  return { kind, position, sourceType: photo.sourceType, ...(await writePhotoFiles(store, photo, displayKey, thumbKey)) };
}

/** A processed photo's display size and thumbnail written side by side at the two keys, answered with the columns every photo row keeps of them. */
export async function writePhotoFiles(store: FileStore, photo: ProcessedImage, displayKey: string, thumbKey: string) {
  await Promise.all([store.put(displayKey, photo.display.data), store.put(thumbKey, photo.thumb.data)]);
  return {
    contentType: photo.display.contentType,
    width: photo.display.width,
    height: photo.display.height,
    displayKey,
    displayBytes: photo.display.data.length,
    thumbKey,
    thumbBytes: photo.thumb.data.length,
  };
}

export async function storePhotos(
  store: FileStore,
  processed: ProcessedImage[],
  { kind, now, written, signal }: { kind: 'damage' | 'after'; now: Date; written: string[]; signal?: AbortSignal | undefined },
): Promise<StoredPhoto[]> {
  const place = { kind, folder: photoFolder(now), written, signal };
  const stored: StoredPhoto[] = [];
  for (const [position, photo] of processed.entries()) stored.push(await storePhoto(store, photo, position, place));
  return stored;
}
