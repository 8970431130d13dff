import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { customerGrants } from '../../db/schema';

export async function insertGrant(db: Db, tokenHash: string): Promise<number> {
  const [row] = await db.insert(customerGrants).values({ tokenHash }).returning({ id: customerGrants.id });
  return row!.id;
}

export async function findGrantIds(db: Db, tokenHashes: string[]): Promise<number[]> {
  if (tokenHashes.length === 0) return [];
  const rows = await db.select({ id: customerGrants.id }).from(customerGrants).where(inArray(customerGrants.tokenHash, tokenHashes));
  return rows.map((row) => row.id);
}

export async function touchGrant(db: Db, id: number): Promise<void> {
  await db.update(customerGrants).set({ lastUsedAt: new Date() }).where(eq(customerGrants.id, id));
}
