import { useQuery } from '@tanstack/react-query';
import { getQueryFn } from '../../../lib/api';
import type { MeResponse } from '../auth-types';

export const meQueryKey = ['/api/auth/me'] as const;

/** GET /api/auth/me: the signed-in account, or null when nobody is signed in (401). */
export function useMe() {
  return useQuery<MeResponse | null>({
    queryKey: meQueryKey,
    queryFn: getQueryFn<MeResponse>({ on401: 'returnNull' }),
  });
}
