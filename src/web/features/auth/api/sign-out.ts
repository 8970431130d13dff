import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { apiRequest, isApiError } from '../../../lib/api';
import { meQueryKey } from './get-me';

/**
 * POST /api/auth/sign-out, then /sign-in. The cache is cleared only once the sign-in page
 * is showing: clearing it first would let the guard redirect with a stale `next`.
 */
export function useSignOut() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: async () => {
      try {
        await apiRequest('POST', '/api/auth/sign-out');
      } catch (error) {
        // A session that has already ended is as good as signed out.
        if (!(isApiError(error) && error.status === 401)) throw error;
      }
    },
    onSuccess: async () => {
      await navigate('/sign-in', { replace: true });
      queryClient.removeQueries();
      queryClient.setQueryData(meQueryKey, null);
    },
  });
}
