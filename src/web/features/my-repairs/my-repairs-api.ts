// Issue 38 item 1: My repairs' calls (src/server/modules/access/my-repairs.routes.ts), read as their
// schemas type them (no zod in the browser: docs/decisions/0022).
import { useMutation, useQuery, useQueryClient, type QueryFunction } from '@tanstack/react-query';
import { apiJsonAs, getQueryFn } from '../../lib/api';
import type { MyRepairs } from '../../../shared/api/my-repairs';

export const myRepairsKey = ['/api/my-repairs'] as const;

/** GET /api/my-repairs: this browser's list, or null when it holds no My repairs session (401). */
export function useMyRepairs(enabled: boolean) {
  return useQuery<MyRepairs | null>({
    queryKey: myRepairsKey,
    queryFn: getQueryFn({ on401: 'returnNull' }) as QueryFunction<MyRepairs | null>,
    enabled,
    staleTime: 0,
  });
}

/** POST /api/my-repairs/sign-in-link: 202 with the same words for any address. */
export function useAskForLink() {
  return useMutation<{ message: string }, Error, string>({
    mutationFn: (email) => apiJsonAs<{ message: string }>('POST', '/api/my-repairs/sign-in-link', { email }),
  });
}

/** POST /api/my-repairs/sign-in: uses the e-mailed link's token once; the answer is the list. */
export function useSignInByLink() {
  const queryClient = useQueryClient();
  return useMutation<MyRepairs, Error, string>({
    mutationFn: (token) => apiJsonAs<MyRepairs>('POST', '/api/my-repairs/sign-in', { token }),
    onSuccess: (list) => queryClient.setQueryData(myRepairsKey, list),
  });
}

export function useSignOut() {
  const queryClient = useQueryClient();
  return useMutation<{ message: string }, Error, 'sign-out' | 'sign-out-everywhere-else'>({
    mutationFn: (which) => apiJsonAs<{ message: string }>('POST', `/api/my-repairs/${which}`),
    onSuccess: (_answer, which) => {
      // Whatever the session opened is read again (or not at all) from now on.
      if (which === 'sign-out') {
        queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== myRepairsKey[0] });
        queryClient.setQueryData(myRepairsKey, null);
      }
    },
  });
}
