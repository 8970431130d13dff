import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { getQueryFn } from '../../../lib/api';
import { EnquiryListSchema, type EnquiryList } from '../../../../shared/api/admin';
import { adminEnquiriesRoot } from './admin-query-keys';

export type EnquiriesQuery = { search?: string; page: number; pageSize: number };

export const enquiriesKey = ({ search, page, pageSize }: EnquiriesQuery) =>
  [...adminEnquiriesRoot, { search: search?.trim() ? search.trim() : undefined, page, pageSize }] as const;

/** GET /api/admin/enquiries: newest first, searched by reference, name, e-mail or postcode. */
export function useEnquiries(query: EnquiriesQuery) {
  return useQuery<EnquiryList>({
    queryKey: enquiriesKey(query),
    queryFn: getQueryFn({ on401: 'throw', schema: EnquiryListSchema }),
    // Paging and typing keep the last page on screen instead of flashing a skeleton.
    placeholderData: keepPreviousData,
  });
}
