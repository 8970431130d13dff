import { useEffect, useState } from 'react';
import { Button } from '../../components/ui/button';
import { Input } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { useEnquiries } from './api/get-enquiries';
import { EnquiryTable } from './enquiry-table';

export const ENQUIRY_PAGE_SIZE = 20;
export const SEARCH_DEBOUNCE_MS = 300;

function useDebounced(value: string, delay: number): string {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return debounced;
}

/** Every enquiry, newest first: search by reference, name, e-mail or postcode; Previous/Next paging. */
export function EnquirySearch() {
  const [text, setText] = useState('');
  const [page, setPage] = useState(1);
  const search = useDebounced(text, SEARCH_DEBOUNCE_MS);
  useEffect(() => setPage(1), [search]);
  const enquiries = useEnquiries({ search, page, pageSize: ENQUIRY_PAGE_SIZE });
  const total = enquiries.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / ENQUIRY_PAGE_SIZE));

  return (
    <section aria-labelledby="all-enquiries" className="mt-10">
      <h2 id="all-enquiries" className="text-xl font-bold text-navy-900">
        All enquiries
      </h2>
      <div className="mt-3 max-w-md">
        <Label htmlFor="enquiry-search">Search by reference, name, e-mail or postcode</Label>
        <Input id="enquiry-search" type="search" value={text} maxLength={100} onChange={(event) => setText(event.target.value)} autoComplete="off" />
      </div>
      <div className="mt-4" aria-busy={enquiries.isFetching}>
        {enquiries.isError ? (
          <p role="alert" className="text-red-900">
            We could not load the enquiries. Please try again.
          </p>
        ) : enquiries.data ? (
          enquiries.data.items.length > 0 ? (
            <EnquiryTable rows={enquiries.data.items} caption="All enquiries" />
          ) : (
            <p className="text-slate-800">{search.trim() ? `No enquiries match “${search.trim()}”.` : 'No enquiries yet.'}</p>
          )
        ) : (
          <p className="text-slate-700">Loading enquiries…</p>
        )}
      </div>
      <nav aria-label="Enquiry pages" className="mt-3 flex items-center gap-3">
        <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => setPage((current) => Math.max(1, current - 1))}>
          Previous
        </Button>
        <p aria-live="polite" className="text-sm text-slate-800">
          Page {Math.min(page, pages)} of {pages}
          {enquiries.data ? ` · ${total.toLocaleString('en-GB')} ${total === 1 ? 'enquiry' : 'enquiries'}` : ''}
        </p>
        <Button variant="outline" size="sm" disabled={page >= pages} onClick={() => setPage((current) => current + 1)}>
          Next
        </Button>
      </nav>
    </section>
  );
}
