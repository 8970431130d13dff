import { useId, useState } from 'react';
import { REVIEW_HIDE_REASONS, reviewHideReasonLabels, type AdminReview, type AdminReviewsPage, type ReviewHideReason } from '../../../shared/api/reviews';
import { Button } from '../../components/ui/button';
import { ConfirmButton } from '../../components/ui/confirm-button';
import { Pager } from '../../components/ui/pager';
import { Skeleton } from '../../components/ui/skeleton';
import { toast } from '../../components/ui/use-toast';
import { formatWhen } from '../../lib/format';
import { userMessageOf } from '../../lib/api';
import { useAdminReviews, useSetReviewHidden } from './api/reviews';

// Issue 37 item 2: the team sees every review and hides one only for a stated reason (abusive,
// personal data), which the audit log records; the public lists then say how many are hidden.

function ReviewRow({ review }: { review: AdminReview }) {
  const [reason, setReason] = useState<ReviewHideReason | ''>('');
  const setHidden = useSetReviewHidden();
  const selectId = useId();
  const run = (next: ReviewHideReason | null) =>
    setHidden.mutate(
      { id: review.id, reason: next },
      {
        onSuccess: () => toast({ title: next ? 'Review hidden' : 'Review shown again', description: next ? 'It no longer appears on the public pages; their count of hidden reviews includes it.' : 'It appears on the public pages again.', variant: 'success' }),
        onError: (error) => toast({ title: 'Error', description: userMessageOf(error), variant: 'destructive' }),
      },
    );
  return (
    <li className="rounded-lg border border-slate-200 bg-white p-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <p className="font-semibold text-navy-900">
          {review.rating} out of 5 · {review.firstName ?? 'A customer'}
          {review.town ? `, ${review.town}` : ''} · {review.service}
        </p>
        <p className="text-sm text-slate-700">
          {formatWhen(review.createdAt)} · {review.reference} · {review.technician.businessName}
        </p>
      </div>
      <p className="mt-2 whitespace-pre-line text-slate-800">{review.comment || 'A rating without a comment.'}</p>
      {review.hidden ? (
        <div className="mt-3 flex flex-wrap items-center gap-3">
          <p className="rounded-md bg-amber-50 px-2 py-1 text-sm font-semibold text-amber-900">
            Hidden: {reviewHideReasonLabels[review.hidden.reason]} ({formatWhen(review.hidden.at)}
            {review.hidden.by ? `, ${review.hidden.by}` : ''})
          </p>
          <Button size="sm" variant="outline" pending={setHidden.isPending} onClick={() => run(null)}>
            Show again
          </Button>
        </div>
      ) : (
        <div className="mt-3 flex flex-wrap items-end gap-3">
          <div>
            <label htmlFor={selectId} className="block text-sm font-medium text-slate-800">
              Why hide it?
            </label>
            <select id={selectId} value={reason} onChange={(event) => setReason(event.target.value as ReviewHideReason | '')} className="mt-1 min-h-10 rounded-md border border-slate-400 bg-white px-2">
              <option value="">Choose a reason</option>
              {REVIEW_HIDE_REASONS.map((value) => (
                <option key={value} value={value}>
                  {reviewHideReasonLabels[value]}
                </option>
              ))}
            </select>
          </div>
          <ConfirmButton
            size="sm"
            variant="outline"
            disabled={reason === ''}
            pending={setHidden.isPending}
            title="Hide this review?"
            consequence="It disappears from every public page, which then says one more review is hidden; its rating still counts."
            confirmLabel="Hide review"
            onConfirm={() => reason !== '' && run(reason)}
          >
            Hide review
          </ConfirmButton>
        </div>
      )}
    </li>
  );
}

// Its own words rather than the public pages' (shared/reviews.ts), which stay in their chunk.
function summaryLine({ averageTenths, count, hidden }: AdminReviewsPage['summary']): string {
  if (averageTenths === null) return 'No reviews yet.';
  return `Rated ${(averageTenths / 10).toFixed(1)} out of 5 from ${count} ${count === 1 ? 'review' : 'reviews'}; ${hidden} hidden.`;
}

/** The admin dashboard's Reviews tab. */
export function ReviewsTab() {
  const [page, setPage] = useState(1);
  const reviews = useAdminReviews(page);
  return (
    <section aria-labelledby="reviews-tab-heading">
      <h2 id="reviews-tab-heading" className="text-2xl font-bold text-navy-900">
        Reviews
      </h2>
      <p className="mt-2 max-w-3xl text-slate-800">
        Every review a customer leaves after their repair is done, newest first, as the public pages show them. Hide one only when it is abusive or holds personal
        data: the public pages then say how many are hidden (its rating still counts), and the audit log records who hid it and why.
      </p>
      {reviews.isPending ? (
        <div role="status" className="mt-4">
          <span className="sr-only">Loading the reviews…</span>
          <Skeleton className="h-48 w-full" />
        </div>
      ) : reviews.isError ? (
        <p role="alert" className="mt-4 rounded-md border border-red-700 bg-red-50 p-3 text-red-900">
          We could not load the reviews. Please refresh the page.
        </p>
      ) : (
        <>
          <p className="mt-4 font-semibold text-navy-900">{summaryLine(reviews.data.summary)}</p>
          <ul className="mt-4 space-y-3">
            {reviews.data.items.map((review) => (
              <ReviewRow key={review.id} review={review} />
            ))}
          </ul>
          <Pager label="Review pages" page={page} pages={Math.max(1, Math.ceil(reviews.data.total / reviews.data.pageSize))} onPage={setPage} />
        </>
      )}
    </section>
  );
}
