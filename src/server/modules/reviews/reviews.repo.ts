// The queries of reviews (issue 12 wrote them, issue 37 shows them): the customer's one review of a
// completed repair, the rating a technician's reviews make, and the lists, newest first.
import { and, avg, count, desc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { appointments, assessments, quotes, repairerReviews, repairers } from '../../db/schema';
import type { ReviewHideReason } from '../../../shared/api/reviews';

/** The customer's one review of the repair; false when there is one already. */
export async function insertReview(tx: Db, row: typeof repairerReviews.$inferInsert): Promise<boolean> {
  const inserted = await tx.insert(repairerReviews).values(row).onConflictDoNothing().returning({ id: repairerReviews.id });
  return inserted.length > 0;
}

/** The mean of the repairer's ratings (as the driver gives it: a numeric's text), or null with none. */
export async function meanRatingOf(tx: Db, repairerId: number): Promise<string | null | undefined> {
  const [mean] = await tx.select({ value: avg(repairerReviews.rating) }).from(repairerReviews).where(eq(repairerReviews.repairerId, repairerId));
  return mean?.value;
}

export interface RatingRow {
  /** Mean of every rating, in tenths, or null with none. */
  averageTenths: number | null;
  count: number;
  hidden: number;
}

/**
 * The same rating as ratingOf (every review, hidden ones too: docs/decisions/0034) as a statement
 * fragment, JSON { average: the mean to one decimal or null, count }, of the repairer whose id is
 * the SQL expression `repairerId`: for a read that must stay one statement (who is coming, on the
 * customer's appointment: booking/appointment/technician-profile.ts).
 */
export const technicianRatingSql = (repairerId: string) => `(SELECT json_build_object('average', round(avg(rv.rating), 1)::float8, 'count', count(*)::int)
    FROM repairer_reviews rv WHERE rv.repairer_id = ${repairerId})`;

/** The rating over every review (of one technician, or of all), and how many of them are hidden. */
export async function ratingOf(db: Db, repairerId?: number): Promise<RatingRow> {
  const [row] = await db
    .select({
      average: avg(repairerReviews.rating),
      count: count(),
      hidden: sql<number>`count(${repairerReviews.hiddenAt})::int`,
    })
    .from(repairerReviews)
    .where(repairerId === undefined ? undefined : eq(repairerReviews.repairerId, repairerId));
  const average = row?.average === null || row?.average === undefined ? null : Math.round(Number(row.average) * 10);
  return { averageTenths: average, count: Number(row?.count ?? 0), hidden: Number(row?.hidden ?? 0) };
}

export interface ReviewRow {
  id: number;
  rating: number;
  comment: string;
  createdAt: Date;
  hiddenAt: Date | null;
  hiddenReason: ReviewHideReason | null;
  hiddenBy: string | null;
  customerName: string;
  customerTown: string;
  erasedAt: Date | null;
  damageType: string;
  reference: string;
  repairerId: number;
  businessName: string;
  publicId: string;
  isVerified: boolean;
}

const reviewColumns = {
  id: repairerReviews.id,
  rating: repairerReviews.rating,
  comment: repairerReviews.comment,
  createdAt: repairerReviews.createdAt,
  hiddenAt: repairerReviews.hiddenAt,
  hiddenReason: repairerReviews.hiddenReason,
  hiddenBy: repairerReviews.hiddenBy,
  customerName: assessments.name,
  customerTown: assessments.city,
  erasedAt: assessments.erasedAt,
  damageType: assessments.damageType,
  reference: assessments.reference,
  repairerId: repairers.id,
  businessName: repairers.businessName,
  publicId: repairers.publicId,
  isVerified: repairers.isVerified,
};

function reviewsQuery(db: Db, where: SQL | undefined) {
  return db
    .select(reviewColumns)
    .from(repairerReviews)
    .innerJoin(appointments, eq(appointments.id, repairerReviews.appointmentId))
    .innerJoin(quotes, eq(quotes.id, appointments.quoteId))
    .innerJoin(assessments, eq(assessments.id, quotes.assessmentId))
    .innerJoin(repairers, eq(repairers.id, repairerReviews.repairerId))
    .where(where)
    .orderBy(desc(repairerReviews.createdAt), desc(repairerReviews.id));
}

/** A page of the reviews the public sees (none hidden), newest first, with how many there are. */
export async function shownReviews(db: Db, options: { repairerId?: number; page: number; pageSize: number }): Promise<{ rows: ReviewRow[]; shown: number }> {
  const where = and(isNull(repairerReviews.hiddenAt), options.repairerId === undefined ? undefined : eq(repairerReviews.repairerId, options.repairerId));
  const [rows, [total]] = await Promise.all([
    reviewsQuery(db, where).limit(options.pageSize).offset((options.page - 1) * options.pageSize),
    db.select({ value: count() }).from(repairerReviews).where(where),
  ]);
  return { rows: rows as ReviewRow[], shown: Number(total?.value ?? 0) };
}

/** The team's list: every review, hidden ones too, newest first. */
export async function allReviews(db: Db, options: { page: number; pageSize: number }): Promise<{ rows: ReviewRow[]; total: number }> {
  const [rows, [total]] = await Promise.all([
    reviewsQuery(db, undefined).limit(options.pageSize).offset((options.page - 1) * options.pageSize),
    db.select({ value: count() }).from(repairerReviews),
  ]);
  return { rows: rows as ReviewRow[], total: Number(total?.value ?? 0) };
}

export async function findReview(db: Db, id: number): Promise<ReviewRow | undefined> {
  const [row] = await reviewsQuery(db, eq(repairerReviews.id, id)).limit(1);
  return row as ReviewRow | undefined;
}

/** The review's row, locked, for a hide or show-again to be decided on. */
export async function lockReview(tx: Db, id: number): Promise<{ id: number; hiddenAt: Date | null } | undefined> {
  const [row] = await tx.select({ id: repairerReviews.id, hiddenAt: repairerReviews.hiddenAt }).from(repairerReviews).where(eq(repairerReviews.id, id)).for('update');
  return row;
}

export async function setHidden(tx: Db, id: number, hidden: { at: Date; reason: ReviewHideReason; by: string | null } | null): Promise<void> {
  await tx
    .update(repairerReviews)
    .set(hidden ? { hiddenAt: hidden.at, hiddenReason: hidden.reason, hiddenBy: hidden.by } : { hiddenAt: null, hiddenReason: null, hiddenBy: null })
    .where(eq(repairerReviews.id, id));
}

export interface ProfileRow {
  id: number;
  businessName: string;
  contactName: string | null;
  city: string;
  yearsExperience: number | null;
  specialisations: string[];
  publicId: string;
  insuranceCheckedAt: Date | null;
  /** YYYY-MM-DD, the policy's end as the team saw it. */
  insuranceExpiryDate: string | null;
  identityCheckedAt: Date | null;
  skillsAssessedAt: Date | null;
  completedRepairs: number;
}

/**
 * How many repairs the technician whose id is the SQL expression `repairerId` has completed through
 * us: their warranty records, one written as each job of theirs is marked done (D6, booking's
 * completion), counted through `warranties_repairer_idx`. The one definition of the figure: the
 * public profile (findVerifiedTechnician) and who is coming on the customer's appointment
 * (booking/appointment/technician-profile.ts, inside its one-statement read) both read it.
 */
export const completedRepairsSql = (repairerId: string) => `(SELECT count(*)::int FROM warranties w WHERE w.repairer_id = ${repairerId})`;

/** A verified technician by their public id, with how many repairs they have completed; undefined otherwise. */
export async function findVerifiedTechnician(db: Db, publicId: string): Promise<ProfileRow | undefined> {
  const [row] = await db
    .select({
      id: repairers.id,
      businessName: repairers.businessName,
      contactName: repairers.contactName,
      city: repairers.city,
      yearsExperience: repairers.yearsExperience,
      specialisations: repairers.specialisations,
      publicId: repairers.publicId,
      insuranceCheckedAt: repairers.insuranceCheckedAt,
      insuranceExpiryDate: repairers.insuranceExpiryDate,
      identityCheckedAt: repairers.identityCheckedAt,
      skillsAssessedAt: repairers.skillsAssessedAt,
      completedRepairs: sql<number>`${sql.raw(completedRepairsSql('"repairers"."id"'))}`.mapWith(Number),
    })
    .from(repairers)
    .where(and(eq(repairers.publicId, publicId), eq(repairers.isVerified, true)))
    .limit(1);
  return row;
}
