import { eq } from 'drizzle-orm';
import type { Database, Db } from '../../db/database';
import { customerGrants } from '../../db/schema';

export async function insertGrant(db: Db, tokenHash: string, assessmentId: number): Promise<number> {
  const [row] = await db.insert(customerGrants).values({ tokenHash, assessmentId }).returning({ id: customerGrants.id });
  return row!.id;
}

/** The assessments these token hashes open. */
export async function findGrantedAssessmentIds(database: Database, tokenHashes: string[]): Promise<number[]> {
  if (tokenHashes.length === 0) return [];
  const rows = await database.statement<{ assessmentId: number }>('granted_assessments', GRANTED_SQL).run([tokenHashes]);
  return rows.map((row) => row.assessmentId);
}

// Every customer read asks, so this is a prepared statement (issue 9).
const GRANTED_SQL = `SELECT DISTINCT assessment_id AS "assessmentId" FROM customer_grants WHERE token_hash = ANY($1::text[])`;

/** SQL: whether one of the token hashes `hashes` (a text[] expression) opens the assessment `assessmentId`: the grant check inside the one-statement reads. */
export function grantHeldSql(assessmentId: string, hashes: string): string {
  return `EXISTS (SELECT 1 FROM customer_grants g WHERE g.assessment_id = ${assessmentId} AND g.token_hash = ANY(${hashes}))`;
}

/** How many grants open this assessment. */
export async function countGrantsOf(db: Db, assessmentId: number): Promise<number> {
  return db.$count(customerGrants, eq(customerGrants.assessmentId, assessmentId));
}

export async function findGrant(db: Db, tokenHash: string) {
  const [row] = await db.select().from(customerGrants).where(eq(customerGrants.tokenHash, tokenHash));
  return row;
}

export async function touchGrant(db: Db, id: number): Promise<void> {
  await db.update(customerGrants).set({ lastUsedAt: new Date() }).where(eq(customerGrants.id, id));
}
