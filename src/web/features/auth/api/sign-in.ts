import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '../../../lib/api';
import { MeResponseSchema, type SignInInput } from '../../../../shared/api/auth';
import { meQueryKey } from './get-me';


/** POST /api/auth/sign-in; on success the account is cached as the answer to /api/auth/me. */
export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SignInInput) => apiJson('POST', '/api/auth/sign-in', input, MeResponseSchema),
    onSuccess: (data) => {
      queryClient.setQueryData(meQueryKey, data);
    },
  });
}
