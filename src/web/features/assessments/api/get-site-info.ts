import { useQuery } from '@tanstack/react-query';
import { getQueryFn } from '../../../lib/api';
import { SiteInfoSchema, type SiteInfo } from '../../../../shared/api/site';

export const siteInfoQueryKey = ['/api/site'] as const;

export function useSiteInfo() {
  return useQuery<SiteInfo>({ queryKey: siteInfoQueryKey, queryFn: getQueryFn({ on401: 'throw', schema: SiteInfoSchema }) });
}
