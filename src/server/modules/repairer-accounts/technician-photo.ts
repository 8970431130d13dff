// Issue 37 item 3: the photo a technician shows the customers who book them, on the customers'
// own pipeline (D7: the bytes judged, re-encoded, metadata stripped, a display size and a
// thumbnail kept; the fair photo queue; the file store), and public: technicians choose to show it,
// and the public profile shows it too (docs/decisions/0035-who-is-coming.md).
// Replacing a photo removes the old files once the new row has committed; a failure removes the
// new ones; a crash in between leaves files under photos/ that no row names, which the orphan
// sweeper removes (assessments' photo-sweeper.ts knows this table's keys).
import { randomBytes } from 'node:crypto';
import type { Db } from '../../db/database';
import { conflict, forbidden, notFound } from '../../kernel/errors';
import { repairerAccountMessages } from '../../../shared/api/repairer-accounts';
import { photoRemovalMessages } from '../../../shared/api/technician-applications';
import { recordAudit, type Actor } from '../privacy';
import type { SessionUser } from '../auth';
import { deleteFilesOfGoneRecords, photoFolder, writePhotoFiles, type FileStore, type ProcessedImage } from '../images';
import { lockRepairer } from '../repairers';
import { deleteRepairerPhoto, findRepairerPhoto, saveRepairerPhoto, type RepairerPhotoRow } from './technician-photo.repo';

export interface PhotoContext {
  db: Db;
  store: FileStore;
  log: { warn(details: object, message: string): void };
}

export function ownRepairerId(user: SessionUser): number {
  if (user.role !== 'repairer' || user.repairerId === null) throw forbidden('Only repairers have a profile.');
  return user.repairerId;
}

/** The processed photo stored, then made the repairer's in one transaction (their row locked, so two uploads take turns); the old files go after it commits. */
export async function replaceRepairerPhoto(ctx: PhotoContext, repairerId: number, photo: ProcessedImage, now: Date): Promise<RepairerPhotoRow> {
  const token = randomBytes(16).toString('hex');
  const folder = photoFolder(now);
  const displayKey = `${folder}/technician-display.jpg`;
  const thumbKey = `${folder}/technician-thumb.jpg`;
  const written = [displayKey, thumbKey];
  let old: RepairerPhotoRow | undefined;
  let row: RepairerPhotoRow;
  try {
    // Outside the transaction: a slow store must not hold the repairer's lock (store-photos.ts).
    const files = await writePhotoFiles(ctx.store, photo, displayKey, thumbKey);
    const values = { token, ...files, thumbWidth: photo.thumb.width, thumbHeight: photo.thumb.height, createdAt: now };
    row = await ctx.db.transaction(async (tx) => {
      await lockRepairer(tx, repairerId);
      old = await findRepairerPhoto(tx, repairerId);
      return saveRepairerPhoto(tx, repairerId, values);
    });
  } catch (error) {
    await deleteFilesOfGoneRecords(ctx.store, written, ctx.log);
    throw error;
  }
  if (old) await deleteFilesOfGoneRecords(ctx.store, [old.displayKey, old.thumbKey], ctx.log);
  return row;
}

/**
 * Issue 37: the team takes down a technician's photo (unsuitable), for a stated reason: the row
 * goes and the audit line is written in one transaction under the repairer's lock (404 for no such
 * repairer, 409 when there is no photo), then the files, as the technician's own delete does.
 */
export async function removeRepairerPhotoForTeam(ctx: PhotoContext, repairerId: number, reason: string, actor: Actor): Promise<void> {
  const gone = await ctx.db.transaction(async (tx) => {
    if (!(await lockRepairer(tx, repairerId))) throw notFound(repairerAccountMessages.notFound);
    const row = await deleteRepairerPhoto(tx, repairerId);
    if (!row) throw conflict(photoRemovalMessages.noPhoto);
    await recordAudit(tx, actor, 'repairer_photo_removed', { kind: 'repairer', id: repairerId }, { reason });
    return row;
  });
  await deleteFilesOfGoneRecords(ctx.store, [gone.displayKey, gone.thumbKey], ctx.log);
}

/** The repairer's photo removed, row then files; false when they had none. */
export async function removeRepairerPhoto(ctx: PhotoContext, repairerId: number): Promise<boolean> {
  const gone = await deleteRepairerPhoto(ctx.db, repairerId);
  if (!gone) return false;
  await deleteFilesOfGoneRecords(ctx.store, [gone.displayKey, gone.thumbKey], ctx.log);
  return true;
}
