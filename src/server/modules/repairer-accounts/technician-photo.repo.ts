// Issue 37 item 3: a technician's photo row (repairer_photos, one per technician); the files are
// the service's (technician-photo.ts).
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { repairerPhotos } from '../../db/schema';

export type RepairerPhotoRow = typeof repairerPhotos.$inferSelect;
export type RepairerPhotoValues = Omit<typeof repairerPhotos.$inferInsert, 'repairerId'>;

export async function findRepairerPhoto(db: Db, repairerId: number): Promise<RepairerPhotoRow | undefined> {
  const [row] = await db.select().from(repairerPhotos).where(eq(repairerPhotos.repairerId, repairerId));
  return row;
}

export async function findPhotoByToken(db: Db, token: string): Promise<RepairerPhotoRow | undefined> {
  const [row] = await db.select().from(repairerPhotos).where(eq(repairerPhotos.token, token));
  return row;
}

/** The repairer's photo row, made or replaced. */
export async function saveRepairerPhoto(tx: Db, repairerId: number, values: RepairerPhotoValues): Promise<RepairerPhotoRow> {
  const [saved] = await tx.insert(repairerPhotos).values({ repairerId, ...values }).onConflictDoUpdate({ target: repairerPhotos.repairerId, set: values }).returning();
  return saved!;
}

/** The row removed; undefined when there was none. */
export async function deleteRepairerPhoto(db: Db, repairerId: number): Promise<RepairerPhotoRow | undefined> {
  const [gone] = await db.delete(repairerPhotos).where(eq(repairerPhotos.repairerId, repairerId)).returning();
  return gone;
}
