import type { ReviewsPage } from '../../../shared/api/reviews';
import { howReviewsAreCollected } from '../../../shared/reviews';
import { apiJsonAs } from '../../lib/api';
import { ReviewsBlock } from '../reviews';
import { Section } from './section';

// Issue 37 item 2: every review, newest first, on the home, services and city pages, read after the
// first paint (GET /api/reviews) so a new or hidden review shows on the next visit although the
// pages are prerendered. Self-serving reviews of the business on its own site are not eligible for
// Google's review snippets, so these pages carry no AggregateRating (decision 0034).

const loadReviews = (page: number) => apiJsonAs<ReviewsPage>('GET', `/api/reviews?page=${page}`);

export function ReviewsSection({ tone = 'white' }: { tone?: 'white' | 'muted' }) {
  return (
    <Section id="reviews" tone={tone} title="Verified customer reviews" intro={<p>{howReviewsAreCollected}</p>}>
      <ReviewsBlock load={loadReviews} />
    </Section>
  );
}
