import { useQuery } from '@tanstack/react-query';
import { getQueryFn } from '../../../lib/api';

/** GET /api/site: the few facts about the running product the browser may know. */
export type SiteInfo = {
  verifiedRepairerCount: number;
  paymentsMode: 'test' | 'stripe';
  vehicleLookupEnabled: boolean;
};

export const siteInfoQueryKey = ['/api/site'] as const;

export function useSiteInfo() {
  return useQuery<SiteInfo>({ queryKey: siteInfoQueryKey, queryFn: getQueryFn<SiteInfo>({ on401: 'throw' }) });
}
