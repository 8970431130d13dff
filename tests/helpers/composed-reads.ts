// The composed reads that issue 9 replaced: several drizzle queries stitched together in
// JavaScript, as the routes answered before. They are the straightforward references that
// tests/integration/one-statement-reads.test.ts compares the one-statement reads against, so
// they live here, not in src.
import { and, asc, desc, eq, or, sql, type SQL } from 'drizzle-orm';
import type { AssessmentView } from '../../src/shared/api/assessments';
import type { Db } from '../../src/server/db/database';
import { appointments, assessments, jobNotifications, quoteModificationRequests, quotes } from '../../src/server/db/schema';
import { cardsFor } from '../../src/server/modules/admin/admin-desk';
import { viewsOf } from '../../src/server/modules/assessments/assessment-reads';
import type { DeskFilter } from '../../src/server/modules/quotes/quotes.repo';
import { jobsQuery, type JobRecord } from '../../src/server/modules/repairer-jobs/repairer-jobs.repo';

/** GET /api/assessments (admins), composed: a page, the newest first, with the total (readAssessmentsPageForAdmin). */
export async function listAssessmentsForAdmin(db: Db, page = 1, pageSize = 50): Promise<{ views: AssessmentView[]; total: number }> {
  const [rows, total] = await Promise.all([
    db
      .select()
      .from(assessments)
      .orderBy(desc(assessments.createdAt), desc(assessments.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.$count(assessments),
  ]);
  return { views: await viewsOf(db, rows, 'admin'), total };
}

function deskCondition(filter: DeskFilter): SQL | undefined {
  const openRequest = sql`${quotes.id} IN (SELECT ${quoteModificationRequests.quoteId} FROM ${quoteModificationRequests} WHERE ${quoteModificationRequests.answeredAt} IS NULL)`;
  if (filter === 'needs-attention') return or(eq(quotes.status, 'pending'), and(eq(quotes.status, 'approved'), openRequest));
  return eq(quotes.status, filter);
}

/** GET /api/admin/quotes, composed (readDeskPage): the oldest waiting first for work still to do, the newest first otherwise. */
export async function deskList(db: Db, filter: DeskFilter, page: number, pageSize: number) {
  const where = deskCondition(filter);
  const order = filter === 'needs-attention' || filter === 'pending' ? [asc(quotes.createdAt), asc(quotes.id)] : [desc(quotes.createdAt), desc(quotes.id)];
  const [rows, total] = await Promise.all([
    db
      .select()
      .from(quotes)
      .where(where)
      .orderBy(...order)
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.$count(quotes, where),
  ]);
  return { items: await cardsFor(db, rows), total, page, pageSize };
}

/** GET /api/repairer/{id}/jobs, composed (readJobsOfRepairer): newest first, open, accepted, and declined and expired since `since`. */
export async function jobsOfRepairer(db: Db, repairerId: number, since: Date): Promise<JobRecord[]> {
  return jobsQuery(db)
    .where(
      and(
        eq(jobNotifications.repairerId, repairerId),
        sql`(${jobNotifications.status} IN ('sent', 'viewed', 'accepted') OR ${jobNotifications.sentAt} >= ${since})`,
      ),
    )
    .orderBy(desc(jobNotifications.sentAt), desc(jobNotifications.id))
    .limit(200);
}

/** GET /api/admin/jobs-to-dispatch's list, composed (readJobsToDispatch): paid bookings without a technician, soonest first, with the offers still open. */
export async function jobsToDispatch(db: Db, now: Date) {
  const openOffers = sql<number>`(SELECT count(*)::int FROM ${jobNotifications} n WHERE n.quote_id = ${quotes.id} AND n.status IN ('sent', 'viewed') AND n.expires_at > ${now})`;
  const rows = await db
    .select({
      quoteId: quotes.id,
      assessmentId: assessments.id,
      reference: assessments.reference,
      appointmentId: appointments.id,
      appointmentDate: appointments.appointmentDate,
      timeSlot: appointments.timeSlot,
      damageType: assessments.damageType,
      address: assessments.address,
      city: assessments.city,
      postcode: assessments.postcode,
      openOffers,
    })
    .from(appointments)
    .innerJoin(quotes, eq(quotes.id, appointments.quoteId))
    .innerJoin(assessments, eq(assessments.id, quotes.assessmentId))
    .where(eq(appointments.status, 'confirmed'))
    .orderBy(asc(appointments.appointmentDate), asc(appointments.id))
    .limit(200);
  return rows.map((row) => ({ ...row, openOffers: Number(row.openOffers), unassigned: Number(row.openOffers) === 0 }));
}
