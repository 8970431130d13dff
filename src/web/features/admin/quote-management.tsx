import { useState } from 'react';
import { Pager } from '../../components/ui/pager';
import { Skeleton } from '../../components/ui/skeleton';
import { useAdminQuotes } from './api/get-admin-quotes';
import { JobsToDispatch } from './dispatch/jobs-to-dispatch';
import { PayoutsInQuestion, ReportedProblems } from './dispatch/reported-problems';
import { UnassignedBookings } from './dispatch/unassigned-bookings';
import { UpcomingJobs } from './dispatch/upcoming-jobs';
import { EnquirySearch } from './enquiry-search';
import { AdminQuoteCard } from './quote-card';
import { RecentAssessments } from './recent-assessments';

const CARDS_PER_PAGE = 10;

/** SPEC's Quote Management tab: the cards that need the team, the 5 most recent assessments and every enquiry. */
export function QuoteManagement() {
  const [page, setPage] = useState(1);
  const quotes = useAdminQuotes({ page, pageSize: CARDS_PER_PAGE });
  const total = quotes.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / CARDS_PER_PAGE));
  return (
    <>
      <ReportedProblems />
      <PayoutsInQuestion />
      <UnassignedBookings />
      <JobsToDispatch />
      <section aria-labelledby="pending-quotes">
        <h2 id="pending-quotes" tabIndex={-1} className="text-xl font-bold text-navy-900 focus:outline-none">
          Quotes to review{quotes.data ? ` (${total.toLocaleString('en-GB')})` : ''}
        </h2>
        <p className="text-sm text-slate-700">New quotes awaiting review, and approved quotes the customer has asked to change.</p>
        <div className="mt-4 grid gap-4">
          {quotes.isError ? (
            <p role="alert" className="rounded-md border border-red-700 bg-red-50 p-3 text-red-900">
              We could not load the quotes. Please refresh the page.
            </p>
          ) : quotes.data ? (
            quotes.data.items.length ? (
              quotes.data.items.map((card) => <AdminQuoteCard key={card.quote.id} card={card} />)
            ) : (
              <p className="rounded-md bg-teal-50 p-4 text-slate-900">Nothing to review: every quote has been dealt with.</p>
            )
          ) : (
            <div role="status" className="grid gap-3">
              <span className="sr-only">Loading quotes…</span>
              <Skeleton className="h-48 w-full" />
              <Skeleton className="h-48 w-full" />
            </div>
          )}
        </div>
        <Pager label="Quote pages" page={page} pages={pages} onPage={setPage} />
      </section>
      <UpcomingJobs />
      <RecentAssessments />
      <EnquirySearch />
    </>
  );
}
