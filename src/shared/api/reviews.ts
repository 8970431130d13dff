// Issue 37 item 2: verified reviews, shown (docs/decisions/0034-verified-reviews-shown.md).
// GET /api/reviews (everyone's) and GET /api/technicians/{slug} (one technician's profile, with
// theirs) are public and carry no personal data beyond a first name and a town; the team's list
// and its hide / show-again calls are under /api/admin/reviews.
import { z } from 'zod';

export const REVIEW_HIDE_REASONS = ['abusive', 'personal-data'] as const;
export type ReviewHideReason = (typeof REVIEW_HIDE_REASONS)[number];

export const reviewHideReasonLabels: Record<ReviewHideReason, string> = {
  abusive: 'It is abusive',
  'personal-data': 'It holds personal data',
};

export const reviewMessages = {
  badReason: 'Please choose why the review is hidden: abusive or personal-data.',
  alreadyHidden: 'This review is already hidden.',
  notHidden: 'This review is not hidden.',
  notFound: 'We could not find that review.',
  technicianNotFound: 'We could not find that technician.',
  tooMany: 'Too many requests for reviews. Please wait a minute and try again.',
} as const;

export const ReviewsQuerySchema = z.object({
  page: z.coerce.number({ message: 'The page must be a whole number.' }).int().min(1, 'The page must be 1 or more.').max(10_000).default(1),
});

/** The rating in tenths (48 = 4.8 out of 5) over every review, hidden ones included; `hidden` of them are not listed. */
export const RatingSummarySchema = z.object({
  averageTenths: z.number().int().min(10).max(50).nullable(),
  count: z.number().int().min(0),
  hidden: z.number().int().min(0),
});
export type RatingSummary = z.infer<typeof RatingSummarySchema>;

export const PublicReviewSchema = z.object({
  rating: z.number().int().min(1).max(5),
  comment: z.string(),
  /** The customer's first name, or null once their data was erased ("A customer"). */
  firstName: z.string().nullable(),
  /** The town they gave for the repair, never the postcode or address; null when erased or unclear. */
  town: z.string().nullable(),
  service: z.string(),
  /** 'November 2026', London time. */
  month: z.string(),
  technician: z.object({ businessName: z.string(), profilePath: z.string().nullable() }),
});
export type PublicReview = z.infer<typeof PublicReviewSchema>;

export const ReviewsPageSchema = z.object({
  summary: RatingSummarySchema,
  items: z.array(PublicReviewSchema),
  page: z.number().int(),
  pageSize: z.number().int(),
  /** The reviews listed (not hidden), over every page. */
  shown: z.number().int(),
});
export type ReviewsPage = z.infer<typeof ReviewsPageSchema>;

export const TechnicianSlugParamsSchema = z.object({ slug: z.string().max(120) });

export const TechnicianProfileSchema = z.object({
  businessName: z.string(),
  /** The first name of the person behind the business, when known. */
  firstName: z.string().nullable(),
  town: z.string(),
  yearsExperience: z.number().int().nullable(),
  services: z.array(z.string()),
  completedRepairs: z.number().int(),
  /** The vetting checks AutoRevive recorded (a verified technician has all three). */
  checks: z.object({ insurance: z.boolean(), identity: z.boolean(), skills: z.boolean() }),
  profilePath: z.string(),
  reviews: ReviewsPageSchema,
});
export type TechnicianProfile = z.infer<typeof TechnicianProfileSchema>;

export const HideReviewBodySchema = z.object({
  reason: z.enum(REVIEW_HIDE_REASONS, { error: reviewMessages.badReason }),
});
export type HideReviewBody = z.infer<typeof HideReviewBodySchema>;

export const AdminReviewSchema = PublicReviewSchema.extend({
  id: z.number().int(),
  createdAt: z.string(),
  /** The enquiry's reference, for the team to find the booking. */
  reference: z.string(),
  hidden: z.object({ at: z.string(), reason: z.enum(REVIEW_HIDE_REASONS), by: z.string().nullable() }).nullable(),
});
export type AdminReview = z.infer<typeof AdminReviewSchema>;

export const AdminReviewsPageSchema = z.object({
  summary: RatingSummarySchema,
  items: z.array(AdminReviewSchema),
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
});
export type AdminReviewsPage = z.infer<typeof AdminReviewsPageSchema>;
