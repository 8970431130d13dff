import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '../../../lib/api';
import { AdminQuoteCardSchema } from '../../../../shared/api/admin';
import type { QuoteAdjustmentInput } from '../../../../shared/quote-adjustment';
import { invalidateAdminDesk } from './admin-query-keys';

/** POST /api/admin/quotes/{id}/revision-draft: an approved quote's revision saved, not sent (issue 37 item 7). */
export function useSaveRevisionDraft(quoteId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: QuoteAdjustmentInput) => apiJson('POST', `/api/admin/quotes/${quoteId}/revision-draft`, input, AdminQuoteCardSchema),
    onSuccess: () => void invalidateAdminDesk(queryClient),
  });
}

/** POST /api/admin/quotes/{id}/send-revision: the saved revision becomes the quote and the customer is e-mailed. */
export function useSendRevision(quoteId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiJson('POST', `/api/admin/quotes/${quoteId}/send-revision`, undefined, AdminQuoteCardSchema),
    onSuccess: () => void invalidateAdminDesk(queryClient),
  });
}
