import { useMutation } from '@tanstack/react-query';
import { apiJson } from '../../../lib/api';
import { ModificationRequestViewSchema, type ModificationRequestView } from '../../../../shared/api/quotes';

export const modificationRequestsUrl = (quoteId: number) => `/api/quotes/${quoteId}/modification-requests`;

/** POST /api/quotes/{id}/modification-requests: the grant holder of an approved quote asks for a change (D21). */
export function useRequestModification(quoteId: number) {
  return useMutation<ModificationRequestView, Error, { message: string }>({
    mutationFn: (body) => apiJson('POST', modificationRequestsUrl(quoteId), body, ModificationRequestViewSchema),
  });
}
