import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiJsonAs, isApiError } from '../../../lib/api';
import { type ModificationRequestView } from '../../../../shared/api/quotes';
import { openModificationRequestsKey } from './open-modification-requests';

export const modificationRequestsUrl = (quoteId: number) => `/api/quotes/${quoteId}/modification-requests`;

/** POST /api/quotes/{id}/modification-requests: the grant holder of an approved quote asks for a change (D21). */
export function useRequestModification(quoteId: number) {
  const queryClient = useQueryClient();
  return useMutation<ModificationRequestView, Error, { message: string }>({
    mutationFn: (body) => apiJsonAs<ModificationRequestView>('POST', modificationRequestsUrl(quoteId), body),
    // The quote page's open-request panel shows the new request.
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: openModificationRequestsKey(quoteId) }),
    // 409: the quote was booked (in another tab) while this page was open: the page shows it as it is now.
    onError: (error) => {
      if (isApiError(error) && error.status === 409) void queryClient.invalidateQueries({ queryKey: ['/api/assessments'] });
    },
  });
}
