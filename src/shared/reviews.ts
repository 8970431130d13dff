// Issue 37 item 2: verified reviews, shown (docs/decisions/0034-verified-reviews-shown.md). Only a
// customer whose paid repair was completed can leave one; every review is shown, newest first,
// unless the team hid it for a stated reason, and the pages say how many are hidden. Plain
// TypeScript (no zod) for the public pages only: what the team's screen and the server share is in
// api/reviews.ts, so this module stays in the public pages' own chunk.

/** Reviews on one page of a public list: one row of cards on a wide screen (the space they take is kept before they load). */
export const REVIEWS_PAGE_SIZE = 3;

/** What every list of reviews says about where they come from. */
export const howReviewsAreCollected =
  'Only customers whose repair was paid for and confirmed can leave a review. We show every review, newest first; we hide one only if it is abusive or holds personal data, and say how many we have hidden (its rating still counts).';

/** "4.8" (one decimal place) from a mean in tenths, or null without reviews. */
export function ratingText(averageTenths: number | null): string | null {
  return averageTenths === null ? null : (averageTenths / 10).toFixed(1);
}

/** "1 review" / "12 reviews". */
export function reviewCount(count: number): string {
  return `${count.toLocaleString('en-GB')} ${count === 1 ? 'review' : 'reviews'}`;
}

/** "3 reviews hidden" / "1 review hidden", or null when none is. */
export function hiddenCount(hidden: number): string | null {
  return hidden === 0 ? null : `${reviewCount(hidden)} hidden`;
}

/** A technician's profile address: their business name as words, then the opaque id (the only part read). */
export function technicianProfilePath(businessName: string, publicId: string): string {
  const words = businessName
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
  return `/technicians/${words ? `${words}-` : ''}${publicId}`;
}

/** The opaque id at the end of a profile's slug, or null when there is none. */
export function publicIdOfSlug(slug: string): string | null {
  return /(?:^|-)([0-9a-f]{12})$/.exec(slug)?.[1] ?? null;
}
