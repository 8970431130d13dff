// The repairers module owns the repairers table.
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { repairers } from '../../db/schema';

/** D2: the network figure comes from the database, never a hard-coded number. */
export async function countVerifiedRepairers(db: Db): Promise<number> {
  return db.$count(repairers, eq(repairers.isVerified, true));
}
