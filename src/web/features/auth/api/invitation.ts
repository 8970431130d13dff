import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiJson, getQueryFn } from '../../../lib/api';
import { MeResponseSchema } from '../../../../shared/api/auth';
import { InvitationViewSchema, type InvitationView } from '../../../../shared/api/repairer-accounts';
import { meQueryKey } from './get-me';

const invitationUrl = (token: string) => `/api/repairer-invitations/${encodeURIComponent(token)}`;

/** GET /api/repairer-invitations/{token}: the business and e-mail the link was sent for. */
export function useInvitation(token: string) {
  return useQuery<InvitationView>({ queryKey: [invitationUrl(token)], queryFn: getQueryFn({ on401: 'throw', schema: InvitationViewSchema }) });
}

/** POST /api/repairer-invitations/{token}: the account is made and signed in, cached as /api/auth/me. */
export function useAcceptInvitation(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (password: string) => apiJson('POST', invitationUrl(token), { password }, MeResponseSchema),
    onSuccess: (data) => queryClient.setQueryData(meQueryKey, data),
  });
}
