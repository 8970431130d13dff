import { useQuery } from '@tanstack/react-query';
import { typedQueryFn } from '../../../lib/api';
import { type SiteInfo } from '../../../../shared/api/site';

export const siteInfoQueryKey = ['/api/site'] as const;

export function useSiteInfo() {
  return useQuery<SiteInfo>({ queryKey: siteInfoQueryKey, queryFn: typedQueryFn<SiteInfo>() });
}
