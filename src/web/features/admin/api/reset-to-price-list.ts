import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '../../../lib/api';
import { AdminQuoteCardSchema } from '../../../../shared/api/admin';
import { invalidateAdminDesk } from './admin-query-keys';

/** POST /api/admin/quotes/{id}/reset-to-price-list: redrafts the figures from today's list; answers the card. */
export function useResetToPriceList(quoteId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiJson('POST', `/api/admin/quotes/${quoteId}/reset-to-price-list`, {}, AdminQuoteCardSchema),
    onSuccess: () => void invalidateAdminDesk(queryClient),
  });
}
