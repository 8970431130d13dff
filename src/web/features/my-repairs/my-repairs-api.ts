// Issue 38 item 1: My repairs' calls (src/server/modules/access/my-repairs.routes.ts), read as their
// schemas type them, through TanStack Query like every other customer screen (docs/decisions/0036).
import { useMutation, useQuery, useQueryClient, type QueryFunction } from '@tanstack/react-query';
import { apiJsonAs, getQueryFn } from '../../lib/api';
import type { MyRepairs } from '../../../shared/api/my-repairs';

type Answer = { message: string };

/** The list's key: its URL, so the default query function's reader fetches it. */
export const myRepairsKey = ['/api/my-repairs'] as const;

/**
 * GET /api/my-repairs when `enabled`: this browser's list, or null when it is signed out (401).
 * Read again each time the page opens (enquiries made since appear, and a session ended elsewhere
 * shows the form); what signing in or out has just set is not read again on the same page.
 */
export function useMyRepairs(enabled: boolean) {
  return useQuery<MyRepairs | null>({
    queryKey: myRepairsKey,
    queryFn: getQueryFn({ on401: 'returnNull' }) as QueryFunction<MyRepairs | null>,
    enabled,
    refetchOnMount: 'always',
  });
}

/** POST /api/my-repairs/sign-in-link: the same "if" whatever the address. */
export const useAskForLink = () => useMutation({ mutationFn: (email: string) => apiJsonAs<Answer>('POST', '/api/my-repairs/sign-in-link', { email }) });

/** POST /api/my-repairs/sign-in: the e-mailed link's token, spent; the answer is the list. */
export function useSignInByLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (token: string) => apiJsonAs<MyRepairs>('POST', '/api/my-repairs/sign-in', { token }),
    onSuccess: (list) => queryClient.setQueryData(myRepairsKey, list),
  });
}

/**
 * POST /api/my-repairs/sign-out, or …/sign-out-everywhere-else. Signed out here, what the session
 * opened is forgotten by this tab's cache (every other read, and the calls' answers), and the list
 * becomes "signed out", so the page shows the form.
 */
export function useSignOut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (which: 'sign-out' | 'sign-out-everywhere-else') => apiJsonAs<Answer>('POST', `/api/my-repairs/${which}`),
    onSuccess: (_answer, which) => {
      if (which !== 'sign-out') return;
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== myRepairsKey[0] });
      queryClient.getMutationCache().clear();
      queryClient.setQueryData(myRepairsKey, null);
    },
  });
}
