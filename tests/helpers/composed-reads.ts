// The composed reads that issue 9 replaced: several drizzle queries stitched together in
// JavaScript, as the routes answered before. They are the straightforward references that
// tests/integration/one-statement-reads.test.ts compares the one-statement reads against, so
// they live here, not in src.
import { and, asc, count, desc, eq, isNotNull, isNull, not, or, sql, type SQL } from 'drizzle-orm';
import type { OutboxEmail as OutboxEmailView } from '../../src/shared/api/email';
import type { AuditEntry, AuditPage } from '../../src/shared/api/privacy';
import type { EmailStats } from '../../src/shared/api/outreach';
import { latestEmails } from '../../src/server/modules/email';
import { INTRO_EMAIL_KIND } from '../../src/server/modules/outreach';
import type { AssessmentView } from '../../src/shared/api/assessments';
import type { Db } from '../../src/server/db/database';
import { appointments, assessments, auditLog, jobNotifications, outboxEmails, payments, payouts, quoteModificationRequests, quotes, repairerInvitations, repairers, users } from '../../src/server/db/schema';
import { NETWORK_PAGE_SIZE, type NetworkQuery, type NetworkRepairer } from '../../src/shared/api/repairer-accounts';
import { toRepairerView } from '../../src/server/modules/repairers';
import { cardsFor } from '../../src/server/modules/admin';
import { enquiryBooking, enquiryQuoteExpired, type EnquiryRow } from '../../src/shared/api/admin';
import { penceToDecimalString } from '../../src/shared/money';
import { assignedRepairerOf, quotesOf, viewsOf, type DeskFilter } from '../../src/server/modules/quotes';
import { findImage, photoNotFoundMessage, type ImageRow } from '../../src/server/modules/assessments';
import { customerRecordAccess, type Viewer } from '../../src/server/modules/access';
import { hasLiveOffer, jobsQuery, type JobRecord } from '../../src/server/modules/booking';
import { notFound } from '../../src/server/kernel/errors';

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

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);

/** The admin's enquiry search as drizzle conditions, as it was before ENQUIRY_SEARCH_SQL. */
function enquirySearchCondition(search: string | undefined): SQL | undefined {
  const term = (search ?? '').trim().toLowerCase();
  if (term === '') return undefined;
  const prefix = `${escapeLike(term)}%`;
  const compact = `${escapeLike(term.replace(/\s+/g, ''))}%`;
  const conditions: SQL[] = [
    sql`lower(${assessments.reference}) LIKE ${prefix}`,
    sql`lower(${assessments.email}) LIKE ${prefix}`,
    sql`lower(${assessments.name}) LIKE ${prefix}`,
    sql`lower(regexp_replace(${assessments.name}, '^.* ', '')) LIKE ${prefix}`,
  ];
  if (!term.startsWith('ar-')) conditions.push(sql`lower(${assessments.reference}) LIKE ${`ar-${prefix}`}`);
  if (compact !== '%') conditions.push(sql`lower(replace(${assessments.postcode}, ' ', '')) LIKE ${compact}`);
  return or(...conditions);
}

