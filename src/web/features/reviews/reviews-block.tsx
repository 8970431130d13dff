import { useEffect, useId, useState } from 'react';
import type { PublicReview, ReviewsPage } from '../../../shared/api/reviews';
import { hiddenCount, ratingText, reviewCount, REVIEWS_PAGE_SIZE } from '../../../shared/reviews';
import { AppLink } from '../../components/navigation/app-link';

// Issue 37 item 2 (docs/decisions/0034-verified-reviews-shown.md): a list of reviews read after the
// first paint (the public pages are prerendered, so their reviews are always the current ones).
// Before they arrive, and whatever a page holds, the block keeps the same height: one line of
// summary and a page of cards of fixed height, so nothing below it moves. Paging is pressed by the
// reader, so its change of content is not a layout shift. No zod here: the public pages' budget.

/** Longer comments are cut to four lines, with a button to read the rest. */
const LONG_COMMENT = 150;

function Stars({ rating }: { rating: number }) {
  return (
    <p className="flex items-center gap-2">
      <span aria-hidden="true" className="text-xl leading-7 tracking-wider text-amber-600">
        {'★'.repeat(rating)}
        <span className="text-slate-300">{'★'.repeat(5 - rating)}</span>
      </span>
      <span className="sr-only">Rated {rating} out of 5</span>
    </p>
  );
}

function ReviewCard({ review, showTechnician }: { review: PublicReview; showTechnician: boolean }) {
  const [whole, setWhole] = useState(false);
  const long = review.comment.length > LONG_COMMENT;
  const who = [review.firstName ?? 'A customer', review.town].filter(Boolean).join(', ');
  return (
    <li className={`flex flex-col rounded-lg bg-white p-5 shadow-sm ring-1 ring-slate-200 ${whole ? '' : 'h-72 overflow-hidden'}`}>
      <Stars rating={review.rating} />
      {review.comment ? (
        <blockquote className={`mt-2 text-base leading-7 text-slate-800 ${whole ? '' : 'line-clamp-4'}`}>“{review.comment}”</blockquote>
      ) : (
        <p className="mt-2 text-base leading-7 text-slate-700 italic">A rating without a comment.</p>
      )}
      {long ? (
        <button type="button" className="mt-1 self-start text-sm font-semibold text-teal-brand-dark underline underline-offset-2" aria-expanded={whole} onClick={() => setWhole(!whole)}>
          {whole ? 'Show less' : 'Read the whole review'}
        </button>
      ) : null}
      <div className="mt-auto pt-3 text-sm leading-5 text-slate-700">
        <p>
          <span className="font-semibold text-navy-900">{who}</span>
        </p>
        <p>
          {review.service} · {review.month}
        </p>
        {showTechnician ? (
          <p>
            Repaired by{' '}
            {review.technician.profilePath ? (
              <AppLink to={review.technician.profilePath} className="font-medium text-teal-brand-dark underline underline-offset-2">
                {review.technician.businessName}
              </AppLink>
            ) : (
              review.technician.businessName
            )}
          </p>
        ) : null}
      </div>
    </li>
  );
}

/** "Rated 4.6 out of 5 from 12 reviews · 1 review hidden". */
export function ratingLine(summary: ReviewsPage['summary']): string {
  const rating = ratingText(summary.averageTenths);
  if (rating === null) return 'No reviews yet';
  const hidden = hiddenCount(summary.hidden);
  return `Rated ${rating} out of 5 from ${reviewCount(summary.count)}${hidden ? ` · ${hidden}` : ''}`;
}

type State = { status: 'loading' } | { status: 'failed' } | { status: 'ready'; page: ReviewsPage };

interface ReviewsBlockProps {
  /** Reads a page of reviews (1-based); rejects when it cannot. */
  load: (page: number) => Promise<ReviewsPage>;
  /** Each card says who did the repair (not on a technician's own profile). */
  showTechnician?: boolean;
}

export function ReviewsBlock({ load, showTechnician = true }: ReviewsBlockProps) {
  const [state, setState] = useState<State>({ status: 'loading' });
  const [pageNumber, setPageNumber] = useState(1);
  const statusId = useId();
  useEffect(() => {
    let live = true;
    load(pageNumber).then(
      // Read without zod (the public pages' budget): an answer of another shape counts as none.
      (page) => live && setState(Array.isArray(page?.items) && page.summary ? { status: 'ready', page } : { status: 'failed' }),
      () => live && setState({ status: 'failed' }),
    );
    return () => {
      live = false;
    };
  }, [load, pageNumber]);

  const page = state.status === 'ready' ? state.page : null;
  const pages = page ? Math.max(1, Math.ceil(page.shown / page.pageSize)) : 1;
  const first = page && page.shown > 0 ? (page.page - 1) * page.pageSize + 1 : 0;
  const last = page ? first + page.items.length - (page.items.length > 0 ? 1 : 0) : 0;
  const slots = Array.from({ length: REVIEWS_PAGE_SIZE }, (_, i) => i);

  return (
    <div className="mt-6">
      <p className="min-h-14 text-lg leading-7 font-semibold text-navy-900 sm:min-h-7">
        {page ? ratingLine(page.summary) : state.status === 'failed' ? 'We could not load the reviews just now. Please refresh the page.' : ''}
      </p>
      <p id={statusId} role="status" className="sr-only">
        {page ? (page.shown > 0 ? `Showing reviews ${first} to ${last} of ${page.shown}, newest first` : 'No reviews to show yet') : state.status === 'loading' ? 'Loading reviews…' : ''}
      </p>
      {/* The space of one page of cards, kept while loading and on a short last page. */}
      <ul className="mt-4 grid min-h-[56rem] gap-4 md:min-h-72 md:grid-cols-3" aria-describedby={statusId}>
        {page
          ? page.items.length > 0
            ? page.items.map((review, index) => <ReviewCard key={`${page.page}-${index}`} review={review} showTechnician={showTechnician} />)
            : (
              <li className="flex h-72 items-center rounded-lg border border-dashed border-slate-300 p-5 text-slate-700">
                No reviews yet. Reviews appear here as soon as customers whose repair is done leave them.
              </li>
            )
          : slots.map((slot) => <li key={slot} aria-hidden="true" className="h-72 rounded-lg bg-slate-100" />)}
      </ul>
      {/* The pager's line is kept too, so a second page appearing moves nothing. */}
      <div className="mt-4 min-h-11">
      {page && pages > 1 ? (
        <nav aria-label="Review pages" className="flex flex-wrap items-center gap-3">
          <button type="button" className="min-h-11 rounded-md border border-slate-300 bg-white px-4 font-semibold text-navy-900 disabled:text-slate-500" disabled={page.page <= 1} onClick={() => setPageNumber(page.page - 1)}>
            Newer reviews
          </button>
          <span className="text-slate-700">
            Page {page.page} of {pages}
          </span>
          <button type="button" className="min-h-11 rounded-md border border-slate-300 bg-white px-4 font-semibold text-navy-900 disabled:text-slate-500" disabled={page.page >= pages} onClick={() => setPageNumber(page.page + 1)}>
            Older reviews
          </button>
        </nav>
      ) : null}
      </div>
    </div>
  );
}
