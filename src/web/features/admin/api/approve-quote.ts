import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '../../../lib/api';
import { invalidateAdminDesk } from './admin-query-keys';

export const approveQuoteUrl = (quoteId: number) => `/api/admin/quotes/${quoteId}/approve`;

/**
 * POST /api/admin/quotes/{id}/approve with the total the admin saw (pounds): if another admin
 * changed the quote meanwhile the server answers 409 and changes nothing.
 */
export function useApproveQuote(quoteId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (adjustedAmount: string) => apiJson('POST', approveQuoteUrl(quoteId), { adjustedAmount }),
    // A 409 also refreshes, so the card shows the figures that won.
    onSettled: () => void invalidateAdminDesk(queryClient),
  });
}