/** GET /api/admin/enquiries, composed: the page, the count, the quotes (enquiryList). */
export async function enquiryListComposed(db: Db, search: string | undefined, page: number, pageSize: number) {
  const where = enquirySearchCondition(search);
  const [rows, total] = await Promise.all([
    db.select().from(assessments).where(where).orderBy(desc(assessments.createdAt), desc(assessments.id)).limit(pageSize).offset((page - 1) * pageSize),
    db.$count(assessments, where),
  ]);
  const quotesByAssessment = await quotesOf(
    db,
    rows.map((row) => row.id),
  );
  // Each quote's live booking, else its latest, with its payment and payout: its stage.
  const bookings = new Map<number, EnquiryRow['booking']>();
  for (const { quote } of quotesByAssessment.values()) {
    const [latest] = await db
      .select({ appointment: appointments, paymentStatus: payments.status, payoutStatus: payouts.status })
      .from(appointments)
      .leftJoin(payments, eq(payments.appointmentId, appointments.id))
      .leftJoin(payouts, eq(payouts.paymentId, payments.id))
      .where(eq(appointments.quoteId, quote.id))
      .orderBy(desc(sql`${appointments.status} IN ('held', 'confirmed', 'assigned', 'completed')`), desc(appointments.id))
      .limit(1);
    bookings.set(
      quote.id,
      enquiryBooking(
        latest && { appointmentId: latest.appointment.id, date: latest.appointment.appointmentDate, status: latest.appointment.status, paymentStatus: latest.paymentStatus, payoutStatus: latest.payoutStatus, problemReported: latest.appointment.problemReportedAt !== null },
      ),
    );
  }
  const items: EnquiryRow[] = rows.map((row) => {
    const quote = quotesByAssessment.get(row.id)?.quote;
    return {
      assessmentId: row.id,
      reference: row.reference,
      name: row.name,
      email: row.email,
      postcode: row.postcode,
      vehicle: `${row.vehicleYear} ${row.vehicleMake} ${row.vehicleModel}`,
      damageType: row.damageType,
      createdAt: row.createdAt.toISOString(),
      quoteId: quote?.id ?? null,
      quoteStatus: quote?.status ?? null,
      quoteExpired: enquiryQuoteExpired(quote?.status ?? null, quote?.validUntilDate ?? null, new Date()),
      totalCost: quote ? penceToDecimalString(quote.totalPence) : null,
      booking: quote ? (bookings.get(quote.id) ?? null) : null,
    };
  });
  return { items, total, page, pageSize };
}

