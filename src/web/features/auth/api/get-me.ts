import { useQuery } from '@tanstack/react-query';
import { getQueryFn } from '../../../lib/api';
import { MeResponseSchema, type MeResponse } from '../../../../shared/api/auth';
import { meQueryKey } from './me-query-key';

export { meQueryKey };

/** GET /api/auth/me: the signed-in account, or null when nobody is signed in (401). */
export function useMe() {
  return useQuery<MeResponse | null>({
    queryKey: meQueryKey,
    queryFn: getQueryFn({ on401: 'returnNull', schema: MeResponseSchema }),
  });
}
