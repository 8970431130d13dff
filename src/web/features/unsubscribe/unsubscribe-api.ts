import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiJson, getQueryFn } from '../../lib/api';
import { UnsubscribeViewSchema, type UnsubscribeView } from '../../../shared/api/outreach';

const unsubscribeUrl = (token: string) => `/api/unsubscribe/${encodeURIComponent(token)}`;

/** GET /api/unsubscribe/{token}: whose link it is, and whether they have already unsubscribed. */
export function useUnsubscribeLink(token: string) {
  return useQuery<UnsubscribeView>({ queryKey: [unsubscribeUrl(token)], queryFn: getQueryFn({ on401: 'throw', schema: UnsubscribeViewSchema }) });
}

/** POST /api/unsubscribe/{token}: unsubscribes; the answer replaces the cached view. */
export function useUnsubscribe(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiJson('POST', unsubscribeUrl(token), {}, UnsubscribeViewSchema),
    onSuccess: (data) => queryClient.setQueryData([unsubscribeUrl(token)], data),
  });
}
