import { useQuery } from '@tanstack/react-query';
import { getQueryFn } from '../../../lib/api';
import { AdminEnquirySchema, type AdminEnquiry } from '../../../../shared/api/admin-enquiry';
import { adminEnquiriesRoot } from '../api/admin-query-keys';

/** Under the enquiries' root key, so every change on the desk (invalidateAdminDesk) reads it again. */
export const adminEnquiryKey = (id: string) => [...adminEnquiriesRoot, id] as const;

/** GET /api/admin/enquiries/{id}: one enquiry as the team reads it (issue 33). */
export function useAdminEnquiry(id: string) {
  return useQuery<AdminEnquiry>({ queryKey: adminEnquiryKey(id), queryFn: getQueryFn({ on401: 'throw', schema: AdminEnquirySchema }), retry: false });
}
