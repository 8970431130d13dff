// Issue 37 item 2: verified reviews, shown (docs/decisions/0034-verified-reviews-shown.md). Every
// review is listed, newest first, unless the team hid it for a stated reason (abusive, personal
// data), recorded in the audit log; the rating counts every review, hidden ones too, so hiding a
// review's words can never raise a technician's score, and the lists say how many are hidden.
import { reviewHideReasonLabels, reviewMessages, type AdminReview, type AdminReviewsPage, type HideReviewBody, type PublicReview, type RatingSummary, type ReviewsPage, type TechnicianProfile } from '../../../shared/api/reviews';
import { allDamageTypeLabels, type AnyDamageType } from '../../../shared/damage';
import { formatLondonMonth, londonDateOf } from '../../../shared/london-time';
import { firstNameOf } from '../../../shared/first-name';
import { technicianChecks } from '../../../shared/technician-checks';
import { specialisationLabels, type Specialisation } from '../../../shared/damage';
import { publicIdOfSlug, REVIEWS_PAGE_SIZE, technicianProfilePath } from '../../../shared/reviews';
import type { Database, Db } from '../../db/database';
import { conflict, notFound } from '../../kernel/errors';
import { recordAudit, type Actor } from '../privacy';
import { allReviews, findReview, findVerifiedTechnician, lockReview, ratingOf, setHidden, shownReviews, type RatingRow, type ReviewRow } from './reviews.repo';

export interface TechnicianRating {
  /** Out of 5, one decimal place (4.8), or null with no reviews. */
  average: number | null;
  /** The same in tenths (48), as repairers.rating_tenths keeps it. */
  averageTenths: number | null;
  /** Reviews counted in the average: every one, hidden ones included. */
  count: number;
  /** Of them, how many the team hid from the lists (say so where the rating is shown: "1 review hidden"). */
  hidden: number;
}

const toRating = (row: RatingRow): TechnicianRating => ({
  average: row.averageTenths === null ? null : row.averageTenths / 10,
  averageTenths: row.averageTenths,
  count: row.count,
  hidden: row.hidden,
});

/**
 * A technician's rating and review count, for any screen that shows them ("who is coming", the
 * profile): the one place they are worked out.
 */
export async function technicianRating(db: Db, repairerId: number): Promise<TechnicianRating> {
  return toRating(await ratingOf(db, repairerId));
}

const summaryOf = (row: RatingRow): RatingSummary => ({ averageTenths: row.averageTenths, count: row.count, hidden: row.hidden });

/**
 * The first word of the name the reviewing customer gave, as a reader would write it; null once
 * erased, or when that word looks like a number or an e-mail address.
 */
function reviewerFirstName(row: ReviewRow): string | null {
  if (row.erasedAt) return null;
  const first = row.customerName.trim().split(/\s+/)[0] ?? '';
  if (first === '' || /[\d@]/.test(first)) return null;
  const word = first.slice(0, 30);
  return word.charAt(0).toLocaleUpperCase('en-GB') + word.slice(1);
}

/** The town the customer gave for the repair, never anything that looks like an address or postcode. */
function townOf(row: ReviewRow): string | null {
  if (row.erasedAt) return null;
  const town = row.customerTown.trim().replace(/\s+/g, ' ');
  if (town.length < 2 || town.length > 40 || /[\d@,]/.test(town)) return null;
  return town;
}

function toPublic(row: ReviewRow): PublicReview {
  return {
    rating: row.rating,
    comment: row.comment,
    firstName: reviewerFirstName(row),
    town: townOf(row),
    service: allDamageTypeLabels[row.damageType as AnyDamageType] ?? 'Car body repair',
    month: formatLondonMonth(row.createdAt),
    technician: { businessName: row.businessName, profilePath: row.isVerified ? technicianProfilePath(row.businessName, row.publicId) : null },
  };
}