/** GET /api/repairers, composed: the page and the count, each with drizzle's filters (networkPage). */
export async function networkPageComposed(db: Db, page: number, onlyId?: number, filters: Omit<NetworkQuery, 'page'> = {}): Promise<{ rows: NetworkRepairer[]; total: number }> {
  // Qualified by hand: in a one-table select drizzle writes a column unqualified, which inside the
  // subquery would name the subquery's own table.
  const repairerId = sql.raw('"repairers"."id"');
  const hasAccount = sql<boolean>`EXISTS (SELECT 1 FROM ${users} u WHERE u.repairer_id = ${repairerId})`;
  const invitationPending = sql<boolean>`EXISTS (SELECT 1 FROM ${repairerInvitations} i WHERE i.repairer_id = ${repairerId} AND i.used_at IS NULL AND i.expires_at > now())`;
  const term = filters.search?.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`);
  const where = and(
    onlyId === undefined ? undefined : eq(repairers.id, onlyId),
    term
      ? or(
          sql`lower(${repairers.businessName}) LIKE ${`%${term}%`}`,
          sql`lower(${repairers.city}) LIKE ${`${term}%`}`,
          sql`replace(lower(${repairers.postcode}), ' ', '') LIKE ${`${term.replace(/\s+/g, '')}%`}`,
        )
      : undefined,
    filters.verified === undefined ? undefined : eq(repairers.isVerified, filters.verified),
    filters.hasEmail === undefined ? undefined : filters.hasEmail ? isNotNull(repairers.email) : isNull(repairers.email),
    filters.hasAccount === undefined ? undefined : filters.hasAccount ? hasAccount : not(hasAccount),
    filters.emailSource === undefined ? undefined : eq(repairers.emailSource, filters.emailSource),
    filters.imported === undefined ? undefined : filters.imported ? isNotNull(repairers.googlePlaceId) : isNull(repairers.googlePlaceId),
    filters.introduced === undefined ? undefined : filters.introduced ? isNotNull(repairers.introSentAt) : isNull(repairers.introSentAt),
  );
  const [rows, [total]] = await Promise.all([
    db
      .select({ repairer: repairers, hasAccount, invitationPending })
      .from(repairers)
      .where(where)
      .orderBy(asc(repairers.businessName), asc(repairers.id))
      .limit(NETWORK_PAGE_SIZE)
      .offset((page - 1) * NETWORK_PAGE_SIZE),
    db.select({ value: count() }).from(repairers).where(where),
  ]);
  return {
    rows: rows.map(({ repairer, ...row }) => ({
      ...toRepairerView(repairer),
      hasAccount: Boolean(row.hasAccount),
      invitationPending: Boolean(row.invitationPending),
      imported: repairer.googlePlaceId !== null,
      introSentAt: repairer.introSentAt?.toISOString() ?? null,
      unsubscribed: repairer.unsubscribedAt !== null,
      applied: repairer.appliedAt !== null,
      checksDone: [repairer.insuranceCheckedAt, repairer.identityCheckedAt, repairer.skillsAssessedAt].filter((at) => at !== null).length,
    })),
    total: Number(total?.value ?? 0),
  };
}

/** GET /api/admin/emails, composed (readOutbox). */
export async function readOutboxComposed(db: Db, limit: number): Promise<OutboxEmailView[]> {
  const rows = await latestEmails(db, limit);
  return rows.map((row) => ({
    id: row.id,
    kind: row.kind,
    channel: row.channel,
    toAddress: row.toAddress,
    subject: row.subject,
    textBody: row.textBody,
    status: row.status,
    attempts: row.attempts,
    createdAt: row.createdAt.toISOString(),
    sendAfter: row.sendAfter?.toISOString() ?? null,
    sentAt: row.sentAt?.toISOString() ?? null,
    bouncedAt: row.bouncedAt?.toISOString() ?? null,
    lastError: row.lastError,
  }));
}

/** GET /api/admin/audit-log, composed (auditPage). */
export async function auditPageComposed(db: Db, page: number, pageSize: number): Promise<AuditPage> {
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(auditLog)
      .orderBy(desc(auditLog.at), desc(auditLog.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ n: count() }).from(auditLog),
  ]);
  const items: AuditEntry[] = rows.map((row) => ({
    id: row.id,
    at: row.at.toISOString(),
    actorRole: row.actorRole,
    actorEmail: row.actorEmail,
    action: row.action,
    entity: row.entity,
    entityId: row.entityId,
    detail: row.detail,
  }));
  return { items, total: total?.n ?? 0, page, pageSize };
}

/** GET /api/admin/email-stats, composed (emailStats). */
export async function emailStatsComposed(db: Db): Promise<Omit<EmailStats, 'mailServer'>> {
  const [[mail], [people]] = await Promise.all([
    db
      .select({
        sent: sql<number>`count(*) FILTER (WHERE ${outboxEmails.status} = 'sent')`.mapWith(Number),
        queued: sql<number>`count(*) FILTER (WHERE ${outboxEmails.status} = 'pending')`.mapWith(Number),
        kept: sql<number>`count(*) FILTER (WHERE ${outboxEmails.status} = 'logged')`.mapWith(Number),
        failed: sql<number>`count(*) FILTER (WHERE ${outboxEmails.status} = 'failed')`.mapWith(Number),
        bounced: sql<number>`count(*) FILTER (WHERE ${outboxEmails.bouncedAt} IS NOT NULL)`.mapWith(Number),
      })
      .from(outboxEmails)
      .where(eq(outboxEmails.kind, INTRO_EMAIL_KIND)),
    db.select({ unsubscribed: sql<number>`count(*)`.mapWith(Number) }).from(repairers).where(isNotNull(repairers.unsubscribedAt)),
  ]);
  return { sent: mail?.sent ?? 0, queued: mail?.queued ?? 0, kept: mail?.kept ?? 0, failed: mail?.failed ?? 0, bounced: mail?.bounced ?? 0, unsubscribed: people?.unsubscribed ?? 0 };
}

/** GET /api/images/{id}, composed: the photo's row if this viewer may see its assessment (readImage answers the same in one statement). */
export async function findImageFor(db: Db, imageId: number, viewer: Viewer): Promise<ImageRow> {
  const image = await findImage(db, imageId);
  if (!image) throw notFound(photoNotFoundMessage);
  const access = customerRecordAccess(viewer, { assessmentId: image.assessmentId, assignedRepairerId: await assignedRepairerOf(db, image.assessmentId) });
  if (access !== 'none') return image;
  // D11: a repairer who has been offered the job sees its damage photos before accepting.
  if (image.kind === 'damage' && viewer.user?.role === 'repairer' && viewer.user.repairerId !== null && (await hasLiveOffer(db, image.assessmentId, viewer.user.repairerId))) return image;
  throw notFound(photoNotFoundMessage);
}
