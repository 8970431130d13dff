import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { customerGrants } from '../../db/schema';

export async function insertGrant(db: Db, tokenHash: string, assessmentId: number): Promise<number> {
  const [row] = await db.insert(customerGrants).values({ tokenHash, assessmentId }).returning({ id: customerGrants.id });
  return row!.id;
}

/** The assessments these token hashes open. */
export async function findGrantedAssessmentIds(db: Db, tokenHashes: string[]): Promise<number[]> {
  if (tokenHashes.length === 0) return [];
  const rows = await db
    .select({ assessmentId: customerGrants.assessmentId })
    .from(customerGrants)
    .where(inArray(customerGrants.tokenHash, tokenHashes));
  return [...new Set(rows.map((row) => row.assessmentId))];
}

export async function findGrant(db: Db, tokenHash: string) {
  const [row] = await db.select().from(customerGrants).where(eq(customerGrants.tokenHash, tokenHash));
  return row;
}

export async function touchGrant(db: Db, id: number): Promise<void> {
  await db.update(customerGrants).set({ lastUsedAt: new Date() }).where(eq(customerGrants.id, id));
}
