import { useQuery } from '@tanstack/react-query';
import { typedQueryFn } from '../../../lib/api';
import { type QuoteView } from '../../../../shared/api/quotes';
import { quoteKey } from './booking-query-keys';

/** GET /api/quotes/{id}: the quote being booked and paid for, readable with the customer's grant (D10). */
export function useQuote(quoteId: string, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery<QuoteView>({
    queryKey: quoteKey(quoteId),
    queryFn: typedQueryFn<QuoteView>(),
    enabled,
  });
}
