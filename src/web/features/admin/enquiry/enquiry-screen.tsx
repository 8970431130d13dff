import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { isApiError } from '../../../lib/api';
import { focusById } from '../../../lib/focus';
import { Skeleton } from '../../../components/ui/skeleton';
import { formatWhen, quoteStatusLabel } from '../../../lib/format';
import { AdminSubpage } from '../admin-subpage';
import { useAdminEnquiry } from './get-admin-enquiry';
import { EnquiryBookings } from './enquiry-bookings';
import { EnquiryCustomer } from './enquiry-customer';
import { EnquiryQuote } from './enquiry-quote';
import { EnquiryAudit, EnquiryEmails, EnquiryOffers } from './enquiry-records';

/**
 * Issue 33: /admin/enquiries/{id}, one enquiry as the team reads it (the customer's quote page is
 * the customer's: its "Erase my data" and booking calls are not the team's). Every admin place that
 * names an enquiry by its reference links here.
 */
export function EnquiryScreen({ id }: { id: string }) {
  const enquiry = useAdminEnquiry(id);
  const { hash } = useLocation();
  const loaded = enquiry.isSuccess;
  // A link to a part of the page (the enquiry tables' Booking column) lands there once it has loaded.
  useEffect(() => {
    if (loaded && hash.length > 1) focusById(decodeURIComponent(hash.slice(1)));
  }, [loaded, hash]);
  if (enquiry.isPending) {
    return (
      <AdminSubpage title="Enquiry" intro="Loading the enquiry…">
        <div role="status" className="mt-4">
          <span className="sr-only">Loading the enquiry…</span>
          <Skeleton className="h-64 w-full" />
        </div>
      </AdminSubpage>
    );
  }
  if (enquiry.isError) {
    const missing = isApiError(enquiry.error) && enquiry.error.status === 404;
    return (
      <AdminSubpage title={missing ? 'Enquiry not found' : 'Enquiry'} intro={missing ? 'We could not find that enquiry. It may have been deleted.' : 'We could not load the enquiry.'}>
        {missing ? null : (
          <p role="alert" className="mt-4 rounded-md border border-red-700 bg-red-50 p-3 text-red-900">
            We could not load the enquiry. Please refresh the page.
          </p>
        )}
      </AdminSubpage>
    );
  }
  const { assessment } = enquiry.data;
  const quote = assessment.quote;
  return (
    <AdminSubpage
      title={`Enquiry ${assessment.reference}`}
      intro={`${assessment.name || 'Customer details erased'} · received ${formatWhen(assessment.createdAt)} · ${quote ? `quote ${quote.expired && quote.status === 'approved' ? 'expired' : quoteStatusLabel[quote.status].toLowerCase()}` : 'no quote yet'}`}
    >
      <EnquiryCustomer enquiry={enquiry.data} />
      <EnquiryQuote enquiry={enquiry.data} />
      <EnquiryBookings enquiry={enquiry.data} />
      <EnquiryOffers enquiry={enquiry.data} />
      <EnquiryEmails enquiry={enquiry.data} />
      <EnquiryAudit enquiry={enquiry.data} />
    </AdminSubpage>
  );
}