async function reviewsPage(db: Db, page: number, repairerId?: number): Promise<ReviewsPage> {
  const [rating, { rows, shown }] = await Promise.all([ratingOf(db, repairerId), shownReviews(db, { repairerId, page, pageSize: REVIEWS_PAGE_SIZE })]);
  return { summary: summaryOf(rating), items: rows.map(toPublic), page, pageSize: REVIEWS_PAGE_SIZE, shown };
}

/** GET /api/reviews: everyone's reviews, newest first. */
export function publicReviews(database: Database, page: number): Promise<ReviewsPage> {
  return reviewsPage(database.db, page);
}

/** GET /api/technicians/{slug}: a verified technician's public profile with their reviews; 404 for anyone else. */
export async function technicianProfile(database: Database, slug: string, page: number, now: Date = new Date()): Promise<TechnicianProfile> {
  const publicId = publicIdOfSlug(slug);
  const row = publicId ? await findVerifiedTechnician(database.db, publicId) : undefined;
  if (!row) throw notFound(reviewMessages.technicianNotFound);
  return {
    businessName: row.businessName,
    firstName: firstNameOf(row.contactName),
    town: row.city,
    yearsExperience: row.yearsExperience,
    services: row.specialisations.map((s) => specialisationLabels[s as Specialisation] ?? s),
    completedRepairs: row.completedRepairs,
    // The appointment page's rule (shared/technician-checks.ts): an ended policy is no check passed.
    checks: technicianChecks({ insuranceChecked: row.insuranceCheckedAt !== null, insuranceExpiryDate: row.insuranceExpiryDate, identityChecked: row.identityCheckedAt !== null, skillsAssessed: row.skillsAssessedAt !== null }, londonDateOf(now)),
    profilePath: technicianProfilePath(row.businessName, row.publicId),
    reviews: await reviewsPage(database.db, page, row.id),
  };
}

function toAdmin(row: ReviewRow): AdminReview {
  return {
    ...toPublic(row),
    id: row.id,
    createdAt: row.createdAt.toISOString(),
    reference: row.reference,
    hidden: row.hiddenAt && row.hiddenReason ? { at: row.hiddenAt.toISOString(), reason: row.hiddenReason, by: row.hiddenBy } : null,
  };
}

export const ADMIN_REVIEWS_PAGE_SIZE = 20;

/** GET /api/admin/reviews: every review, hidden ones too, newest first. */
export async function reviewsForTeam(database: Database, page: number): Promise<AdminReviewsPage> {
  const [rating, { rows, total }] = await Promise.all([ratingOf(database.db), allReviews(database.db, { page, pageSize: ADMIN_REVIEWS_PAGE_SIZE })]);
  return { summary: summaryOf(rating), items: rows.map(toAdmin), page, pageSize: ADMIN_REVIEWS_PAGE_SIZE, total };
}

/** The team hides a review for a stated reason: 404 unknown, 409 already hidden; the audit log records it in the same transaction. */
export async function hideReview(database: Database, id: number, body: HideReviewBody, actor: Actor, now: Date): Promise<AdminReview> {
  await database.db.transaction(async (tx) => {
    const review = await lockReview(tx, id);
    if (!review) throw notFound(reviewMessages.notFound);
    if (review.hiddenAt) throw conflict(reviewMessages.alreadyHidden);
    await setHidden(tx, id, { at: now, reason: body.reason, by: actor.email });
    await recordAudit(tx, actor, 'review_hidden', { kind: 'review', id }, { hideReason: body.reason, reason: reviewHideReasonLabels[body.reason] });
  });
  return toAdmin((await findReview(database.db, id))!);
}

/** The team shows a hidden review again (it was hidden by mistake): 409 when it is not hidden. */
export async function showReviewAgain(database: Database, id: number, actor: Actor): Promise<AdminReview> {
  await database.db.transaction(async (tx) => {
    const review = await lockReview(tx, id);
    if (!review) throw notFound(reviewMessages.notFound);
    if (!review.hiddenAt) throw conflict(reviewMessages.notHidden);
    await setHidden(tx, id, null);
    await recordAudit(tx, actor, 'review_shown_again', { kind: 'review', id });
  });
  return toAdmin((await findReview(database.db, id))!);
}
