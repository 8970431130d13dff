import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiJson, getQueryFn } from '../../../lib/api';
import { AdminPriceListSchema } from '../../../../shared/api/admin';
import type { PriceList } from '../../../../shared/price-list';

export const priceListUrl = '/api/admin/price-list';
export const priceListKey = [priceListUrl] as const;

/** GET /api/admin/price-list: every damage type and band the drafts are priced from (D12). */
export function usePriceList() {
  return useQuery<PriceList>({ queryKey: priceListKey, queryFn: getQueryFn({ on401: 'throw', schema: AdminPriceListSchema }) });
}

/** PUT /api/admin/price-list: replaces the whole list (validated as a whole) and answers it as stored. */
export function useSavePriceList() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (list: PriceList) => apiJson('PUT', priceListUrl, list, AdminPriceListSchema),
    onSuccess: (saved) => queryClient.setQueryData(priceListKey, saved),
  });
}
