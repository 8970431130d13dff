import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '../../../lib/api';
import { AdminQuoteCardSchema } from '../../../../shared/api/admin';
import type { QuoteAdjustmentInput } from '../../../../shared/quote-adjustment';
import { invalidateAdminDesk } from './admin-query-keys';

export const updateFullQuoteUrl = (quoteId: number) => `/api/admin/quotes/${quoteId}/update-full-quote`;

/** POST /api/admin/quotes/{id}/update-full-quote: the server re-prices and answers the card. */
export function useUpdateFullQuote(quoteId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: QuoteAdjustmentInput) => apiJson('POST', updateFullQuoteUrl(quoteId), input, AdminQuoteCardSchema),
    onSuccess: () => void invalidateAdminDesk(queryClient),
  });
}
