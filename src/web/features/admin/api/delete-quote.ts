import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api';
import { invalidateAdminDesk } from './admin-query-keys';

/** DELETE /api/admin/quotes/{id}: the whole enquiry, its photos and grants (204). */
export function useDeleteQuote(quoteId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      await apiRequest('DELETE', `/api/admin/quotes/${quoteId}`);
    },
    // Refused too (another admin deleted it meanwhile: 404): the desk shows what is there now.
    onSettled: () => void invalidateAdminDesk(queryClient),
  });
}
