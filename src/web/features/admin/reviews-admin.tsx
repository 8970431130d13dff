import { useId, useState } from 'react';
import type { AdminReview } from '../../../shared/api/reviews';
import { hiddenCount, howReviewsAreCollected, ratingText, reviewCount, REVIEW_HIDE_REASONS, reviewHideReasonLabels, type ReviewHideReason } from '../../../shared/reviews';
import { Button } from '../../components/ui/button';
import { ConfirmButton } from '../../components/ui/confirm-button';
import { Pager } from '../../components/ui/pager';
import { Skeleton } from '../../components/ui/skeleton';
import { toast } from '../../components/ui/use-toast';
import { formatWhen } from '../../lib/format';
import { userMessageOf } from '../../lib/api';
import { AdminSubpage } from './admin-subpage';
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

export function ReviewsAdminScreen() {
  const [page, setPage] = useState(1);
  const reviews = useAdminReviews(page);
  return (
    <AdminSubpage title="Reviews" intro={`${howReviewsAreCollected} Hide a review only when it is abusive or holds personal data; the audit log records who hid it and why.`}>
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
          <p className="mt-4 font-semibold text-navy-900">
            {reviews.data.summary.averageTenths === null
              ? 'No reviews yet.'
              : `Rated ${ratingText(reviews.data.summary.averageTenths)} out of 5 from ${reviewCount(reviews.data.summary.count)}${hiddenCount(reviews.data.summary.hidden) ? ` · ${hiddenCount(reviews.data.summary.hidden)}` : ''}`}
          </p>
          <ul className="mt-4 space-y-3">
            {reviews.data.items.map((review) => (
              <ReviewRow key={review.id} review={review} />
            ))}
          </ul>
          <Pager label="Review pages" page={page} pages={Math.max(1, Math.ceil(reviews.data.total / reviews.data.pageSize))} onPage={setPage} />
        </>
      )}
    </AdminSubpage>
  );
}
