import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '../../../lib/api';
import type { MeResponse } from '../auth-types';
import { meQueryKey } from './get-me';

export type SignInInput = { email: string; password: string };

/** POST /api/auth/sign-in; on success the account is cached as the answer to /api/auth/me. */
export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SignInInput) => apiJson<MeResponse>('POST', '/api/auth/sign-in', input),
    onSuccess: (data) => {
      queryClient.setQueryData(meQueryKey, data);
    },
  });
}
