// The coverage_requests table's reads and writes (issue 35 item 3), and the team's demand
// without supply. Coverage itself is repairers/coverage.repo's one SQL rule, read, never stored.
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Database, Db } from '../../db/database';
import { assessments, coverageRequests } from '../../db/schema';
import { coveredSql } from '../repairers';

const assessmentCovered = sql<boolean>`${sql.raw(coveredSql('"assessments"'))}`;

/** Records the enquiry's request; false when it was already recorded (one per enquiry). */
export async function insertCoverageRequest(db: Db, assessmentId: number): Promise<boolean> {
  const rows = await db.insert(coverageRequests).values({ assessmentId }).onConflictDoNothing({ target: coverageRequests.assessmentId }).returning({ id: coverageRequests.id });
  return rows.length > 0;
}

export async function findCoverageRequest(db: Db, assessmentId: number) {
  const [row] = await db.select().from(coverageRequests).where(eq(coverageRequests.assessmentId, assessmentId));
  return row;
}

/** Requests still waiting whose enquiry a verified technician now covers, the oldest first, after `afterId`. */
export async function waitingNowCovered(db: Db, afterId: number, limit: number): Promise<{ id: number; assessmentId: number }[]> {
  return db
    .select({ id: coverageRequests.id, assessmentId: coverageRequests.assessmentId })
    .from(coverageRequests)
    .innerJoin(assessments, eq(assessments.id, coverageRequests.assessmentId))
    .where(and(isNull(coverageRequests.notifiedAt), sql`${coverageRequests.id} > ${afterId}`, isNull(assessments.erasedAt), sql`${assessments.status} <> 'withdrawn'`, assessmentCovered))
    .orderBy(asc(coverageRequests.id))
    .limit(limit);
}

/** Claims the request for its one e-mail: true only for the first claim (in the e-mail's transaction). */
export async function claimCoverageNotice(tx: Db, id: number, now: Date): Promise<boolean> {
  const rows = await tx
    .update(coverageRequests)
    .set({ notifiedAt: now })
    .where(and(eq(coverageRequests.id, id), isNull(coverageRequests.notifiedAt)))
    .returning({ id: coverageRequests.id });
  return rows.length > 0;
}

export interface DemandRowRead {
  district: string;
  damageType: string;
  enquiries: number;
  waiting: number;
  latestAt: Date;
}

// Enquiries no verified technician covers now, by postcode district and damage type: not erased,
// not withdrawn, not already booked and paid. The most enquiries first, then the newest.
const DEMAND_SQL = `SELECT split_part(a.postcode, ' ', 1) AS district, a.damage_type AS "damageType",
  count(*)::int AS enquiries,
  count(c.id) FILTER (WHERE c.notified_at IS NULL)::int AS waiting,
  max(a.created_at) AS "latestAt"
FROM assessments a LEFT JOIN coverage_requests c ON c.assessment_id = a.id
WHERE a.erased_at IS NULL AND a.status <> 'withdrawn'
  AND NOT EXISTS (SELECT 1 FROM quotes q WHERE q.assessment_id = a.id AND q.status = 'booked')
  AND NOT ${coveredSql('a')}
GROUP BY 1, 2
ORDER BY enquiries DESC, "latestAt" DESC, district, "damageType"
LIMIT $1`;

export async function readDemand(database: Database, limit: number): Promise<DemandRowRead[]> {
  const { rows } = await database.executeSql(DEMAND_SQL, [limit]);
  return rows.map((row) => ({
    district: String(row.district),
    damageType: String(row.damageType),
    enquiries: Number(row.enquiries),
    waiting: Number(row.waiting),
    latestAt: row.latestAt instanceof Date ? row.latestAt : new Date(String(row.latestAt)),
  }));
}
